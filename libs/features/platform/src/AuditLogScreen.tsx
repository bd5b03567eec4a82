import { AUDIT_SYSTEM_USER, AuditLogFilterSchema, auditActionLabel, type AuditLogEntry, type CurrentUser } from '@arrendia/api-contract';
import { formatDateTimeSeconds } from '@arrendia/locale-es';
import { zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { Button, ButtonLink, Card, DataTable, Form, ListState, MutedText, PageHeader, Pager, SelectField, TextField, useDebouncedValue } from '@arrendia/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AuditChanges } from './AuditChanges';
import { AUDIT_LOG_PAGE_SIZE, useAuditLog, useAuditLogFacets } from './useAuditLog';

/** The filters, in the order they go in the URL and in the API's query string. */
const FILTER_KEYS = ['user', 'tableName', 'action', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

/** A select's "no filter" choice (a Radix item cannot have '' as its value). */
const ALL = 'todas';
/** How long the Usuario field waits for the typing to stop before it asks the server. */
export const USER_FILTER_DELAY_MS = 300;

const FilterGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
`;

const Results = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
`;

const Summary = styled.p`
  margin-bottom: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Detail = styled.td`
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/** The filters' query string ('' values left out), with the page and size for the list. */
function queryString(filters: Filters, page?: number): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (page !== undefined) {
    params.set('page', String(page));
    params.set('pageSize', String(AUDIT_LOG_PAGE_SIZE));
  }
  return params.toString();
}

/** Usuario writes to the URL once the typing stops, not on every key. */
function useDebouncedUserFilter(current: string, apply: (value: string) => void) {
  const [text, setText] = useState(current);
  const settled = useDebouncedValue(text.trim(), USER_FILTER_DELAY_MS);
  const applyLatest = useRef(apply);
  applyLatest.current = apply;
  useEffect(() => {
    if (settled !== current) applyLatest.current(settled);
    // Only a settled change of the text moves the URL, not a URL change by other means.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [text, setText] as const;
}

function optionsOf(values: readonly string[], current: string, label: (value: string) => string) {
  // A value from the URL stays choosable even when the facets do not list it (yet).
  const all = current && !values.includes(current) ? [...values, current] : values;
  return [{ value: ALL, label: 'Todas' }, ...all.map((value) => ({ value, label: label(value) }))];
}

function EntryRows({ entry }: { entry: AuditLogEntry }) {
  const [open, setOpen] = useState(false);
  const when = formatDateTimeSeconds(entry.changedAt);
  const detailId = `audit-${entry.id}-changes`;
  const subject = `${entry.tableName} ${entry.recordId ?? ''}`.trim();
  return (
    <>
      <tr>
        <td>{when}</td>
        <td>
          {entry.user ? (
            <>
              {entry.user.name}
              <br />
              <MutedText>{entry.user.email}</MutedText>
            </>
          ) : (
            AUDIT_SYSTEM_USER
          )}
        </td>
        <td>{auditActionLabel(entry.action)}</td>
        <td>{entry.tableName}</td>
        <td>{entry.recordId ?? '—'}</td>
        <td>
          <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={open ? detailId : undefined} onClick={() => setOpen(!open)} aria-label={`${open ? 'Ocultar' : 'Ver'} cambios de ${subject} (${when})`}>
            {open ? 'Ocultar cambios' : 'Ver cambios'}
          </Button>
        </td>
      </tr>
      {open && (
        <tr id={detailId}>
          <Detail colSpan={6}>
            <AuditChanges entry={entry} label={`Cambios de ${subject} (${when})`} />
          </Detail>
        </tr>
      )}
    </>
  );
}

/**
 * /audit-log (issue 13): every change the platform recorded, filtered and paged on the server. The
 * filters live in the URL (a filtered view can be shared or reloaded) and are checked with the
 * API's own schema before the call; 'Exportar CSV' downloads the same selection.
 */
export function AuditLogScreen(_props: { user: CurrentUser | null }) {
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search.get(key) ?? ''])) as Filters;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const parsed = AuditLogFilterSchema.safeParse(filters);
  const errors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
  const log = useAuditLog(queryString(filters, page), parsed.success);
  const facets = useAuditLogFacets();

  const set = (changes: Partial<Filters> & { page?: number }) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && value !== ALL && !(key === 'page' && value === 1)) next.set(key, String(value));
          else next.delete(key);
        }
        // A new filter starts again at its first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const [userText, setUserText] = useDebouncedUserFilter(filters.user, (user) => set({ user }));
  const csvHref = `/api/admin/audit-log.csv${queryString(filters) ? `?${queryString(filters)}` : ''}`;

  return (
    <>
      <PageHeader
        title="Registro de Auditoría"
        description="Cada cambio registrado en la plataforma: quién, cuándo, qué y con qué valores."
        actions={
          parsed.success ? (
            <ButtonLink href={csvHref} $variant="outline">
              Exportar CSV
            </ButtonLink>
          ) : (
            <Button variant="outline" disabled>
              Exportar CSV
            </Button>
          )
        }
      />
      <Card>
        {/* Each filter applies as it changes (the URL is the state): submitting has nothing left to do. */}
        <Form role="search" aria-label="Filtros del registro" onSubmit={(e) => e.preventDefault()}>
          <FilterGrid>
            <TextField label="Usuario" type="search" placeholder="Nombre o correo" value={userText} onChange={(e) => setUserText(e.target.value)} error={errors.user} />
            <SelectField label="Tabla" options={optionsOf(facets.data?.tableNames ?? [], filters.tableName, (v) => v)} value={filters.tableName || ALL} onValueChange={(tableName) => set({ tableName })} error={errors.tableName} />
            <SelectField label="Acción" options={optionsOf(facets.data?.actions ?? [], filters.action, auditActionLabel)} value={filters.action || ALL} onValueChange={(action) => set({ action })} error={errors.action} />
            <TextField label="Desde" type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} error={errors.from} />
            <TextField label="Hasta" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} error={errors.to} />
          </FilterGrid>
        </Form>
      </Card>
      <Results>
        {!parsed.success ? (
          <Card role="alert">Revisa los filtros marcados</Card>
        ) : (
          <ListState read={log} loading="Cargando el registro" error="No se pudo cargar el registro de auditoría">
            {(data) => (
              <Card>
                <Summary aria-live="polite">{`${data.total} registros`}</Summary>
                {!data.rows.length ? (
                  <p>Ningún registro coincide con los filtros</p>
                ) : (
                  <DataTable aria-label="Registro de auditoría" aria-busy={log.isFetching}>
                    <thead>
                      <tr>
                        <th scope="col">Fecha</th>
                        <th scope="col">Usuario</th>
                        <th scope="col">Acción</th>
                        <th scope="col">Tabla</th>
                        <th scope="col">Registro</th>
                        <th scope="col">Cambios</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.rows.map((entry) => (
                        <EntryRows key={entry.id} entry={entry} />
                      ))}
                    </tbody>
                  </DataTable>
                )}
                <Pager page={page} total={data.total} pageSize={AUDIT_LOG_PAGE_SIZE} onPageChange={(next) => set({ page: next })} label="Páginas del registro" />
              </Card>
            )}
          </ListState>
        )}
      </Results>
    </>
  );
}

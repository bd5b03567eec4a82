import { AUDIT_CSV_MAX_ROWS, AUDIT_SYSTEM_USER, AuditLogFilterSchema, auditActionLabel, type AuditLogEntry, type CurrentUser } from '@arrendia/api-contract';
import { formatDateTimeSeconds } from '@arrendia/locale-es';
import { zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { Button, Card, DataTable, ExportCsvLink, Form, ListDateFilter, ListFilterSelect, ListSearch, MutedText, PagedList, PageHeader, SortHeader } from '@arrendia/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AuditChanges } from './AuditChanges';
import { AUDIT_LOG_FILTERS, useAuditLogFacets, useAuditLogList } from './useAuditLog';

const FilterGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
`;

const Results = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
`;

const Detail = styled.td`
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/** A select's choices: the values the log holds. */
const optionsOf = (values: readonly string[], label: (value: string) => string) => values.map((value) => ({ value, label: label(value) }));

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
 * /audit-log (issue 13): every change the platform recorded, filtered, sorted by date and paged on
 * the server (issue 33's list). The filters live in the URL (a filtered view can be shared or
 * reloaded) and are checked with the API's own schema before the call; 'Exportar CSV' downloads
 * the same selection in the same order.
 */
export function AuditLogScreen(_props: { user: CurrentUser | null }) {
  // Checked before the list asks: a filter the API would refuse is said under its field, and nothing is asked.
  const [search] = useSearchParams();
  const parsed = AuditLogFilterSchema.safeParse(Object.fromEntries(AUDIT_LOG_FILTERS.map((key) => [key, search.get(key) ?? ''])));
  const errors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
  const log = useAuditLogList(parsed.success);
  const { filters, setFilter } = log;
  const facets = useAuditLogFacets();

  return (
    <>
      <PageHeader
        title="Registro de Auditoría"
        description="Cada cambio registrado en la plataforma: quién, cuándo, qué y con qué valores."
        actions={<ExportCsvLink href={parsed.success ? log.csvHref : null} total={log.total} maxRows={AUDIT_CSV_MAX_ROWS} />}
      />
      <Card>
        {/* Each filter applies as it changes (the URL is the state): submitting has nothing left to do. */}
        <Form role="search" aria-label="Filtros del registro" onSubmit={(e) => e.preventDefault()}>
          <FilterGrid>
            <ListSearch label="Usuario" placeholder="Nombre o correo" value={filters.user} onChange={(v) => setFilter('user', v)} error={errors.user} />
            <ListFilterSelect label="Tabla" allLabel="Todas" value={filters.tableName} onChange={(v) => setFilter('tableName', v)} options={optionsOf(facets.data?.tableNames ?? [], (v) => v)} error={errors.tableName} />
            <ListFilterSelect label="Acción" allLabel="Todas" value={filters.action} onChange={(v) => setFilter('action', v)} options={optionsOf(facets.data?.actions ?? [], auditActionLabel)} error={errors.action} />
            <ListDateFilter label="Desde" value={filters.from} onChange={(v) => setFilter('from', v)} error={errors.from} />
            <ListDateFilter label="Hasta" value={filters.to} onChange={(v) => setFilter('to', v)} error={errors.to} />
          </FilterGrid>
        </Form>
      </Card>
      <Results>
        {!parsed.success ? (
          <Card role="alert">Revisa los filtros marcados</Card>
        ) : (
          <Card>
            <PagedList list={log} noun="registros" variant="inline" loading="Cargando el registro" error="No se pudo cargar el registro de auditoría" whenEmpty={<p>El registro está vacío</p>}>
              {(rows) => (
                <DataTable aria-label="Registro de auditoría" aria-busy={log.read.isFetching}>
                  <thead>
                    <tr>
                      <SortHeader list={log} field="changedAt">
                        Fecha
                      </SortHeader>
                      <th scope="col">Usuario</th>
                      <th scope="col">Acción</th>
                      <th scope="col">Tabla</th>
                      <th scope="col">Registro</th>
                      <th scope="col">Cambios</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((entry) => (
                      <EntryRows key={entry.id} entry={entry} />
                    ))}
                  </tbody>
                </DataTable>
              )}
            </PagedList>
          </Card>
        )}
      </Results>
    </>
  );
}

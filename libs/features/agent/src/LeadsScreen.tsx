import { LEAD_STATUSES, type CurrentUser, type LeadStatus } from '@arrendia/api-contract';
import { ButtonLink, Card, CardList, FilterBar, ListState, PageHeader, Pager, RowActions, SelectField, TextField, useDebouncedValue } from '@arrendia/ui';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { LeadCard } from './LeadCard';
import { LeadDetailView } from './LeadDetailView';
import { LEADS_PAGE_SIZE, useLeadsPage } from './useAgent';

/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'todos';
const STATUS_OPTIONS = [{ value: ALL, label: 'Todos los estados' }, ...LEAD_STATUSES.map((s) => ({ value: s, label: s }))];

/** The leads the user may see, searched (name or email), filtered by status and paged on the server; 'Ver' opens one. */
function LeadsList() {
  const [q, setQ] = useState('');
  // The server is asked once typing pauses, for the new words from their first page.
  const term = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<LeadStatus | null>(null);
  const [paging, setPaging] = useState({ term, status, page: 1 });
  const page = paging.term === term && paging.status === status ? paging.page : 1;
  const setPage = (next: number) => setPaging({ term, status, page: next });
  const leads = useLeadsPage({ q: term, status, page });

  return (
    <>
      <PageHeader title="Clientes Potenciales" description="Las personas que han escrito desde los anuncios de tus propiedades: su estado, su prioridad y quién las atiende." />
      <Card>
        <FilterBar $columns="minmax(220px, 2fr) minmax(180px, 1fr) auto">
          <TextField label="Buscar por nombre o email" type="search" placeholder="Nombre o email…" value={q} onChange={(e) => setQ(e.target.value)} />
          <SelectField label="Estado" options={STATUS_OPTIONS} value={status ?? ALL} onValueChange={(v) => setStatus(v === ALL ? null : (v as LeadStatus))} />
          <span aria-live="polite">{leads.data ? `${leads.data.total} clientes potenciales` : ''}</span>
        </FilterBar>
        <ListState
          read={leads}
          variant="inline"
          loading="Cargando clientes potenciales"
          error="No se pudieron cargar los clientes potenciales"
          empty={!leads.data?.rows.length}
          whenEmpty={<p>No hay clientes potenciales</p>}
        >
          {(data) => (
            <CardList aria-label="Clientes potenciales">
              {data.rows.map((lead) => (
                <LeadCard key={lead.id} lead={lead} withAgent withMessage={false}>
                  <RowActions>
                    <ButtonLink as={Link} $variant="outline" $size="sm" to={`/leads/${lead.id}`} aria-label={`Ver ${lead.name}`}>
                      Ver
                    </ButtonLink>
                  </RowActions>
                </LeadCard>
              ))}
            </CardList>
          )}
        </ListState>
        <Pager page={page} total={leads.data?.total ?? 0} pageSize={LEADS_PAGE_SIZE} onPageChange={setPage} label="Páginas de clientes potenciales" />
      </Card>
    </>
  );
}

/**
 * /leads (issue 32): the leads of the user's properties for their owner, its delegate, the agency's
 * manager and the super admin (the agent works its own on its dashboard); /leads/:id is one of them.
 */
export function LeadsScreen({ user }: { user: CurrentUser | null }) {
  return (
    <Routes>
      <Route index element={<LeadsList />} />
      <Route path=":id" element={<LeadDetailView user={user} />} />
    </Routes>
  );
}

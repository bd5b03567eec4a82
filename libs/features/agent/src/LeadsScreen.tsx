import type { CurrentUser } from '@arrendia/api-contract';
import { ButtonLink, Card, CardDescription, CardList, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, PagedList, PageHeader, RowActions } from '@arrendia/ui';
import { Link, Route, Routes } from 'react-router-dom';
import { LEAD_ORDERS, LEAD_STATUS_OPTIONS, LeadCard } from './LeadCard';
import { LeadDetailView } from './LeadDetailView';
import { useLeadList } from './useAgent';

/** The leads the user may see, searched (name or email), filtered by status, sorted and paged on the server, the state in the URL; 'Ver' opens one. */
function LeadsList() {
  const leads = useLeadList();
  const { filters, setFilter } = leads;

  return (
    <>
      <PageHeader title="Clientes Potenciales" description="Las personas que han escrito desde los anuncios de tus propiedades: su estado, su prioridad y quién las atiende." />
      <Card>
        <PagedList
          list={leads}
          exportCsv
          noun="clientes potenciales"
          variant="inline"
          loading="Cargando clientes potenciales"
          error="No se pudieron cargar los clientes potenciales"
          filters={
            <ListFilters $columns="minmax(220px, 2fr) minmax(180px, 1fr) minmax(180px, 1fr)">
              <ListSearch label="Buscar por nombre o email" placeholder="Nombre o email…" value={filters.q} onChange={(v) => setFilter('q', v)} />
              <ListFilterSelect label="Estado" allLabel="Todos los estados" value={filters.status} onChange={(v) => setFilter('status', v)} options={LEAD_STATUS_OPTIONS} />
              <ListSortSelect list={leads} options={LEAD_ORDERS} />
            </ListFilters>
          }
          whenEmpty={<CardDescription>No hay clientes potenciales</CardDescription>}
        >
          {(rows) => (
            <CardList aria-label="Clientes potenciales">
              {rows.map((lead) => (
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
        </PagedList>
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

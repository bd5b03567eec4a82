import { AGENCY_STATUSES, type AgencyRow } from '@arrendia/api-contract';
import { formatPercent } from '@arrendia/locale-es';
import { Badge, Button, Card, DataTable, ListFilters, ListFilterSelect, ListSearch, PagedList, RowActions, SortHeader } from '@arrendia/ui';
import { useState } from 'react';
import { AgencyActiveDialog } from './AgencyActiveDialog';
import { CreateAgencyDialog, EditAgencyDialog } from './AgencyFormDialog';
import { useAgencyList } from './useAgencies';
import { CreateUserDialog } from './UserFormDialog';

const STATUS_OPTIONS = AGENCY_STATUSES.map((s) => ({ value: s, label: s === 'activa' ? 'Activa' : 'Inactiva' }));

type Acting = { kind: 'edit' | 'active' | 'invite'; agency: AgencyRow } | null;

/**
 * 'Agencias' (issue 32): every agency of the platform, searched (name, CIF or email), filtered,
 * sorted and paged on the server, the state in the URL (issue 33), with 'Nueva agencia' and each
 * agency's 'Editar' and 'Activar'/'Desactivar'; an active agency's 'Invitar gerente' creates its
 * admin_agencia and hands over the password link.
 */
export function AgenciesTab() {
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<Acting>(null);
  const agencies = useAgencyList();
  const { filters, setFilter } = agencies;
  const close = () => setActing(null);

  return (
    <Card>
      <PagedList
        list={agencies}
        noun="agencias"
        variant="inline"
        loading="Cargando agencias"
        error="No se pudieron cargar las agencias"
        filters={
          <ListFilters $columns="minmax(220px, 2fr) minmax(140px, 1fr) auto">
            <ListSearch label="Buscar agencias" placeholder="Buscar por nombre, CIF o email…" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Estado" allLabel="Todas" value={filters.status} onChange={(v) => setFilter('status', v)} options={STATUS_OPTIONS} />
            <Button onClick={() => setCreating(true)}>Nueva agencia</Button>
          </ListFilters>
        }
        whenEmpty={<p>Todavía no hay agencias</p>}
      >
        {(rows) => (
          <DataTable aria-label="Agencias">
            <thead>
              <tr>
                <SortHeader list={agencies} field="nombreAgencia">
                  Agencia
                </SortHeader>
                <th scope="col">CIF</th>
                <th scope="col">Contacto</th>
                <th scope="col">Equipo</th>
                <SortHeader list={agencies} field="commissionRate">
                  Comisión
                </SortHeader>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((agency) => (
                <tr key={agency.id}>
                  <th scope="row">{agency.nombreAgencia}</th>
                  <td>{agency.cifAgencia}</td>
                  <td>
                    {agency.emailAgencia ?? '—'}
                    {agency.telefonoAgencia && <div>{agency.telefonoAgencia}</div>}
                  </td>
                  <td>
                    {agency.managers} {agency.managers === 1 ? 'gestor' : 'gestores'} · {agency.agents} {agency.agents === 1 ? 'agente' : 'agentes'}
                  </td>
                  <td>{formatPercent(agency.commissionRate, 2)}</td>
                  <td>
                    <Badge $tone={agency.isActive ? 'green' : 'grey'}>{agency.isActive ? 'Activa' : 'Inactiva'}</Badge>
                  </td>
                  <td>
                    <RowActions>
                      <Button size="sm" variant="outline" onClick={() => setActing({ kind: 'edit', agency })} aria-label={`Editar ${agency.nombreAgencia}`}>
                        Editar
                      </Button>
                      {agency.isActive && (
                        <Button size="sm" variant="outline" onClick={() => setActing({ kind: 'invite', agency })} aria-label={`Invitar gerente de ${agency.nombreAgencia}`}>
                          Invitar gerente
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant={agency.isActive ? 'destructive' : 'outline'}
                        onClick={() => setActing({ kind: 'active', agency })}
                        aria-label={`${agency.isActive ? 'Desactivar' : 'Activar'} ${agency.nombreAgencia}`}
                      >
                        {agency.isActive ? 'Desactivar' : 'Activar'}
                      </Button>
                    </RowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
      <CreateAgencyDialog open={creating} onOpenChange={setCreating} />
      <EditAgencyDialog agency={acting?.kind === 'edit' ? acting.agency : null} onClose={close} />
      <AgencyActiveDialog agency={acting?.kind === 'active' ? acting.agency : null} onClose={close} />
      <CreateUserDialog
        open={acting?.kind === 'invite'}
        onOpenChange={(next) => !next && close()}
        preset={acting?.kind === 'invite' ? { roleName: 'admin_agencia', agencyId: acting.agency.id, agencyName: acting.agency.nombreAgencia } : undefined}
      />
    </Card>
  );
}

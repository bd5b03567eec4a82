import { AGENCY_STATUSES, type AgencyRow, type AgencyStatus } from '@arrendia/api-contract';
import { formatPercent } from '@arrendia/locale-es';
import { Badge, Button, Card, DataTable, FilterBar, ListState, Pager, RowActions, SelectField, TextField, useDebouncedValue } from '@arrendia/ui';
import { useState } from 'react';
import { AgencyActiveDialog } from './AgencyActiveDialog';
import { CreateAgencyDialog, EditAgencyDialog } from './AgencyFormDialog';
import { AGENCIES_PAGE_SIZE, useAgenciesPage } from './useAgencies';
import { CreateUserDialog } from './UserFormDialog';

/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'todas';
const STATUS_OPTIONS = [{ value: ALL, label: 'Todas' }, ...AGENCY_STATUSES.map((s) => ({ value: s, label: s === 'activa' ? 'Activa' : 'Inactiva' }))];

type Acting = { kind: 'edit' | 'active' | 'invite'; agency: AgencyRow } | null;

/**
 * 'Agencias' (issue 32): every agency of the platform, searched (name, CIF or email), filtered and
 * paged on the server, with 'Nueva agencia' and each agency's 'Editar' and 'Activar'/'Desactivar';
 * an active agency's 'Invitar gerente' creates its admin_agencia and hands over the password link.
 */
export function AgenciesTab() {
  const [q, setQ] = useState('');
  // The server is asked once typing pauses, for the new words from their first page.
  const term = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<AgencyStatus | null>(null);
  const [paging, setPaging] = useState({ term, page: 1 });
  const page = paging.term === term ? paging.page : 1;
  const setPage = (next: number) => setPaging({ term, page: next });
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<Acting>(null);
  const agencies = useAgenciesPage({ q: term, status, page });
  const close = () => setActing(null);

  return (
    <Card>
      <FilterBar $columns="minmax(220px, 2fr) minmax(140px, 1fr) auto auto">
        <TextField label="Buscar agencias" type="search" placeholder="Buscar por nombre, CIF o email…" value={q} onChange={(e) => setQ(e.target.value)} />
        <SelectField
          label="Estado"
          options={STATUS_OPTIONS}
          value={status ?? ALL}
          onValueChange={(v) => {
            setStatus(v === ALL ? null : (v as AgencyStatus));
            setPage(1);
          }}
        />
        <span aria-live="polite">{agencies.data ? `${agencies.data.total} agencias` : ''}</span>
        <Button onClick={() => setCreating(true)}>Nueva agencia</Button>
      </FilterBar>
      <ListState
        read={agencies}
        variant="inline"
        loading="Cargando agencias"
        error="No se pudieron cargar las agencias"
        empty={!agencies.data?.rows.length}
        whenEmpty={<p>{term || status ? 'Ninguna agencia coincide con la búsqueda' : 'Todavía no hay agencias'}</p>}
      >
        {(data) => (
          <DataTable aria-label="Agencias">
            <thead>
              <tr>
                <th scope="col">Agencia</th>
                <th scope="col">CIF</th>
                <th scope="col">Contacto</th>
                <th scope="col">Equipo</th>
                <th scope="col">Comisión</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((agency) => (
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
      </ListState>
      <Pager page={page} total={agencies.data?.total ?? 0} pageSize={AGENCIES_PAGE_SIZE} onPageChange={setPage} label="Páginas de agencias" />
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

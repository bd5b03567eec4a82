import { USER_STATUSES, type UserRow } from '@arrendia/api-contract';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { Badge, Button, Card, DataTable, ListFilters, ListFilterSelect, ListSearch, PagedList, RowActions, SortHeader } from '@arrendia/ui';
import { useState } from 'react';
import { ActiveDialog, ResetPasswordDialog, ResetTwoFactorDialog, RoleDialog } from './UserActionDialogs';
import { EditUserDialog, ROLE_OPTIONS } from './UserFormDialog';
import { useUserList } from './useUsers';

const STATUS_OPTIONS = USER_STATUSES.map((s) => ({ value: s, label: s === 'activo' ? 'Activo' : 'Inactivo' }));

type Acting = { kind: 'edit' | 'role' | 'active' | 'reset' | 'twoFactor'; user: UserRow } | null;

const nameOf = (user: UserRow) => personName(user, user.email);

/**
 * 'Todos los Usuarios': searched (name, email or role), filtered, sorted and paged on the server,
 * the state in the URL (issue 33), with each user's actions. The signed-in admin does not
 * deactivate nor change the role of their own account.
 */
export function UsersTable({ currentUserId }: { currentUserId: number | null }) {
  const [acting, setActing] = useState<Acting>(null);
  const users = useUserList();
  const { filters, setFilter } = users;
  const close = () => setActing(null);

  return (
    <Card>
      <PagedList
        list={users}
        exportCsv
        noun="usuarios"
        variant="inline"
        loading="Cargando usuarios"
        error="No se pudieron cargar los usuarios"
        filters={
          <ListFilters $columns="minmax(220px, 2fr) minmax(160px, 1fr) minmax(140px, 1fr)">
            <ListSearch label="Buscar usuarios" placeholder="Buscar por nombre, email o rol…" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Rol" allLabel="Todos los roles" value={filters.role} onChange={(v) => setFilter('role', v)} options={ROLE_OPTIONS} />
            <ListFilterSelect label="Estado" value={filters.status} onChange={(v) => setFilter('status', v)} options={STATUS_OPTIONS} />
          </ListFilters>
        }
        whenEmpty={<p>Todavía no hay usuarios</p>}
      >
        {(rows) => (
          <DataTable aria-label="Usuarios">
            <thead>
              <tr>
                <SortHeader list={users} field="name">
                  Nombre
                </SortHeader>
                <SortHeader list={users} field="email">
                  Email
                </SortHeader>
                <th scope="col">Rol</th>
                <th scope="col">Estado</th>
                <SortHeader list={users} field="lastLogin">
                  Último acceso
                </SortHeader>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => {
                const own = user.id === currentUserId;
                return (
                  <tr key={user.id}>
                    <th scope="row">{nameOf(user)}</th>
                    <td>{user.email}</td>
                    <td>
                      <Badge $variant={user.role.roleName === 'super_admin' ? 'accent' : 'neutral'}>{user.role.label}</Badge>
                      {user.agency && <div>{user.agency.name}</div>}
                    </td>
                    <td>
                      <Badge $tone={user.isActive ? 'green' : 'grey'}>{user.isActive ? 'Activo' : 'Inactivo'}</Badge>
                    </td>
                    <td>{user.lastLogin ? formatDateTime(user.lastLogin) : 'Nunca'}</td>
                    <td>
                      <RowActions>
                        <Button size="sm" variant="outline" onClick={() => setActing({ kind: 'edit', user })} aria-label={`Editar a ${nameOf(user)}`}>
                          Editar
                        </Button>
                        {!own && (
                          <Button size="sm" variant="outline" onClick={() => setActing({ kind: 'role', user })} aria-label={`Cambiar rol de ${nameOf(user)}`}>
                            Cambiar rol
                          </Button>
                        )}
                        {!own && (
                          <Button size="sm" variant={user.isActive ? 'destructive' : 'outline'} onClick={() => setActing({ kind: 'active', user })} aria-label={`${user.isActive ? 'Desactivar' : 'Activar'} a ${nameOf(user)}`}>
                            {user.isActive ? 'Desactivar' : 'Activar'}
                          </Button>
                        )}
                        <Button size="sm" variant="outline" onClick={() => setActing({ kind: 'reset', user })} aria-label={`Restablecer contraseña de ${nameOf(user)}`}>
                          Restablecer contraseña
                        </Button>
                        {!own && user.twoFactorEnabled && (
                          <Button size="sm" variant="outline" onClick={() => setActing({ kind: 'twoFactor', user })} aria-label={`Quitar verificación en dos pasos de ${nameOf(user)}`}>
                            Quitar verificación en dos pasos
                          </Button>
                        )}
                      </RowActions>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </PagedList>
      <EditUserDialog user={acting?.kind === 'edit' ? acting.user : null} onClose={close} />
      {acting?.kind === 'role' && <RoleDialog key={acting.user.id} user={acting.user} onClose={close} />}
      <ActiveDialog user={acting?.kind === 'active' ? acting.user : null} onClose={close} />
      {acting?.kind === 'reset' && <ResetPasswordDialog user={acting.user} onClose={close} />}
      <ResetTwoFactorDialog user={acting?.kind === 'twoFactor' ? acting.user : null} onClose={close} />
    </Card>
  );
}

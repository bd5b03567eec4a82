import { USER_STATUSES, type UserRow, type UserStatus } from '@arrendia/api-contract';
import { formatDateTime, personName } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import { Badge, Button, Card, DataTable, FilterBar, ListState, Pager, RowActions, SelectField, TextField, useDebouncedValue } from '@arrendia/ui';
import { useState } from 'react';
import { ActiveDialog, ResetPasswordDialog, ResetTwoFactorDialog, RoleDialog } from './UserActionDialogs';
import { EditUserDialog, ROLE_OPTIONS } from './UserFormDialog';
import { USERS_PAGE_SIZE, useUsersPage } from './useUsers';


/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'todos';
const STATUS_OPTIONS = [{ value: ALL, label: 'Todos' }, ...USER_STATUSES.map((s) => ({ value: s, label: s === 'activo' ? 'Activo' : 'Inactivo' }))];

type Acting = { kind: 'edit' | 'role' | 'active' | 'reset' | 'twoFactor'; user: UserRow } | null;

const nameOf = (user: UserRow) => personName(user, user.email);

/**
 * 'Todos los Usuarios': searched (name, email or role), filtered and paged on the server, with
 * each user's actions. The signed-in admin does not deactivate nor change the role of their own account.
 */
export function UsersTable({ currentUserId }: { currentUserId: number | null }) {
  const [q, setQ] = useState('');
  // The server is asked once typing pauses, for the new words from their first page.
  const term = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState<RoleName | null>(null);
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [paging, setPaging] = useState({ term, page: 1 });
  const page = paging.term === term ? paging.page : 1;
  const setPage = (next: number) => setPaging({ term, page: next });
  const [acting, setActing] = useState<Acting>(null);
  const users = useUsersPage({ q: term, role, status, page });
  const close = () => setActing(null);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Card>
      <FilterBar $columns="minmax(220px, 2fr) minmax(160px, 1fr) minmax(140px, 1fr) auto">
        <TextField label="Buscar usuarios" type="search" placeholder="Buscar por nombre, email o rol…" value={q} onChange={(e) => setQ(e.target.value)} />
        <SelectField label="Rol" options={[{ value: ALL, label: 'Todos los roles' }, ...ROLE_OPTIONS]} value={role ?? ALL} onValueChange={(v) => filter(setRole)(v === ALL ? null : (v as RoleName))} />
        <SelectField label="Estado" options={STATUS_OPTIONS} value={status ?? ALL} onValueChange={(v) => filter(setStatus)(v === ALL ? null : (v as UserStatus))} />
        <span aria-live="polite">{users.data ? `${users.data.total} usuarios` : ''}</span>
      </FilterBar>
      <ListState
        read={users}
        variant="inline"
        loading="Cargando usuarios"
        error="No se pudieron cargar los usuarios"
        empty={!users.data?.rows.length}
        whenEmpty={<p>{term || role || status ? 'Ningún usuario coincide con la búsqueda' : 'Todavía no hay usuarios'}</p>}
      >
        {(data) => (
          <DataTable aria-label="Usuarios">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Email</th>
                <th scope="col">Rol</th>
                <th scope="col">Estado</th>
                <th scope="col">Último acceso</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((user) => {
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
      </ListState>
      <Pager page={page} total={users.data?.total ?? 0} pageSize={USERS_PAGE_SIZE} onPageChange={setPage} label="Páginas de usuarios" />
      <EditUserDialog user={acting?.kind === 'edit' ? acting.user : null} onClose={close} />
      {acting?.kind === 'role' && <RoleDialog key={acting.user.id} user={acting.user} onClose={close} />}
      <ActiveDialog user={acting?.kind === 'active' ? acting.user : null} onClose={close} />
      {acting?.kind === 'reset' && <ResetPasswordDialog user={acting.user} onClose={close} />}
      <ResetTwoFactorDialog user={acting?.kind === 'twoFactor' ? acting.user : null} onClose={close} />
    </Card>
  );
}

import { formatNumber } from '@arrendia/locale-es';
import { Card, DataTable, ListState, Skeleton } from '@arrendia/ui';
import { useRoleSummaries } from './useUsers';

/** 'Gestión de Roles': the six roles, what each is for and how many users hold it. */
export function RolesTab() {
  const roles = useRoleSummaries();
  return (
    <Card>
      <ListState read={roles} variant="inline" skeleton={<Skeleton height="12rem" />} error="No se pudieron cargar los roles">
        {(data) => (
          <DataTable aria-label="Roles">
            <thead>
              <tr>
                <th scope="col">Rol</th>
                <th scope="col">Descripción</th>
                <th scope="col" data-align="end">
                  Usuarios
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((role) => (
                <tr key={role.roleName}>
                  <th scope="row">
                    {role.label}
                    <div>
                      <code>{role.roleName}</code>
                    </div>
                  </th>
                  <td>{role.description}</td>
                  <td data-align="end">{formatNumber(role.userCount)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </ListState>
    </Card>
  );
}

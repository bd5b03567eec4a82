import { ACTION_ACCESS, APP_ROUTES, MENUS, ROLE_LABELS, ROLE_NAMES, ROUTE_ACCESS, type RoleName } from '@arrendia/permissions';
import { Badge, Card, CardDescription, CardTitle, DataTable, TableScroll } from '@arrendia/ui';
import { useId } from 'react';
import styled from 'styled-components';

const Section = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

/** A screen's name as the menus write it ('/users' → 'Usuarios'); the path alone when no menu lists it. */
const ROUTE_NAMES = new Map<string, string>(Object.values(MENUS).flatMap((entries) => entries.map((e) => [e.path, e.label] as const)));

/**
 * One matrix of who may do what: a row per route or action, a column per role, each cell 'Sí' or
 * 'No' in words (the colour is not the only signal). Row and column headers name every cell.
 */
function Matrix({ title, description, rowHeader, rows }: { title: string; description: string; rowHeader: string; rows: { key: string; name: string; roles: readonly RoleName[] }[] }) {
  const id = useId();
  return (
    <Section>
      <CardTitle as="h2" id={id}>
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
      <TableScroll aria-label={`Tabla: ${title}`}>
        <DataTable aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {ROLE_NAMES.map((role) => (
                <th key={role} scope="col">
                  {ROLE_LABELS[role]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                {ROLE_NAMES.map((role) => (
                  <td key={role}>{row.roles.includes(role) ? <Badge $tone="green">Sí</Badge> : <Badge $tone="grey">No</Badge>}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
    </Section>
  );
}

/** 'Permisos': the route and action tables of @arrendia/permissions, the very ones the shell and the API enforce. */
export function PermissionsTab() {
  const routes = APP_ROUTES.map((route) => ({ key: route, name: ROUTE_NAMES.has(route) ? `${ROUTE_NAMES.get(route)} (${route})` : route, roles: ROUTE_ACCESS[route] }));
  const actions = Object.entries(ACTION_ACCESS).map(([action, roles]) => ({ key: action, name: action, roles: roles as readonly RoleName[] }));
  return (
    <>
      <Matrix title="Pantallas" description="Qué pantallas abre cada rol." rowHeader="Pantalla" rows={routes} />
      <Matrix title="Acciones" description="Qué puede hacer cada rol a través de la API." rowHeader="Acción" rows={actions} />
    </>
  );
}

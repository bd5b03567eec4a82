import type { CurrentUser } from '@arrendia/api-contract';
import { formatNumber } from '@arrendia/locale-es';
import { Button, MetricCard, MetricGrid, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AgenciesTab } from './AgenciesTab';
import { PermissionsTab } from './PermissionsTab';
import { RolesTab } from './RolesTab';
import { CreateUserDialog } from './UserFormDialog';
import { UsersTable } from './UsersTable';
import { useUsersStats } from './useUsers';

function StatsCards() {
  const { data } = useUsersStats();
  const value = (n: number | undefined) => (n === undefined ? null : formatNumber(n));
  return (
    <MetricGrid>
      <MetricCard label="Total Usuarios" value={value(data?.total)} />
      <MetricCard label="Usuarios Activos" value={value(data?.active)} />
      <MetricCard label="Nuevos este Mes" value={value(data?.newThisMonth)} />
      <MetricCard label="Administradores" value={value(data?.admins)} caption="Superadministradores y administradores de agencia" />
    </MetricGrid>
  );
}

const TABS = ['users', 'roles', 'permissions', 'agencies'] as const;
type Tab = (typeof TABS)[number];

/**
 * /users for the super admin (spec §2, issue 13): the real figures, every user searched, filtered,
 * sorted and paged on the server with their actions, the roles, the permission matrices and the
 * agencies (issue 32). The tab is in the URL (`?tab=agencies`) with its list's state, so back,
 * reload and a shared link open the same list. /users?nuevo=1 (the admin dashboard's quick action)
 * opens 'Crear Usuario' at once.
 */
export function UsersScreen({ user }: { user: CurrentUser | null }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'users';
  const setTab = (next: string) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next === 'users') params.delete('tab');
      else params.set('tab', next);
      return params;
    });
  const [creating, setCreatingState] = useState(search.get('nuevo') === '1');
  const setCreating = (next: boolean) => {
    setCreatingState(next);
    if (!next && search.has('nuevo')) {
      search.delete('nuevo');
      setSearch(search, { replace: true });
    }
  };
  return (
    <>
      <PageHeader title="Usuarios" description="Las cuentas de la plataforma, sus roles y lo que cada rol puede hacer." actions={<Button onClick={() => setCreating(true)}>Crear Usuario</Button>} />
      <StatsCards />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Secciones de usuarios">
          <TabsTrigger value="users">Todos los Usuarios</TabsTrigger>
          <TabsTrigger value="roles">Gestión de Roles</TabsTrigger>
          <TabsTrigger value="permissions">Permisos</TabsTrigger>
          <TabsTrigger value="agencies">Agencias</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTable currentUserId={user?.id ?? null} />
        </TabsContent>
        <TabsContent value="roles">
          <RolesTab />
        </TabsContent>
        <TabsContent value="permissions">
          <PermissionsTab />
        </TabsContent>
        <TabsContent value="agencies">
          <AgenciesTab />
        </TabsContent>
      </Tabs>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

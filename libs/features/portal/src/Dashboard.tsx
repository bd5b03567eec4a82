import type { CurrentUser } from '@arrendia/api-contract';
import { dashboardKindFor } from '@arrendia/permissions';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import { Card, CardDescription, CardTitle, PageHeader } from '@arrendia/ui';

/** The role's dashboard heading (spec §2) and a greeting; the panels arrive with the portal issues. */
export function Dashboard({ user }: { user: CurrentUser | null }) {
  const title = DASHBOARD_TITLES[dashboardKindFor(user?.role?.roleName)];
  const name = user?.firstName?.trim() || 'Usuario';
  return (
    <>
      <PageHeader title={title} description={`Hola, ${name}. Te damos la bienvenida a Arrendia.`} />
      <Card as="section" aria-label="Estado del panel">
        <CardTitle as="h2">Tu panel se está preparando</CardTitle>
        <CardDescription>Muy pronto verás aquí el resumen de tu actividad con tus datos reales.</CardDescription>
      </Card>
    </>
  );
}

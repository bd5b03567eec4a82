import type { CurrentUser } from '@arrendia/api-contract';
import { LoadError, PageHeader, SkeletonCard, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BillingTab } from './BillingTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { useSettings } from './useSettings';

/** A tab a portal adds to its users' settings (the owner's portfolio delegation). */
export interface ExtraSettingsTab {
  value: string;
  label: string;
  content: ReactNode;
}

const TABS = [
  { value: 'perfil', label: 'Perfil' },
  { value: 'notificaciones', label: 'Notificaciones' },
  { value: 'seguridad', label: 'Seguridad' },
  { value: 'facturacion', label: 'Facturación' },
] as const;

/**
 * /settings for every role (spec §2, issue 13): tabs Perfil, Notificaciones, Seguridad and
 * Facturación saved on the server, plus any tab the portal adds. The open tab is in the URL
 * (?tab=seguridad), so a notification can link straight to it.
 */
export function SettingsScreen({ extraTabs = [] }: { user?: CurrentUser | null; extraTabs?: readonly ExtraSettingsTab[] }) {
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const tabs = [...TABS, ...extraTabs];
  const requested = params.get('tab');
  const tab = tabs.some((t) => t.value === requested) ? requested! : 'perfil';
  const select = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Configuración" description="Gestiona tu perfil, tus notificaciones, la seguridad de tu cuenta y tu plan." />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="Secciones de la configuración">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {settings.isPending ? (
          <SkeletonCard label="Cargando tu configuración" rows={6} />
        ) : settings.isError ? (
          <LoadError retry={settings}>No se pudo cargar tu configuración</LoadError>
        ) : (
          <>
            <TabsContent value="perfil">
              <ProfileTab profile={settings.data.profile} />
            </TabsContent>
            <TabsContent value="notificaciones">
              <NotificationsTab notifications={settings.data.notifications} />
            </TabsContent>
            <TabsContent value="seguridad">
              <SecurityTab security={settings.data.security} />
            </TabsContent>
            <TabsContent value="facturacion">
              <BillingTab billing={settings.data.billing} />
            </TabsContent>
          </>
        )}
        {extraTabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.content}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

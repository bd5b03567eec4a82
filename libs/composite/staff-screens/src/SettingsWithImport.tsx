import type { CurrentUser } from '@arrendia/api-contract';
import { SettingsScreen, type ExtraSettingsTab } from '@arrendia/feature-settings';
import { can } from '@arrendia/permissions';
import { lazyScreen } from '@arrendia/portal-runtime';
import { SkeletonCard } from '@arrendia/ui';
import { Suspense } from 'react';

// The import screen loads when its tab is opened, not with the settings.
const ImportPanel = lazyScreen(() => import('@arrendia/feature-imports').then(({ ImportPanel }) => ImportPanel));

/** 'Importar datos' (?tab=importar, issue 35) for a role that may import: none for the others. */
export function importTabs(user: CurrentUser | null): ExtraSettingsTab[] {
  if (!can(user?.role?.roleName, 'imports:write')) return [];
  const content = (
    <Suspense fallback={<SkeletonCard label="Cargando la importación" rows={4} />}>
      <ImportPanel user={user} />
    </Suspense>
  );
  return [{ value: 'importar', label: 'Importar datos', content }];
}

/** /settings of the agency and super admin portals: every user's tabs, plus 'Importar datos' for those who may import. */
export function SettingsWithImport({ user }: { user: CurrentUser | null }) {
  return <SettingsScreen user={user} extraTabs={importTabs(user)} />;
}

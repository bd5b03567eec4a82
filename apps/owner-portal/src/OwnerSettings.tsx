import type { CurrentUser } from '@arrendia/api-contract';
import { OwnerDelegationsPanel } from '@arrendia/feature-delegation';
import { SettingsScreen } from '@arrendia/feature-settings';
import { can } from '@arrendia/permissions';
import { lazyScreen } from '@arrendia/portal-runtime';
import { SkeletonCard } from '@arrendia/ui';
import { Suspense } from 'react';

const DELEGATION_TAB = [{ value: 'delegacion', label: 'Delegación', content: <OwnerDelegationsPanel /> }];

// The import screen (issue 35) loads when its tab is opened, not with the settings.
const ImportPanel = lazyScreen(() => import('@arrendia/feature-imports').then(({ ImportPanel }) => ImportPanel));

/** 'Importar datos' (?tab=importar) for an owner who may import (not a delegated owner). */
const importTab = (user: CurrentUser | null) => ({
  value: 'importar',
  label: 'Importar datos',
  content: (
    <Suspense fallback={<SkeletonCard label="Cargando la importación" rows={4} />}>
      <ImportPanel user={user} />
    </Suspense>
  ),
});

/**
 * /settings of the owner portal: every user's four tabs, plus who may manage the portfolio on the
 * owner's behalf (issue 11) and importing a portfolio from a spreadsheet (issue 35).
 */
export function OwnerSettings({ user }: { user: CurrentUser | null }) {
  const tabs = can(user?.role?.roleName, 'imports:write') ? [...DELEGATION_TAB, importTab(user)] : DELEGATION_TAB;
  return <SettingsScreen user={user} extraTabs={tabs} />;
}

import type { CurrentUser } from '@arrendia/api-contract';
import { OwnerDelegationsPanel } from '@arrendia/feature-delegation';
import { SettingsScreen } from '@arrendia/feature-settings';

const DELEGATION_TAB = [{ value: 'delegacion', label: 'Delegación', content: <OwnerDelegationsPanel /> }];

/** /settings of the owner portal: every user's four tabs, plus who may manage the portfolio on the owner's behalf (issue 11). */
export function OwnerSettings({ user }: { user: CurrentUser | null }) {
  return <SettingsScreen user={user} extraTabs={DELEGATION_TAB} />;
}

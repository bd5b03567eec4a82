import type { CurrentUser } from '@arrendia/api-contract';
import { OwnerDelegationsPanel } from '@arrendia/feature-delegation';
import { PageHeader } from '@arrendia/ui';

/**
 * /settings of the owner portal. Today it holds the portfolio delegation (issue 11); the profile,
 * notification, security and billing tabs of spec §2 come with issue 13.
 */
export function OwnerSettings(_props: { user: CurrentUser | null }) {
  return (
    <>
      <PageHeader title="Configuración" description="Gestiona quién puede administrar tu cartera en tu nombre." />
      <OwnerDelegationsPanel />
    </>
  );
}

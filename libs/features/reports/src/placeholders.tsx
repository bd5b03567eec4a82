import type { CurrentUser } from '@arrendia/api-contract';
import { SECTION_IN_PREPARATION } from '@arrendia/remote-contract';
import { PageHeader } from '@arrendia/ui';

/** Placeholder until the screen is built (issue 6). */
export function ReportsScreen(_props: { user: CurrentUser | null }) {
  return <PageHeader title="ReportsScreen" description={SECTION_IN_PREPARATION} />;
}

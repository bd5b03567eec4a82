import type { CurrentUser } from '@arrendia/api-contract';
import { FinancesScreen } from '@arrendia/feature-finances';
import { RentChargesPanel } from '@arrendia/feature-payments';

/** Finances with the month's rent charges to confirm (issue 12). */
export const FinancesWithCharges = ({ user }: { user: CurrentUser | null }) => (
  <>
    <FinancesScreen user={user} />
    <RentChargesPanel user={user} />
  </>
);

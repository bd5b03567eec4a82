import type { CurrentUser } from '@arrendia/api-contract';
import { ContractsScreen } from '@arrendia/feature-contracts';
import { RentChargesPanel } from '@arrendia/feature-payments';
import { recordDocuments } from './recordDocuments';

/** Contracts with each contract's rent charges under its detail (issue 12: confirm reception there) and its documents (issue 33). */
export const ContractsWithCharges = ({ user }: { user: CurrentUser | null }) => (
  <ContractsScreen user={user} detailExtra={(id) => <RentChargesPanel user={user} contractId={id} />} documents={recordDocuments(user)} />
);

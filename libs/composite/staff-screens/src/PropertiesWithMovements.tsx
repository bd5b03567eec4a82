import type { CurrentUser } from '@arrendia/api-contract';
import { TransactionRowActions } from '@arrendia/feature-finances';
import { PropertiesScreen } from '@arrendia/feature-properties';

/** Properties whose detail lists each movement with 'Editar' and 'Eliminar' (issue 33: corrected or deleted with a reason). */
export const PropertiesWithMovements = ({ user }: { user: CurrentUser | null }) => (
  <PropertiesScreen user={user} transactionActions={(item) => <TransactionRowActions user={user} item={item} />} />
);

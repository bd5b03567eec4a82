import type { CurrentUser } from '@arrendia/api-contract';
import { PropertyMovements, TransactionRowActions } from '@arrendia/feature-finances';
import { PropertiesScreen } from '@arrendia/feature-properties';
import { can } from '@arrendia/permissions';
import { recordDocuments } from './recordDocuments';

/**
 * Properties whose detail lists every movement, paged and filtered, each with 'Editar' and
 * 'Eliminar' (issue 33: corrected or deleted with a reason), for whoever reads transactions (an
 * agent keeps the detail's own list), and the documents of the property and of each unit.
 */
export const PropertiesWithMovements = ({ user }: { user: CurrentUser | null }) => (
  <PropertiesScreen
    user={user}
    transactionActions={(item) => <TransactionRowActions user={user} item={item} />}
    movements={can(user?.role?.roleName, 'transactions:read') ? (propertyId) => <PropertyMovements user={user} propertyId={propertyId} /> : undefined}
    documents={recordDocuments(user)}
  />
);

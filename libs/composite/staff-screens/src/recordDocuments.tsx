import type { CurrentUser, DocumentRecord } from '@arrendia/api-contract';
import { RecordDocuments, type RecordDocumentsPlacement } from '@arrendia/feature-documents';
import { can } from '@arrendia/permissions';

/**
 * What the detail pages of properties, units, contracts, incidents and tenants show as their
 * 'Documentos' (issue 33, point 3): the documents feature's RecordDocuments. None for a user who may
 * not read documents (a delegated owner): the contract page then keeps the list its detail carries.
 */
export function recordDocuments(user: CurrentUser | null) {
  if (!can(user?.role?.roleName, 'documents:read')) return undefined;
  return (record: DocumentRecord, placement?: RecordDocumentsPlacement) => <RecordDocuments user={user} record={record} placement={placement} />;
}

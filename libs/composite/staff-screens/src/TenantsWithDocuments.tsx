import type { CurrentUser } from '@arrendia/api-contract';
import { TenantsScreen } from '@arrendia/feature-tenants';
import { recordDocuments } from './recordDocuments';

/** Tenants, each row with the tenant's documents behind 'Documentos' (issue 33). */
export const TenantsWithDocuments = ({ user }: { user: CurrentUser | null }) => <TenantsScreen user={user} documents={recordDocuments(user)} />;

import type { CurrentUser } from '@arrendia/api-contract';
import { IncidentsScreen } from '@arrendia/feature-incidents';
import { recordDocuments } from './recordDocuments';

/** Incidents whose detail shows the incident's documents, with 'Adjuntar documento' (issue 33). */
export const IncidentsWithDocuments = ({ user }: { user: CurrentUser | null }) => <IncidentsScreen user={user} documents={recordDocuments(user)} />;

import type { CurrentUser } from '@arrendia/api-contract';
import { Route, Routes } from 'react-router-dom';
import { IncidentDetailView, type DocumentsSlot } from './IncidentDetailView';
import { IncidentList } from './IncidentList';

/** /incidents (the list) and /incidents/:id (one incident with its history and, where the portal composes them, its documents). */
export function IncidentsScreen({ user, documents }: { user: CurrentUser | null; documents?: DocumentsSlot }) {
  return (
    <Routes>
      <Route index element={<IncidentList user={user} />} />
      <Route path=":id" element={<IncidentDetailView user={user} documents={documents} />} />
    </Routes>
  );
}

import type { CurrentUser } from '@arrendia/api-contract';
import { Route, Routes } from 'react-router-dom';
import { IncidentDetailView } from './IncidentDetailView';
import { IncidentList } from './IncidentList';

/** /incidents (the list) and /incidents/:id (one incident with its history). */
export function IncidentsScreen({ user }: { user: CurrentUser | null }) {
  return (
    <Routes>
      <Route index element={<IncidentList user={user} />} />
      <Route path=":id" element={<IncidentDetailView user={user} />} />
    </Routes>
  );
}

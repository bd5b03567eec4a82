/** @jest-environment jsdom */
import type { IncidentListItem, IncidentStatus } from '@arrendia/api-contract';
import { failsOnce, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { IncidentsScreen } from './IncidentsScreen';
import { LatestIncidentsCard } from './LatestIncidentsCard';

const item = (id: number, status: IncidentStatus): IncidentListItem => ({
  incident: {
    id, rentableUnitId: 3, contractId: null, reportedByUserId: 1, assignedToUserId: null, title: `Incidencia ${id}`, description: 'Gotea el grifo',
    status, priority: 'Media', incidentCategory: 'Fontanería', costEstimate: null, finalCost: null, resolutionNotes: null, closedAt: null,
    createdAt: '2026-03-05T09:07:00Z', updatedAt: '2026-03-05T09:07:00Z',
  },
  unit: { id: 3, unitName: 'Ático A' },
  property: { id: 7, propertyName: 'Edificio Olivo' },
  reporter: { firstName: 'Tomás', lastName: 'Ruiz' },
});

const tenant = userWithRole('inquilino');
/** The tenant's dashboard card, with /incidents behind its links as in the tenant portal. */
const dashboardAt = () =>
  renderAt(
    <Routes>
      <Route path="dashboard" element={<LatestIncidentsCard />} />
      <Route path="incidents/*" element={<IncidentsScreen user={tenant} />} />
    </Routes>,
    '/dashboard',
  );

describe('LatestIncidentsCard', () => {
  it('shows the 3 newest incidents with their real status, each opening its page', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?pageSize=3': () => [item(4, 'En Progreso'), item(3, 'Abierta'), item(2, 'Cerrada'), item(1, 'Resuelta')] });
    dashboardAt();
    const card = await screen.findByRole('region', { name: 'Mis Incidencias' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/incidents/4', '/incidents/3', '/incidents/2']);
    expect(rows[0]).toHaveTextContent('En Progreso');
    expect(within(card).queryByText('Todo en orden')).toBeNull();
  });

  it("with none says 'Todo en orden' and its 'Reportar Incidencia' opens the form (spec §4)", async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?pageSize=3': () => [], 'GET /api/contracts?pageSize=100': () => [] });
    dashboardAt();
    const card = await screen.findByRole('region', { name: 'Mis Incidencias' });
    expect(await within(card).findByText('Todo en orden')).toBeVisible();
    await userEvent.click(within(card).getByRole('link', { name: 'Reportar Incidencia' }));
    expect(await screen.findByRole('dialog', { name: 'Reportar Nueva Incidencia' })).toBeVisible();
  });

  it('says when the incidents could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?pageSize=3': failsOnce([item(1, 'Abierta')]) });
    dashboardAt();
    const card = await screen.findByRole('region', { name: 'Mis Incidencias' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudieron cargar las incidencias');
    await userEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByRole('link', { name: 'Incidencia 1' })).toBeVisible();
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});

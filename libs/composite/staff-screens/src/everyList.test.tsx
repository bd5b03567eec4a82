/** @jest-environment jsdom */
import { AuditLogScreen, IndexValuesScreen, OutboxScreen } from '@arrendia/feature-platform';
import { UsersScreen } from '@arrendia/feature-users';
import { fakeResponse, renderAt, userWithRole } from '@arrendia/testing';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ContractsWithCharges } from './ContractsWithCharges';
import { DocumentsScreen } from './DocumentsScreen';
import { FinancesWithCharges } from './FinancesWithCharges';
import { IncidentsWithDocuments } from './IncidentsWithDocuments';
import { PropertiesWithMovements } from './PropertiesWithMovements';
import { TenantsWithDocuments } from './TenantsWithDocuments';
import { propertyDetailFixture } from './testing/fixtures';

const owner = userWithRole('propietario_individual');
const admin = userWithRole('super_admin');
const agent = userWithRole('agente');

/**
 * A server with no rows: every list answers an empty page (X-Total-Count 0), the property page its
 * property, anything else an empty object.
 */
function emptyServer() {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url).split('?')[0]!;
    if (path === '/api/properties/4') return fakeResponse(200, propertyDetailFixture());
    if (/\/\d+$/.test(path) || path.endsWith('/facets') || path.endsWith('/summary') || path.endsWith('/metrics')) return fakeResponse(200, {});
    return fakeResponse(200, [], { 'X-Total-Count': '0' });
  }) as unknown as typeof fetch;
}

/**
 * Issue 33: one list component for every table. Each screen that shows one of the product's lists
 * is rendered and the shared PagedList (a region named 'Lista de …') is found in it.
 */
// The portals load these three lazily (screens.tsx): so does the test.
const agentLib = () => import('@arrendia/feature-agent');
const maintenanceLib = () => import('@arrendia/feature-maintenance');
const messagesLib = () => import('@arrendia/feature-messages');

const SCREENS: [list: string, screen: () => ReactElement | Promise<ReactElement>, path: string, route: string][] = [
  ['propiedades', () => <PropertiesWithMovements user={owner} />, '/properties', '/properties/*'],
  ['unidades', () => <PropertiesWithMovements user={owner} />, '/properties/4', '/properties/*'],
  ['contratos', () => <ContractsWithCharges user={owner} />, '/contracts', '/contracts/*'],
  ['inquilinos', () => <TenantsWithDocuments user={owner} />, '/tenants', '*'],
  ['transacciones', () => <FinancesWithCharges user={owner} />, '/finances', '*'],
  ['recibos', () => <FinancesWithCharges user={owner} />, '/finances', '*'],
  ['incidencias', () => <IncidentsWithDocuments user={owner} />, '/incidents', '/incidents/*'],
  ['documentos', () => <DocumentsScreen user={owner} />, '/documents', '*'],
  ['tareas', async () => { const { MaintenanceScreen } = await maintenanceLib(); return <MaintenanceScreen user={owner} />; }, '/maintenance', '*'],
  ['proveedores', async () => { const { MaintenanceScreen } = await maintenanceLib(); return <MaintenanceScreen user={owner} />; }, '/maintenance?tab=providers', '*'],
  ['planes', async () => { const { MaintenanceScreen } = await maintenanceLib(); return <MaintenanceScreen user={owner} />; }, '/maintenance?tab=plans', '*'],
  ['clientes potenciales', async () => { const { LeadsScreen } = await agentLib(); return <LeadsScreen user={owner} />; }, '/leads', '/leads/*'],
  ['visitas', async () => { const { AgentDashboard } = await agentLib(); return <AgentDashboard user={agent} />; }, '/dashboard?tab=visits', '*'],
  ['usuarios', () => <UsersScreen user={admin} />, '/users', '*'],
  ['agencias', () => <UsersScreen user={admin} />, '/users?tab=agencies', '*'],
  ['registros', () => <AuditLogScreen user={admin} />, '/audit-log', '*'],
  ['correos', () => <OutboxScreen user={admin} />, '/outbox', '*'],
  ['valores', () => <IndexValuesScreen user={admin} />, '/index-values', '*'],
  ['conversaciones', async () => { const { MessagesScreen } = await messagesLib(); return <MessagesScreen user={owner} />; }, '/messages', '*'],
];

describe('every list is the one PagedList (issue 33)', () => {
  it.each(SCREENS)('the %s list', async (noun, draw, path, route) => {
    emptyServer();
    renderAt(await draw(), path, route);
    const list = await screen.findByRole('region', { name: `Lista de ${noun}` }, { timeout: 5000 });
    expect(list).toHaveAttribute('data-list', 'paged');
  });
});

/** @jest-environment jsdom */
import type { AdminOverview } from '@arrendia/api-contract';
import { formatEuros, formatPercent } from '@arrendia/locale-es';
import { answer, failsOnce, pending, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureAxe } from 'jest-axe';
import { AdminDashboard } from './AdminDashboard';

const overview: AdminOverview = {
  cards: { properties: 32, activeUsers: 118, occupancyRate: 87.5, openIncidents: 7 },
  alerts: [
    { kind: 'remote_down', severity: 'critica', title: 'El módulo owner-portal no responde', message: 'El manifiesto respondió 502 (comprobado el 26/11/2026 09:00)', link: '/modules' },
    { kind: 'rent_overdue', severity: 'alta', title: '2 recibos de alquiler vencidos', message: '1.200,75 € sin cobrar con la fecha de pago ya pasada', link: '/finances' },
  ],
  team: [{ agencyId: 4, name: 'Alfa Inmobiliaria', agents: 3, units: 40, occupancyRate: 66.7, activeContracts: 26, contractsSignedThisMonth: 2, openIncidents: 1, commissionsThisMonth: '1234.56' }],
  activity: [
    { id: 9, who: 'Marta Gil', what: 'Propiedad Ático Chamberí creada', when: '2026-11-26T08:30:00.000Z', link: '/properties/3' },
    { id: 8, who: null, what: 'Módulo owner-portal desactivado', when: '2026-11-25T17:00:00.000Z', link: null },
  ],
};

describe('AdminDashboard', () => {
  it('shows the four platform cards, the alerts with their links, the team and the activity', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/overview': () => overview });
    renderAt(<AdminDashboard user={userWithRole('super_admin')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard Administrativo' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Propiedades' })).toHaveTextContent('32'));
    expect(screen.getByRole('group', { name: 'Usuarios Activos' })).toHaveTextContent('118');
    expect(screen.getByRole('group', { name: 'Ocupación Global' })).toHaveTextContent('87,5 %');
    expect(screen.getByRole('group', { name: 'Incidencias Abiertas' })).toHaveTextContent('7');

    const alerts = within(screen.getByRole('region', { name: 'Alertas Críticas' }));
    expect(alerts.getByRole('link', { name: 'El módulo owner-portal no responde' })).toHaveAttribute('href', '/modules');
    expect(alerts.getByRole('link', { name: '2 recibos de alquiler vencidos' })).toHaveAttribute('href', '/finances');
    expect(alerts.getByText('Crítica')).toBeVisible();
    expect(alerts.getByText('1.200,75 € sin cobrar con la fecha de pago ya pasada')).toBeVisible();

    const alfa = screen.getByRole('rowheader', { name: 'Alfa Inmobiliaria' }).closest('tr')!;
    expect(within(alfa).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '40', formatPercent(66.7), '26', '2', '1', formatEuros('1234.56')]);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Agencia', 'Agentes', 'Unidades', 'Ocupación', 'Contratos activos', 'Firmados este mes', 'Incidencias abiertas', 'Comisiones del mes']);

    const activity = within(screen.getByRole('region', { name: 'Actividad del Sistema' }));
    const created = activity.getByRole('link', { name: 'Propiedad Ático Chamberí creada' });
    expect(created).toHaveAttribute('href', '/properties/3');
    expect(created.closest('li')).toHaveTextContent('Marta Gil · 26/11/2026 09:30');
    expect(activity.getByText('Módulo owner-portal desactivado').closest('li')).toHaveTextContent('Sistema · 25/11/2026 18:00');

    const results = await configureAxe({ rules: { region: { enabled: false } } })(document.body);
    expect(results.violations).toEqual([]);
  });

  it('links the quick actions to creating a user, the reports and the properties', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/overview': () => overview });
    renderAt(<AdminDashboard user={null} />);
    const actions = within(screen.getByRole('region', { name: 'Acciones Rápidas' }));
    expect(actions.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Crear Usuario', '/users?nuevo=1'],
      ['Generar Reporte', '/reports'],
      ['Gestionar Propiedades', '/properties'],
    ]);
  });

  it("says 'Sin alertas críticas' when nothing is wrong", async () => {
    global.fetch = routedFetch({ 'GET /api/admin/overview': () => ({ ...overview, alerts: [] }) });
    renderAt(<AdminDashboard user={null} />);
    expect(await within(screen.getByRole('region', { name: 'Alertas Críticas' })).findByText('Sin alertas críticas')).toBeVisible();
  });

  it('shows skeletons while loading and a Spanish message when the overview fails', async () => {
    pending();
    const { unmount } = renderAt(<AdminDashboard user={null} />);
    expect(screen.getByRole('group', { name: 'Propiedades' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Cargando alertas' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Cargando equipo' })).toBeInTheDocument();
    unmount();

    global.fetch = routedFetch({ 'GET /api/admin/overview': () => answer(500, { error: 'internal_error', message: 'Error interno del servidor' }) });
    renderAt(<AdminDashboard user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el resumen de la plataforma');
  });

  it('says when the overview could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/overview': failsOnce(overview) });
    renderAt(<AdminDashboard user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el resumen de la plataforma');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Propiedades' })).toHaveTextContent('32'));
    expect(screen.getByRole('link', { name: 'El módulo owner-portal no responde' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

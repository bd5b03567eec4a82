/** @jest-environment jsdom */
import type { AgencyOverview } from '@arrendia/api-contract';
import { renderAt, routedFetch } from '@arrendia/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { AgencyOverviewPanels, AgencyQuickActions } from './AgencyOverviewPanels';

const overview: AgencyOverview = {
  properties: 12, units: 40, occupancyRate: 87.5, collectedThisMonth: '15750.00', commissionRate: '8.00', monthlyCommissions: '1260.00', activeIncidents: 3,
  alerts: [{ kind: 'contract_ending', title: 'El contrato CTR-1 termina el 10/12/2026', detail: 'Edificio Huertas · Ático: dentro del plazo de preaviso', href: '/contracts/1' }],
  team: [{ id: 9, firstName: 'Carmen', lastName: 'Romero', properties: 4, leadsThisMonth: 6, visitsThisMonth: 2 }],
};

describe('AgencyOverviewPanels', () => {
  it("shows the agency's figures, each alert linking to its record, and the team", async () => {
    global.fetch = routedFetch({ 'GET /api/agency/overview': () => overview });
    renderAt(<AgencyOverviewPanels user={null} />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Comisiones del Mes' })).toHaveTextContent('1.260,00 €'));
    expect(screen.getByRole('group', { name: 'Comisiones del Mes' })).toHaveTextContent('8,00 % de 15.750,00 € cobrados');
    expect(screen.getByRole('group', { name: 'Cartera Gestionada' })).toHaveTextContent('12 propiedades40 unidades');
    expect(screen.getByRole('group', { name: 'Ocupación Global' })).toHaveTextContent('87,5 %');
    expect(screen.getByRole('group', { name: 'Incidencias Activas' })).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'El contrato CTR-1 termina el 10/12/2026' })).toHaveAttribute('href', '/contracts/1');
    const carmen = screen.getByRole('rowheader', { name: 'Carmen Romero' }).closest('tr')!;
    expect(within(carmen).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '6', '2']);
  });

  it('offers the quick actions of spec §2, each opening what it says', () => {
    renderAt(<AgencyQuickActions user={null} />);
    const actions = within(screen.getByRole('region', { name: 'Acciones Rápidas' }));
    expect(actions.getByRole('link', { name: 'Nuevo Contrato' })).toHaveAttribute('href', '/contracts?nuevo=1');
    expect(actions.getByRole('link', { name: 'Gestionar Inquilinos' })).toHaveAttribute('href', '/tenants');
    expect(actions.getByRole('link', { name: 'Inspeccionar Propiedades' })).toHaveAttribute('href', '/maintenance');
  });
});

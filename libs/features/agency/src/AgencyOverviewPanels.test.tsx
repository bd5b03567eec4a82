/** @jest-environment jsdom */
import type { AgencyOverview } from '@arrendia/api-contract';
import { failsOnce, renderAt, routedFetch } from '@arrendia/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { AgencyOverviewPanels, AgencyQuickActions } from './AgencyOverviewPanels';
import { findToast } from '@arrendia/testing';
import userEvent from '@testing-library/user-event';
import { formatEuros } from '@arrendia/locale-es';
import type { CurrentUser } from '@arrendia/api-contract';

const manager: CurrentUser = {
  id: 3, email: 'manager@demo.arrendia.es', firstName: 'Marta', lastName: 'Gil', telefono: null, nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, agencyId: 1,
  role: { roleId: 3, roleName: 'admin_agencia' },
  emailVerified: true,
};

const overview: AgencyOverview = {
  properties: 12, units: 40, occupancyRate: 87.5, collectedThisMonth: '15750.00', commissionRate: '8.00', monthlyCommissions: '1260.00', activeIncidents: 3,
  alerts: [{ kind: 'contract_ending', title: 'El contrato CTR-1 termina el 10/12/2026', detail: 'Edificio Huertas · Ático: dentro del plazo de preaviso', href: '/contracts/1' }],
  team: [{ id: 9, firstName: 'Carmen', lastName: 'Romero', properties: 4, leadsThisMonth: 6, visitsThisMonth: 2, monthlyTarget: '3500.00' }],
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
    expect(within(carmen).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '6', '2', formatEuros('3500.00')]);
    // Only the agency manager changes the settings.
    expect(screen.queryByRole('button', { name: /^Cambiar comisión|^Editar objetivo/ })).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/agency/overview': failsOnce(overview) });
    renderAt(<AgencyOverviewPanels user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las cifras de la agencia');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Comisiones del Mes' })).toHaveTextContent('1.260,00 €'));
    expect(screen.getByRole('link', { name: 'El contrato CTR-1 termina el 10/12/2026' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lets the agency manager change the commission rate and an agent's target, validated before sending", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const fetch = routedFetch({
      'GET /api/agency/overview': () => overview,
      'PATCH /api/agency': (init) => {
        calls.push({ url: '/api/agency', body: JSON.parse(String(init?.body)) });
        return { id: 1, commissionRate: '10.50' };
      },
      'PATCH /api/agents/9': (init) => {
        calls.push({ url: '/api/agents/9', body: JSON.parse(String(init?.body)) });
        return { id: 9, monthlyTarget: '4000.00' };
      },
    });
    global.fetch = fetch;
    renderAt(<AgencyOverviewPanels user={manager} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar comisión de la agencia' }));
    let dialog = await screen.findByRole('dialog', { name: 'Comisión de la agencia' });
    const rate = within(dialog).getByLabelText('Comisión (%)');
    expect(rate).toHaveValue(8);
    await userEvent.clear(rate);
    await userEvent.type(rate, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La comisión debe estar entre 0 y 100 %')).toBeVisible();
    expect(calls).toEqual([]);
    await userEvent.clear(rate);
    await userEvent.type(rate, '10.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await findToast('Comisión actualizada')).toBeVisible();
    expect(calls).toEqual([{ url: '/api/agency', body: { commissionRate: 10.5 } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Editar objetivo de Carmen Romero' }));
    dialog = await screen.findByRole('dialog', { name: 'Objetivo mensual de Carmen Romero' });
    const target = within(dialog).getByLabelText('Objetivo mensual (€)');
    await userEvent.clear(target);
    await userEvent.type(target, '4000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await findToast('Objetivo actualizado')).toBeVisible();
    expect(calls[1]).toEqual({ url: '/api/agents/9', body: { monthlyTarget: 4000 } });
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/agency/overview').length).toBeGreaterThanOrEqual(3);
  });

  it('offers the quick actions of spec §2, each opening what it says', () => {
    renderAt(<AgencyQuickActions user={null} />);
    const actions = within(screen.getByRole('region', { name: 'Acciones Rápidas' }));
    expect(actions.getByRole('link', { name: 'Nuevo Contrato' })).toHaveAttribute('href', '/contracts?nuevo=1');
    expect(actions.getByRole('link', { name: 'Gestionar Inquilinos' })).toHaveAttribute('href', '/tenants');
    expect(actions.getByRole('link', { name: 'Inspeccionar Propiedades' })).toHaveAttribute('href', '/maintenance');
  });
});

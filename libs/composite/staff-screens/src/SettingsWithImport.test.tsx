/** @jest-environment jsdom */
import { renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { screen } from '@testing-library/react';
import { SettingsWithImport } from './SettingsWithImport';

// The tabs and the import panel only: the settings themselves never arrive (a 404), which they do not need.
beforeEach(() => {
  global.fetch = routedFetch({ 'GET /api/imports?page=1&pageSize=10': () => [] });
});

describe('SettingsWithImport (/settings of the agency and super admin portals)', () => {
  it.each(['admin_agencia', 'super_admin'])('gives %s the tab «Importar datos», which ?tab=importar opens', async (role) => {
    renderAt(<SettingsWithImport user={userWithRole(role)} />, '/settings?tab=importar');
    expect(screen.getByRole('tab', { name: 'Importar datos' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Sube tu archivo' })).toBeVisible();
  });

  it('gives an agent, who may not import, no such tab', () => {
    renderAt(<SettingsWithImport user={userWithRole('agente')} />, '/settings?tab=importar');
    expect(screen.queryByRole('tab', { name: 'Importar datos' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
  });
});

/** @jest-environment jsdom */
import type { CurrentUser, TenantInvitationPreview } from '@arrendia/api-contract';
import { answer as fakeAnswer, routedFetch } from '@arrendia/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hardNavigate } from '../navigation';
import { renderSite } from '../test-utils';

jest.mock('../navigation', () => ({ ...jest.requireActual('../navigation'), hardNavigate: jest.fn() }));

const TOKEN = 'abcdefghijklmnopqrstuvwx';
const PREVIEW = `GET /api/tenant-invitations/${TOKEN}`;
const ACCEPT = `POST /api/tenant-invitations/${TOKEN}/accept`;
const preview = (over: Partial<TenantInvitationPreview> = {}): TenantInvitationPreview => ({
  email: 'ines@example.com', propertyName: 'Edificio Olivo', unitName: 'Ático A', expiresAt: '2026-12-02T10:00:00Z', accountExists: false, ...over,
});
const signedIn = (email: string): CurrentUser => ({
  id: 7, email, firstName: 'Inés', lastName: 'Prueba', telefono: null, nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, agencyId: null,
  role: { roleId: 6, roleName: 'inquilino' },
  emailVerified: true,
});
const bodies = (mock: jest.Mock, key: string) => mock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).map(([, init]) => JSON.parse(String(init?.body ?? '{}')));

beforeEach(() => (hardNavigate as jest.Mock).mockReset());

describe('/invitacion/:token', () => {
  it('signed out: creates the account with name and password and enters the portal', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview(), [ACCEPT]: () => fakeAnswer(201, {}) });
    global.fetch = fetch;
    await renderSite(`/invitacion/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Edificio Olivo · Ático A' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Inés');
    await userEvent.type(screen.getByLabelText('Apellidos'), 'Prueba');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave-de-prueba-1');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta y entrar' }));
    expect(bodies(fetch, ACCEPT)).toEqual([{ firstName: 'Inés', lastName: 'Prueba', password: 'clave-de-prueba-1' }]);
    expect(hardNavigate).toHaveBeenCalledWith('/dashboard');
  });

  it('signed in as the invited email: one button links the contract to that account (no password asked)', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview({ accountExists: true }), [ACCEPT]: () => fakeAnswer(201, {}) });
    global.fetch = fetch;
    await renderSite(`/invitacion/${TOKEN}`, signedIn('Ines@Example.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Vincular contrato' }));
    expect(bodies(fetch, ACCEPT)).toEqual([{}]);
    expect(hardNavigate).toHaveBeenCalledWith('/dashboard');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi panel' })).toHaveAttribute('href', '/dashboard');
  });

  it('signed in as someone else: says whose the invitation is and offers to sign out, accepting nothing', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview(), 'POST /api/auth/logout': () => fakeAnswer(204) });
    global.fetch = fetch;
    await renderSite(`/invitacion/${TOKEN}`, signedIn('owner@demo.arrendia.es'));
    expect(await screen.findByText(/Has iniciado sesión como owner@demo.arrendia.es, pero esta invitación es para ines@example.com/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([PREVIEW, 'POST /api/auth/logout']);
    expect(hardNavigate).toHaveBeenCalledWith(`/invitacion/${TOKEN}`);
  });
});

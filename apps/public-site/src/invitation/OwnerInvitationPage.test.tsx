/** @jest-environment jsdom */
import { INVITATION_USED, OWNER_INVITATION_MESSAGES, type CurrentUser, type OwnerInvitationPreview } from '@arrendia/api-contract';
import { answer as fakeAnswer, routedFetch } from '@arrendia/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hardNavigate } from '../navigation';
import { renderSite } from '../test-utils';

jest.mock('../navigation', () => ({ ...jest.requireActual('../navigation'), hardNavigate: jest.fn() }));

const TOKEN = 'abcdefghijklmnopqrstuvwx';
const PREVIEW = `GET /api/owner-invitations/${TOKEN}`;
const ACCEPT = `POST /api/owner-invitations/${TOKEN}/accept`;
const preview = (over: Partial<OwnerInvitationPreview> = {}): OwnerInvitationPreview => ({
  email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Propietaria', agencyName: 'Inmobiliaria Sol', expiresAt: '2026-12-02T10:00:00Z', accountExists: false, ...over,
});
const signedIn = (email: string): CurrentUser => ({
  id: 8, email, firstName: 'Olivia', lastName: 'Propietaria', telefono: null, nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, agencyId: null,
  role: { roleId: 2, roleName: 'propietario_individual' },
  emailVerified: true,
});
const bodies = (mock: jest.Mock, key: string) => mock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).map(([, init]) => JSON.parse(String(init?.body ?? '{}')));

beforeEach(() => (hardNavigate as jest.Mock).mockReset());

describe('/invitacion-propietario/:token', () => {
  it('signed out: shows the agency, starts from the names the agency gave, creates the owner account and enters the panel', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview(), [ACCEPT]: () => fakeAnswer(200, {}) });
    global.fetch = fetch;
    await renderSite(`/invitacion-propietario/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitación de Inmobiliaria Sol' })).toBeVisible();
    expect(screen.getByText(/Te invitan a gestionar tus propiedades con Inmobiliaria Sol\. Crea tu cuenta de propietario para aceptar\./)).toBeVisible();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Olivia');
    expect(screen.getByLabelText('Apellidos')).toHaveValue('Propietaria');
    await userEvent.clear(screen.getByLabelText('Apellidos'));
    await userEvent.type(screen.getByLabelText('Apellidos'), 'Propietaria Gil');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave-de-prueba-1');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta y aceptar' }));
    expect(bodies(fetch, ACCEPT)).toEqual([{ firstName: 'Olivia', lastName: 'Propietaria Gil', password: 'clave-de-prueba-1' }]);
    expect(hardNavigate).toHaveBeenCalledWith('/dashboard');
  });

  it('signed out with an existing account: says to sign in with that email, with no form', async () => {
    global.fetch = routedFetch({ [PREVIEW]: () => preview({ accountExists: true }) });
    await renderSite(`/invitacion-propietario/${TOKEN}`);
    expect(await screen.findByText(/Ya tienes una cuenta con olivia@example.com: inicia sesión con ese correo/)).toBeVisible();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
  });

  it('signed in as the invited email: one button accepts with an empty body', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview({ accountExists: true }), [ACCEPT]: () => fakeAnswer(200, {}) });
    global.fetch = fetch;
    await renderSite(`/invitacion-propietario/${TOKEN}`, signedIn('Olivia@Example.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar invitación' }));
    expect(bodies(fetch, ACCEPT)).toEqual([{}]);
    expect(hardNavigate).toHaveBeenCalledWith('/dashboard');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
  });

  it('signed in with an account that is not an owner: shows the refusal of the server and stays', async () => {
    const refusal = OWNER_INVITATION_MESSAGES.wrongRole('Inquilino');
    const fetch = routedFetch({ [PREVIEW]: () => preview({ accountExists: true }), [ACCEPT]: () => fakeAnswer(409, { error: 'conflict', message: refusal }) });
    global.fetch = fetch;
    await renderSite(`/invitacion-propietario/${TOKEN}`, signedIn('olivia@example.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar invitación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('a used link shows the Spanish message of the server (410) and no form', async () => {
    global.fetch = routedFetch({ [PREVIEW]: () => fakeAnswer(410, { error: 'gone', message: INVITATION_USED }) });
    await renderSite(`/invitacion-propietario/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_USED);
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear cuenta y aceptar' })).not.toBeInTheDocument();
  });
});

/** @jest-environment jsdom */
import { PASSWORD_RESET_USED, type PasswordResetPreview } from '@arrendia/api-contract';
import { answer, routedFetch } from '@arrendia/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hardNavigate } from '../navigation';
import { renderSite } from '../test-utils';

jest.mock('../navigation', () => ({ ...jest.requireActual('../navigation'), hardNavigate: jest.fn() }));

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const PREVIEW = `GET /api/password-resets/${TOKEN}`;
const USE = `POST /api/password-resets/${TOKEN}`;
const preview: PasswordResetPreview = { email: 'marta@example.com', expiresAt: '2026-12-02T10:00:00Z' };
const bodies = (mock: jest.Mock) => mock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === USE).map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => (hardNavigate as jest.Mock).mockReset());

describe('/restablecer/:token', () => {
  it('sets the new password and sends the user to the login dialog', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview, [USE]: () => ({ email: preview.email }) });
    global.fetch = fetch;
    await renderSite(`/restablecer/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Restablecer contraseña', level: 1 })).toBeVisible();
    expect(await screen.findByText(/Cuenta: marta@example.com\. .*caduca el 02\/12\/2026 11:00/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'una-clave-nueva');
    await userEvent.type(screen.getByLabelText('Repite la contraseña'), 'una-clave-nueva');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(bodies(fetch)).toEqual([{ password: 'una-clave-nueva' }]);
    expect(hardNavigate).toHaveBeenCalledWith('/?login=1');
  });

  it('refuses a short password and a confirmation that differs, in Spanish, without calling the API', async () => {
    const fetch = routedFetch({ [PREVIEW]: () => preview });
    global.fetch = fetch;
    await renderSite(`/restablecer/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'corta');
    await userEvent.type(screen.getByLabelText('Repite la contraseña'), 'otra');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeVisible();
    expect(bodies(fetch)).toEqual([]);
  });

  it('says so when the link was already used, with no form', async () => {
    global.fetch = routedFetch({ [PREVIEW]: () => answer(410, { error: 'password_reset_used', message: PASSWORD_RESET_USED }) });
    await renderSite(`/restablecer/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_USED);
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });
});

/** @jest-environment jsdom */
import { EMAIL_VERIFICATION_EXPIRED, EMAIL_VERIFICATION_USED, EMAIL_VERIFIED, emailChangedTo } from '@arrendia/api-contract';
import { makeUser, routedFetch } from '@arrendia/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderSite } from '../test-utils';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const CONFIRM = `POST /api/auth/verify-email/${TOKEN}`;
const posts = (fetch: jest.Mock) => fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET').map(([url, init]) => `${init?.method} ${String(url)}`);

describe('/verificar-correo/:token', () => {
  it('sends nothing on load (a mail scanner opening the link does not use it); the button confirms the address', async () => {
    const fetch = routedFetch({ [CONFIRM]: () => ({ purpose: 'verify', email: 'nueva@example.com', message: EMAIL_VERIFIED }) });
    global.fetch = fetch;
    await renderSite(`/verificar-correo/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Confirmar correo electrónico', level: 1 })).toBeVisible();
    expect(posts(fetch)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_VERIFIED);
    expect(posts(fetch)).toEqual([CONFIRM]);
    expect(screen.queryByRole('button', { name: 'Confirmar mi correo' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/?login=1');
  });

  it('says the address changed when the link was for a new one, and a signed-in person goes back to the panel', async () => {
    global.fetch = routedFetch({ [CONFIRM]: () => ({ purpose: 'change', email: 'otra@example.com', message: emailChangedTo('otra@example.com') }) });
    await renderSite(`/verificar-correo/${TOKEN}`, makeUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar mi correo' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Tu correo electrónico ha cambiado a otra@example.com');
    // Beside the message (the site's header has its own link to the panel).
    expect(within(status.parentElement!).getByRole('link', { name: 'Ir a mi panel' })).toHaveAttribute('href', '/dashboard');
  });

  it.each([
    ['an expired', 'email_verification_expired', EMAIL_VERIFICATION_EXPIRED],
    ['a used', 'email_verification_used', EMAIL_VERIFICATION_USED],
  ])('says why %s link (410) is refused, with a link to sign in', async (_what, error, message) => {
    global.fetch = routedFetch({ [CONFIRM]: () => answer(410, { error, message }) });
    await renderSite(`/verificar-correo/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/?login=1');
  });
});

/** @jest-environment jsdom */
import { VERIFICATION_RESENDS_USED, verificationSentTo } from '@arrendia/api-contract';
import { renderAt } from '@arrendia/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, makeUser, routedFetch } from '../test-utils';
import { EmailVerificationBanner } from './EmailVerificationBanner';

const RESEND = 'POST /api/auth/verify-email/resend';
const unconfirmed = makeUser({ email: 'nueva@example.com', emailVerified: false });
const banner = () => screen.getByRole('region', { name: 'Confirmación del correo electrónico' });
const calls = (fetch: jest.Mock, key: string) => fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

describe('EmailVerificationBanner', () => {
  it('shows nothing once the address is confirmed', () => {
    global.fetch = routedFetch({});
    renderAt(<EmailVerificationBanner user={makeUser({ emailVerified: true })} />);
    expect(screen.queryByRole('region', { name: 'Confirmación del correo electrónico' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar correo' })).toBeNull();
  });

  it('names the unconfirmed address, and sends nothing until asked', () => {
    const fetch = routedFetch({});
    global.fetch = fetch;
    renderAt(<EmailVerificationBanner user={unconfirmed} />);
    expect(banner()).toHaveTextContent('Confirma tu correo electrónico: te hemos enviado un enlace a nueva@example.com.');
    expect(within(banner()).getByRole('status')).toHaveTextContent('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("'Reenviar correo' asks for a new link and the status line says where it went", async () => {
    const fetch = routedFetch({ [RESEND]: () => ({ purpose: 'verify', email: 'nueva@example.com', message: verificationSentTo('nueva@example.com') }) });
    global.fetch = fetch;
    renderAt(<EmailVerificationBanner user={unconfirmed} />);
    await userEvent.click(within(banner()).getByRole('button', { name: 'Reenviar correo' }));
    expect(await within(banner()).findByRole('status')).toHaveTextContent('Te hemos enviado un enlace a nueva@example.com. Revisa tu bandeja de entrada.');
    expect(calls(fetch, RESEND)).toHaveLength(1);
  });

  it("shows the server's Spanish message when too many links were asked for (429)", async () => {
    global.fetch = routedFetch({ [RESEND]: () => answer(429, { error: 'rate_limited', message: VERIFICATION_RESENDS_USED }) });
    renderAt(<EmailVerificationBanner user={unconfirmed} />);
    await userEvent.click(within(banner()).getByRole('button', { name: 'Reenviar correo' }));
    expect(await within(banner()).findByText(VERIFICATION_RESENDS_USED)).toHaveAttribute('role', 'status');
    // The button stays: the person may try again later.
    expect(within(banner()).getByRole('button', { name: 'Reenviar correo' })).toBeEnabled();
  });
});

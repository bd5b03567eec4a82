/** @jest-environment jsdom */
import { createQueryClient } from '@arrendia/api-client';
import { resetToasts, ThemeProvider, toast } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { answer, makeUser, routedFetch } from '../test-utils';
import { DeferredToaster } from './DeferredToaster';

const region = () => screen.queryByRole('region', { name: /Notificaciones/ });

async function renderToaster(signedIn: boolean) {
  global.fetch = routedFetch({
    'GET /api/auth/user': () => (signedIn ? answer(200, makeUser()) : answer(401, { error: 'unauthorized', message: 'No has iniciado sesión' })),
  }) as unknown as typeof fetch;
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider initialMode="light">
          <DeferredToaster />
        </ThemeProvider>
      </QueryClientProvider>,
    );
  });
}

afterEach(() => act(() => resetToasts()));

describe('DeferredToaster', () => {
  it('mounts no toast region for a visitor who has neither clicked nor typed', async () => {
    await renderToaster(false);
    expect(region()).toBeNull();
  });

  it("mounts the region, still empty, on a visitor's first key press: ready before the first toast", async () => {
    await renderToaster(false);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: /Notificaciones/ })).toBeInTheDocument();
    expect(region()!.querySelector('ol')!.textContent).toBe('');
  });

  it('mounts it on the first click', async () => {
    await renderToaster(false);
    fireEvent.pointerDown(document.body);
    expect(await screen.findByRole('region', { name: /Notificaciones/ })).toBeInTheDocument();
  });

  it('mounts it at once for a signed-in user', async () => {
    await renderToaster(true);
    expect(await screen.findByRole('region', { name: /Notificaciones/ })).toBeInTheDocument();
  });

  it('shows a toast queued before anything mounted it', async () => {
    await renderToaster(false);
    act(() => {
      toast({ title: 'Error de autenticación', description: 'Error de login', variant: 'destructive' });
    });
    expect(await screen.findByText('Error de autenticación')).toBeVisible();
  });
});

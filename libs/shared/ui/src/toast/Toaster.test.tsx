/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Dialog } from '../components/Dialog';
import { Toaster, TOAST_DURATION, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from './Toaster';
import { resetToasts, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, useToast } from './toastStore';

expect.extend(toHaveNoViolations);

afterEach(() => {
  act(() => resetToasts());
  jest.useRealTimers();
});

describe('Toaster and useToast', () => {
  it('shows a toast called from outside React, its text present once (no duplicate announcement)', async () => {
    renderWithTheme(<Toaster />);
    act(() => {
      toast({ title: 'Error de autenticación', description: 'Credenciales incorrectas', variant: 'destructive' });
    });
    // Radix renders its separate announcement a frame later; let it.
    for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    // Substring matching, as Playwright's getByText does: one element only, or e2e strict mode fails.
    expect(screen.getAllByText((text) => text.includes('Error de autenticación'))).toHaveLength(1);
    expect(screen.getAllByText((text) => text.includes('Credenciales incorrectas'))).toHaveLength(1);
    // The viewport is the polite live region that reads it.
    const viewport = screen.getByRole('region', { name: /Notificaciones/ }).querySelector('ol')!;
    expect(viewport.getAttribute('aria-live')).toBe('polite');
    expect(viewport.textContent).toContain('Error de autenticación');
  });

  it('stays readable by screen readers while a modal dialog hides the rest of the page', () => {
    renderWithTheme(
      <>
        <div id="app">
          <Toaster />
        </div>
        <Dialog open title="Iniciar Sesión" />
      </>,
    );
    act(() => {
      toast({ title: 'Error de autenticación', variant: 'destructive' });
    });
    expect(document.querySelector('[data-aria-hidden]')).not.toBeNull(); // the modal did hide others
    expect(screen.getByText('Error de autenticación').closest('[aria-hidden="true"]')).toBeNull();
  });

  it('shows one toast at a time: the newest replaces the previous', () => {
    expect(TOAST_LIMIT).toBe(1);
    renderWithTheme(<Toaster />);
    act(() => {
      toast({ title: 'Primero' });
      toast({ title: 'Segundo' });
    });
    expect(screen.queryByText('Primero')).toBeNull();
    expect(screen.getByText('Segundo')).toBeVisible();
  });

  it('closes itself after 5000 ms and drops the entry after 1,000,000 ms', () => {
    jest.useFakeTimers();
    let seen: ReturnType<typeof useToast>['toasts'] = [];
    function Spy() {
      seen = useToast().toasts;
      return null;
    }
    renderWithTheme(
      <>
        <Toaster />
        <Spy />
      </>,
    );
    act(() => {
      toast({ title: 'Cuenta creada exitosamente', description: 'Ya puedes iniciar sesión con tus credenciales' });
    });
    act(() => jest.advanceTimersByTime(4900));
    expect(seen[0].open).toBe(true);
    act(() => jest.advanceTimersByTime(200));
    expect(seen[0].open).toBe(false);
    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY));
    expect(seen).toHaveLength(0);
  });

  it('has the spec §9 constants: 5000 ms, F8, a 50 px swipe, at most 420 px wide', () => {
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_HOTKEY).toEqual(['F8']);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    renderWithTheme(<Toaster />);
    act(() => {
      toast({ title: 'Preferencias actualizadas' });
    });
    const viewport = screen.getByRole('region', { name: /Notificaciones/ }).querySelector('ol')!;
    expect(getComputedStyle(viewport).maxWidth).toBe('420px');
  });

  it('moves focus to the notifications with F8', () => {
    renderWithTheme(<Toaster />);
    act(() => {
      toast({ title: 'Mensaje enviado' });
    });
    const region = screen.getByRole('region', { name: 'Notificaciones (F8)' });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('closes from its labelled close button', () => {
    renderWithTheme(<Toaster />);
    act(() => {
      toast({ title: 'Mensaje enviado' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    expect(screen.queryByText('Mensaje enviado')).toBeNull();
  });

  it('has no axe violations in either theme, default and destructive', async () => {
    await expectAccessibleInBothThemes(<Toaster />, () => {
      act(() => {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      });
    });
    await expectAccessibleInBothThemes(<Toaster />, () => {
      act(() => {
        toast({ title: 'Propiedad creada', description: 'La propiedad ha sido creada exitosamente' });
      });
    });
  });
});

/** @jest-environment jsdom */
import { resetToasts, Toaster, ThemeProvider } from '@arrendia/ui';
import { getToast } from '@arrendia/testing';
import { act, render, screen } from '@testing-library/react';
import { hardNavigate } from './navigation';
import { handleQueryError, LOGIN_PATH, resetUnauthorizedState } from './unauthorized';

jest.mock('./navigation', () => ({ hardNavigate: jest.fn() }));

beforeEach(() => {
  jest.useFakeTimers();
  resetUnauthorizedState();
  (hardNavigate as jest.Mock).mockReset();
  render(
    <ThemeProvider initialMode="light">
      <Toaster />
    </ThemeProvider>,
  );
});
afterEach(() => {
  act(() => resetToasts());
  jest.useRealTimers();
});

describe('handleQueryError', () => {
  it('shows the Unauthorized notice and goes to /api/login after 500 ms', () => {
    act(() => handleQueryError(new Error('401: {"error":"unauthorized","message":"No has iniciado sesión"}'), {}));
    expect(getToast('Unauthorized')).toHaveTextContent('You are logged out. Logging in again...');
    act(() => jest.advanceTimersByTime(499));
    expect(hardNavigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(hardNavigate).toHaveBeenCalledWith(LOGIN_PATH);
    expect(LOGIN_PATH).toBe('/api/login');
  });

  it('redirects once for a burst of 401s', () => {
    act(() => {
      handleQueryError(new Error('401: Unauthorized'), {});
      handleQueryError(new Error('401: Unauthorized'), {});
    });
    act(() => jest.advanceTimersByTime(600));
    expect(hardNavigate).toHaveBeenCalledTimes(1);
  });

  it('leaves other failures, and calls that handle their own 401, alone', () => {
    act(() => {
      handleQueryError(new Error('500: boom'), {});
      handleQueryError(new Error('401: {"message":"Credenciales incorrectas"}'), { meta: { handlesUnauthorized: true } });
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});

/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTheme } from 'styled-components';
import { THEME_STORAGE_KEY, ThemeProvider, useThemeMode } from './ThemeProvider';

function Probe() {
  const { mode, toggleMode } = useThemeMode();
  const theme = useTheme();
  return (
    <button type="button" onClick={toggleMode}>
      {mode}:{theme.colors.background}
    </button>
  );
}

function mockPrefersDark(dark: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

describe('ThemeProvider and useThemeMode', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the stored theme', () => {
    mockPrefersDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByRole('button').textContent).toBe('dark:#0b1120');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('falls back to the system dark-mode preference without storing it', () => {
    mockPrefersDark(true);
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByRole('button').textContent).toMatch(/^dark:/);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('is light with no stored value and no dark preference', () => {
    mockPrefersDark(false);
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByRole('button').textContent).toMatch(/^light:/);
  });

  it('ignores a stored value that is not a theme', () => {
    mockPrefersDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByRole('button').textContent).toMatch(/^light:/);
  });

  it('stores the choice under the key "theme" when toggled', () => {
    mockPrefersDark(false);
    render(<ThemeProvider><Probe /></ThemeProvider>);
    act(() => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toMatch(/^dark:/);
    expect(localStorage.getItem('theme')).toBe('dark');
    act(() => fireEvent.click(screen.getByRole('button')));
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('refuses to be used outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(/inside <ThemeProvider>/);
  });
});

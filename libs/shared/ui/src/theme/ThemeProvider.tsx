import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { themes, type ThemeMode } from './themes';

/** localStorage key of the chosen theme (spec §1). */
export const THEME_STORAGE_KEY = 'theme';

interface ThemeModeValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  toggleMode: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function storedMode(): ThemeMode | null {
  try {
    const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null; // storage can be blocked (privacy mode); fall back to the system preference
  }
}

/** The first theme: the stored one, else the system dark-mode preference, else light. */
export function initialThemeMode(): ThemeMode {
  const stored = storedMode();
  if (stored) return stored;
  const prefersDark = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

export interface ThemeProviderProps {
  children: ReactNode;
  /** Forces the first mode (tests, stories); otherwise `initialThemeMode()`. */
  initialMode?: ThemeMode;
  /** Renders GlobalStyle; turn off when a host already does. */
  withGlobalStyle?: boolean;
}

/** styled-components theme plus the light/dark switch. A choice is stored; the system preference is not. */
export function ThemeProvider({ children, initialMode, withGlobalStyle = true }: ThemeProviderProps) {
  const [mode, setModeState] = useState<ThemeMode>(() => initialMode ?? initialThemeMode());

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      globalThis.localStorage?.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // not stored: the choice lasts for this page only
    }
  }, []);
  const toggleMode = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  useEffect(() => {
    if (typeof document === 'undefined') return;
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  const value = useMemo(() => ({ mode, setMode, toggleMode }), [mode, setMode, toggleMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <StyledThemeProvider theme={themes[mode]}>
        {withGlobalStyle && <GlobalStyle />}
        {children}
      </StyledThemeProvider>
    </ThemeModeContext.Provider>
  );
}

/** The current theme mode and its setters; must be used under ThemeProvider. */
export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeProvider>');
  return value;
}

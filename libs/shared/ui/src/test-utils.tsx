/** Test helpers for the ui lib and its users (not exported from index). */
import { act, render, type RenderResult } from '@testing-library/react';
import { configureAxe } from 'jest-axe';
import type { ReactElement } from 'react';
import { ThemeProvider } from './theme/ThemeProvider';
import type { ThemeMode } from './theme/themes';

// A primitive is not a page: the landmark rule belongs to page-level checks (e2e).
const axe = configureAxe({ rules: { region: { enabled: false } } });

/** Renders inside the ThemeProvider; `rerender` keeps it. */
export function renderWithTheme(ui: ReactElement, mode: ThemeMode = 'light'): RenderResult {
  return render(ui, { wrapper: ({ children }) => <ThemeProvider initialMode={mode}>{children}</ThemeProvider> });
}

/**
 * Renders `ui` in the light and in the dark theme and runs axe over the whole document (Radix
 * portals render outside the container). `prepare` can open a dialog before the check.
 */
export async function expectAccessibleInBothThemes(ui: ReactElement, prepare?: (view: RenderResult) => Promise<void> | void) {
  for (const mode of ['light', 'dark'] as const) {
    const view = renderWithTheme(ui, mode);
    await prepare?.(view);
    // Let popper positioning (resolved asynchronously by floating-ui) settle before checking.
    await act(() => Promise.resolve());
    expect(document.documentElement.dataset.theme).toBe(mode);
    const results = await axe(document.body);
    expect(results).toHaveNoViolations();
    view.unmount();
  }
}

/** Test helpers for the ui lib and its users (not exported from index). */
import { act, render, type RenderResult } from '@testing-library/react';
import { configureAxe } from 'jest-axe';
import type { ReactElement } from 'react';
import { ThemeProvider } from './theme/ThemeProvider';
import type { ThemeMode } from './theme/themes';

/**
 * What Radix's popper, select and scroll area expect from a browser and jsdom does not have.
 * Installed once, when a test imports these helpers.
 */
function installDomPolyfills() {
  if (typeof window === 'undefined') return;
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
}
installDomPolyfills();

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

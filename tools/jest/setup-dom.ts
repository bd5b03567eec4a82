// DOM matchers (toBeVisible, toHaveTextContent, toHaveAttribute…) for screen tests: assertions on
// what a user sees, where `expect(getBy…()).toBeTruthy()` could never fail.
import '@testing-library/jest-dom';
// Screens rendered in jsdom and checked with axe take seconds on a busy 2-core machine (npm test
// runs three jest runs side by side): a timeout guards against a hang, it is not a budget.
// (`testTimeout` is a global option that a project's config ignores, so it is set here.)
jest.setTimeout(30_000);

// What Radix (popper, select, dialog, scroll area) expects from a browser and jsdom lacks, for every
// test that runs in jsdom.
if (typeof window !== 'undefined') {
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

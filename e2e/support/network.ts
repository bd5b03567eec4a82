import type { Page, Request } from '@playwright/test';

/** The live event stream stays open for the whole visit; it never counts as a request in flight. */
const isLiveStream = (request: Request) => request.resourceType() === 'eventsource' || new URL(request.url()).pathname === '/api/events';

/**
 * Follows a page's requests from now on, so a test can wait until a screen's data has arrived after
 * an in-app navigation: Playwright's 'networkidle' belongs to a page load and is not reached again
 * when the router changes the page without one.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (isLiveStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Resolves once no request has been in flight for `quietMs`; throws, naming them, after `timeoutMs`. */
    async settled(quietMs = 300, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`Requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

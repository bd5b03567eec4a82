/** A Response stand-in (jsdom has no fetch API); `headers` are read case-insensitively. */
export function fakeResponse(status: number, body: unknown = '', headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null } as Headers,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}

/** Short form of fakeResponse without headers. */
export const answer = (status: number, body: unknown = ''): Response => fakeResponse(status, body);

export type FakeRoutes = Record<string, (init?: RequestInit) => Response | Promise<Response>>;

/** Stubs global fetch, routing by 'METHOD url'; an unknown call fails the test. Returns the mock. */
export function serve(routes: FakeRoutes): jest.Mock {
  const mock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route(init);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

export type Routes = Record<string, (init?: RequestInit) => unknown>;

/**
 * A fetch (not installed) answering 'METHOD url' from `routes`: a value is the 200 body, a Response
 * is returned as it is; any other call gets a 404 in the API's error shape.
 */
export function routedFetch(routes: Routes): jest.Mock {
  return jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${String(url)}`];
    if (!route) return answer(404, { error: 'not_found', message: 'Ruta no encontrada' });
    const result = await route(init);
    return result && typeof result === 'object' && 'ok' in result && 'status' in result ? (result as Response) : answer(200, result);
  });
}

/** A fetch that never answers: the loading state. */
export function pending(): void {
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
}

/**
 * A route (for `routedFetch`) that fails with a 500 in the API's error shape the first time it is
 * asked and answers `body` after that: the failed load, then «Reintentar».
 */
export function failsOnce<T>(body: T): () => T | Response {
  let asked = 0;
  return () => (asked++ === 0 ? answer(500, { error: 'internal_error', message: 'Error interno del servidor' }) : body);
}

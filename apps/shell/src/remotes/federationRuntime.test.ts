/** @jest-environment jsdom */
import { createFederationRuntime, MANIFEST_FETCH_TIMEOUT_MS, SCRIPT_TIMEOUT_MS, timeoutPlugin } from './federationRuntime';

type Hook = (...args: unknown[]) => unknown;

/** A fetch that never answers, as a dead remote server would, and gives up only when its signal aborts. */
function hangingFetch() {
  return jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
  );
}

/** Records when a promise settles, so a test can say it has not settled yet. */
function watch(promise: Promise<unknown>) {
  const settled = jest.fn();
  promise.then(
    (value) => settled('resolved', value),
    (error: unknown) => settled('rejected', error),
  );
  return settled;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

// The plugins below are built with their defaults: the constants are what the shell runs with.
describe('timeoutPlugin', () => {
  it('gives up on a manifest request that hangs after the default 4 s, not before', async () => {
    expect(MANIFEST_FETCH_TIMEOUT_MS).toBe(4000);
    jest.useFakeTimers();
    const fetchMock = hangingFetch();
    global.fetch = fetchMock as unknown as typeof fetch;
    const request = (timeoutPlugin().fetch as Hook)('http://x/mf-manifest.json', { method: 'GET' }) as Promise<Response>;
    const settled = watch(request);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://x/mf-manifest.json');
    expect(init.method).toBe('GET');

    await jest.advanceTimersByTimeAsync(3999);
    expect(settled).not.toHaveBeenCalled();
    expect(init.signal!.aborted).toBe(false);

    await jest.advanceTimersByTimeAsync(1);
    await expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(init.signal!.aborted).toBe(true);
  });

  it('gives scripts the default 5 s timeout, async, and a retry parameter when a URL is asked for again', () => {
    expect(SCRIPT_TIMEOUT_MS).toBe(5000);
    const create = timeoutPlugin().createScript as Hook;
    const first = create({ url: 'http://x/remoteEntry.js', attrs: {} }) as { script: HTMLScriptElement; timeout: number };
    expect(first.timeout).toBe(5000);
    expect(first.script.src).toBe('http://x/remoteEntry.js');
    expect(first.script.hasAttribute('async')).toBe(true);
    const second = create({ url: 'http://x/remoteEntry.js', attrs: {} }) as { script: HTMLScriptElement };
    expect(second.script.src).toBe('http://x/remoteEntry.js?retry=1');
    const withQuery = create({ url: 'http://x/a.js?v=2#h', attrs: {} }) as { script: HTMLScriptElement };
    const again = create({ url: 'http://x/a.js?v=2#h', attrs: {} }) as { script: HTMLScriptElement };
    expect(withQuery.script.src).toBe('http://x/a.js?v=2#h');
    expect(again.script.src).toBe('http://x/a.js?v=2&retry=1#h');
  });

  it('leaves module scripts to the runtime, with the default timeout', () => {
    const result = (timeoutPlugin().createScript as Hook)({ url: 'http://x/e.mjs', attrs: { type: 'module' } });
    expect(result).toEqual({ timeout: 5000 });
  });
});

describe('createFederationRuntime', () => {
  it("fails a remoteEntry.js that never loads after 5 s instead of the runtime's 20 s", async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const runtime = createFederationRuntime('timeout_test_host');
    // jsdom never fetches the script, so neither load nor error fires: only the timeout ends it.
    runtime.register([{ name: 'silent_portal', entry: 'http://127.0.0.1:9/remoteEntry.js' }]);
    const loading = runtime.load('silent_portal/App');
    const settled = watch(loading);

    await jest.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toThrow(/timed out/);
  });
});

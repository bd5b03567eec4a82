/** @jest-environment jsdom */
import { MANIFEST_FETCH_TIMEOUT_MS, timeoutPlugin } from './federationRuntime';

type Hook = (...args: unknown[]) => unknown;

describe('timeoutPlugin', () => {
  it('aborts a manifest fetch that hangs past the default 4 s, and not before', async () => {
    jest.useFakeTimers();
    try {
      // A server that never answers: the request settles only when its signal aborts.
      const fetchMock = jest.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))));
      global.fetch = fetchMock as unknown as typeof fetch;
      let outcome: unknown = 'pending';
      const request = (timeoutPlugin().fetch as Hook)('http://x/mf-manifest.json', { method: 'GET' }) as Promise<unknown>;
      request.catch((error: unknown) => (outcome = error));
      await jest.advanceTimersByTimeAsync(MANIFEST_FETCH_TIMEOUT_MS - 1);
      expect(outcome).toBe('pending');
      await jest.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ name: 'TimeoutError' });
      expect(MANIFEST_FETCH_TIMEOUT_MS).toBe(4000);
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('http://x/mf-manifest.json');
      expect(init.method).toBe('GET');
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives scripts the default 5 s timeout, async, and a retry parameter when a URL is asked for again', () => {
    const plugin = timeoutPlugin();
    const create = plugin.createScript as Hook;
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

  it('leaves module scripts to the runtime', () => {
    const result = (timeoutPlugin().createScript as Hook)({ url: 'http://x/e.mjs', attrs: { type: 'module' } });
    expect(result).toEqual({ timeout: 5000 });
  });
});

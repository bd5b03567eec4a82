/** @jest-environment jsdom */
import { MANIFEST_FETCH_TIMEOUT_MS, timeoutPlugin } from './federationRuntime';

type Hook = (...args: unknown[]) => unknown;

describe('timeoutPlugin', () => {
  it('fetches manifests with an abort signal that fires after the timeout', async () => {
    expect(MANIFEST_FETCH_TIMEOUT_MS).toBe(4000);
    const fetchMock = jest.fn().mockResolvedValue('response');
    global.fetch = fetchMock;
    const timeout = jest.spyOn(AbortSignal, 'timeout');
    const plugin = timeoutPlugin(4000, 5000);
    await (plugin.fetch as Hook)('http://x/mf-manifest.json', { method: 'GET' });
    expect(timeout).toHaveBeenCalledWith(4000);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://x/mf-manifest.json');
    expect(init.method).toBe('GET');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('gives scripts a 5 s timeout, async, and a retry parameter when a URL is asked for again', () => {
    const plugin = timeoutPlugin(4000, 5000);
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

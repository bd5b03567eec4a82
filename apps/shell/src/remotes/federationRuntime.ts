import { init, loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { FederationRuntime } from './remoteLoader';

/** A manifest request that hangs fails after this long instead of spinning for ever. */
export const MANIFEST_FETCH_TIMEOUT_MS = 4000;
/** remoteEntry.js script timeout (the runtime's default is 20 s). */
export const SCRIPT_TIMEOUT_MS = 5000;

/** Adds `retry=<n>` to a URL: a new request rather than one that waits on a hung earlier one. */
function withRetryParam(url: string, attempt: number): string {
  const hashAt = url.indexOf('#');
  const [path, hash] = hashAt === -1 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  return `${path}${path.includes('?') ? '&' : '?'}retry=${attempt}${hash}`;
}

/**
 * Runtime plugin: the federation runtime fetches mf-manifest.json with no timeout and loads
 * remoteEntry.js with a 20 s one; bound both so a dead remote server fails fast. The runtime asks
 * for a script again only after it failed, and a browser may attach that request to the one still
 * hanging, so a repeated script URL gets a retry parameter.
 */
export function timeoutPlugin(fetchTimeoutMs = MANIFEST_FETCH_TIMEOUT_MS, scriptTimeoutMs = SCRIPT_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  const scriptRequests = new Map<string, number>();
  return {
    name: 'arrendia-timeouts',
    fetch(url, requestInit) {
      return fetch(url, { ...requestInit, signal: AbortSignal.timeout(fetchTimeoutMs) });
    },
    createScript({ url, attrs }) {
      const previous = scriptRequests.get(url) ?? 0;
      scriptRequests.set(url, previous + 1);
      if (typeof document === 'undefined' || attrs?.type === 'module') return { timeout: scriptTimeoutMs };
      const script = document.createElement('script');
      script.setAttribute('async', ''); // as browsers treat inserted scripts: a hung one holds nothing back
      script.src = previous === 0 ? url : withRetryParam(url, previous);
      return { script, timeout: scriptTimeoutMs };
    },
  };
}

/**
 * Joins the federation instance the bundler created for the shell (same name) and adds the
 * timeout plugin. The shell declares no remotes at build time; they are registered from the API.
 */
export function createFederationRuntime(hostName: string): FederationRuntime {
  init({ name: hostName, remotes: [], plugins: [timeoutPlugin()] });
  return {
    register: (remotes, options) => registerRemotes(remotes, options),
    load: (id) => loadRemote(id),
  };
}

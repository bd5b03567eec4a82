import type { RemoteDescriptor } from '@arrendia/api-contract';
import { federationName, REMOTE_EXPOSED_MODULE, type RemoteModule } from '@arrendia/remote-contract';

/** Overall budget for one remote: registry, manifest, remoteEntry.js and the exposed chunk. */
export const REMOTE_LOAD_TIMEOUT_MS = 5000;

/** The part of the federation runtime the loader needs (the real one wraps @module-federation/enhanced/runtime). */
export interface FederationRuntime {
  register(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  load(id: string): Promise<unknown>;
}

export interface RemoteLoaderDeps {
  /** The enabled remotes (cached for the page load by the caller). */
  getRegistry: () => Promise<RemoteDescriptor[]>;
  /** Drops the cached registry so the next load asks the API again. */
  refreshRegistry: () => void;
  runtime: FederationRuntime;
  timeoutMs?: number;
  /** Base for relative manifest URLs; location.origin in the browser. */
  origin: string;
}

export interface RemoteLoader {
  /**
   * The remote's module. The same promise every call, also once it has failed: React re-renders a
   * suspended component when its promise settles, and a fresh attempt then would loop for ever.
   */
  load(name: string): Promise<RemoteModule>;
  /** Forgets a failed attempt so the next load() tries again (on navigation or Reintentar). */
  forgetFailure(name: string): void;
}

/** Why a remote could not be shown; the fallback is the same whatever the reason. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: 'not-registered' | 'timeout' | 'invalid-module' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(`remote ${remote}: ${reason}`, options);
    this.name = 'RemoteLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(remote, 'timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function isRemoteModule(value: unknown): value is RemoteModule {
  return typeof value === 'object' && value !== null && typeof (value as RemoteModule).default === 'function';
}

/**
 * Loads remotes by name through the run-time registry: look the remote up, register its manifest
 * with the federation runtime (again, forced, when its address changed), load its `./App`, all
 * within `timeoutMs`. A failure refreshes the registry and is kept only until forgetFailure(), which
 * the outlet calls on the next navigation, so that navigation tries again.
 */
export function createRemoteLoader({ getRegistry, refreshRegistry, runtime, timeoutMs = REMOTE_LOAD_TIMEOUT_MS, origin }: RemoteLoaderDeps): RemoteLoader {
  const modules = new Map<string, Promise<RemoteModule>>();
  const failed = new Set<Promise<RemoteModule>>();
  const registeredEntries = new Map<string, string>();
  const exposed = REMOTE_EXPOSED_MODULE.replace(/^\.\//, '');

  async function attempt(name: string): Promise<RemoteModule> {
    const registry = await getRegistry();
    const descriptor = registry.find((r) => r.name === name && r.enabled);
    if (!descriptor) throw new RemoteLoadError(name, 'not-registered');

    const container = federationName(name);
    const entry = new URL(descriptor.manifestUrl, origin).href;
    const known = registeredEntries.get(container);
    if (known !== entry) {
      runtime.register([{ name: container, entry }], { force: known !== undefined });
      registeredEntries.set(container, entry);
    }

    let loaded: unknown;
    try {
      loaded = await runtime.load(`${container}/${exposed}`);
    } catch (cause) {
      throw new RemoteLoadError(name, 'failed', { cause });
    }
    if (!isRemoteModule(loaded)) throw new RemoteLoadError(name, 'invalid-module');
    return loaded;
  }

  return {
    load(name) {
      const cached = modules.get(name);
      if (cached) return cached;
      const loading = withTimeout(attempt(name), timeoutMs, name).catch((error: unknown) => {
        failed.add(loading);
        refreshRegistry();
        throw error;
      });
      modules.set(name, loading);
      return loading;
    },
    forgetFailure(name) {
      const cached = modules.get(name);
      if (cached && failed.has(cached)) {
        failed.delete(cached);
        modules.delete(name);
      }
    },
  };
}

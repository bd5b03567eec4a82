import type { Knex } from 'knex';
import { Remote } from '../models/Remote';

/** How long the server waits for a remote's manifest before calling it down (issue 13). */
export const HEALTH_TIMEOUT_MS = 3000;

export interface RemoteHealth {
  name: string;
  ok: boolean;
  latencyMs: number | null;
  /** Why the check failed, in Spanish; null when it passed. */
  error: string | null;
  checkedAt: Date;
}

/**
 * The address a request reached this API at, to resolve same-origin manifest paths against. Not
 * Koa's `ctx.origin`: in Koa 3 that is the client's Origin header, absent on a same-origin GET.
 * Behind the production proxy, protocol and host come from X-Forwarded-Proto/-Host.
 */
export const ownOrigin = (ctx: { protocol: string; host: string }) => `${ctx.protocol}://${ctx.host}`;

const seconds = (ms: number) => String(ms / 1000).replace('.', ',');

/**
 * Fetches one manifest the way the shell will: a relative URL is resolved against `origin` (the
 * address this API is reached at). Healthy means a 2xx answer within the timeout whose body is a
 * Module Federation manifest (JSON with its `name`). The timeout covers the body too: a server that
 * sends its headers and then stalls is as down as one that never answers.
 */
export async function checkManifest(
  manifestUrl: string,
  origin: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs: number = HEALTH_TIMEOUT_MS,
): Promise<Omit<RemoteHealth, 'name'>> {
  const started = performance.now();
  const checkedAt = new Date();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Also races the fetch itself: a fetch implementation that ignores its signal cannot hold the check.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    }, timeoutMs);
  });
  try {
    const check = async () => {
      let url: URL;
      try {
        url = new URL(manifestUrl, origin);
      } catch {
        return { ok: false, latencyMs: null, error: 'La dirección del manifiesto no es válida', checkedAt };
      }
      const response = await fetchImpl(url, { signal: controller.signal, redirect: 'follow', headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, latencyMs: elapsed(), error: `El manifiesto respondió ${response.status}`, checkedAt };
      }
      const text = await response.text();
      const latencyMs = elapsed();
      let body: { name?: unknown } | null = null;
      try {
        body = JSON.parse(text) as { name?: unknown } | null;
      } catch {
        // Not JSON: reported below like JSON without a name.
      }
      if (!body || typeof body !== 'object' || typeof body.name !== 'string') return { ok: false, latencyMs, error: 'La respuesta no es un mf-manifest.json válido', checkedAt };
      return { ok: true, latencyMs, error: null, checkedAt };
    };
    return await Promise.race([check(), deadline]);
  } catch (error) {
    const timedOut = controller.signal.aborted || (error as Error).name === 'TimeoutError';
    return { ok: false, latencyMs: timedOut ? null : elapsed(), error: timedOut ? `Sin respuesta en ${seconds(timeoutMs)} s` : 'No se pudo conectar con el remoto', checkedAt };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Checks every remote at once (so the whole check takes at most the timeout) and stores each result. */
export async function checkAllRemotes(knex: Knex, origin: string, fetchImpl: typeof fetch = fetch, timeoutMs: number = HEALTH_TIMEOUT_MS): Promise<RemoteHealth[]> {
  const remotes = await Remote.query(knex).orderBy('name');
  const results = await Promise.all(remotes.map(async (remote) => ({ name: remote.name, ...(await checkManifest(remote.manifestUrl, origin, fetchImpl, timeoutMs)) })));
  for (const result of results) {
    // A system observation, not a user's change: no audit row, and updatedAt stays the last edit.
    await knex('remotes')
      .where({ name: result.name })
      .update({ healthOk: result.ok, healthLatencyMs: result.latencyMs, healthError: result.error, healthCheckedAt: result.checkedAt });
  }
  return results;
}

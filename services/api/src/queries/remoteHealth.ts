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
 * Fetches one manifest the way the shell will: a relative URL is resolved against `origin` (the
 * address this API is reached at). Healthy means a 2xx answer within the timeout whose body is a
 * Module Federation manifest (JSON with its `name`).
 */
export async function checkManifest(manifestUrl: string, origin: string, fetchImpl: typeof fetch = fetch): Promise<Omit<RemoteHealth, 'name'>> {
  const started = performance.now();
  const checkedAt = new Date();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetchImpl(new URL(manifestUrl, origin), { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS), redirect: 'follow', headers: { accept: 'application/json' } });
    if (!response.ok) return { ok: false, latencyMs: elapsed(), error: `El manifiesto respondió ${response.status}`, checkedAt };
    const body = (await response.json().catch(() => null)) as { name?: unknown } | null;
    const latencyMs = elapsed();
    if (!body || typeof body.name !== 'string') return { ok: false, latencyMs, error: 'La respuesta no es un mf-manifest.json válido', checkedAt };
    return { ok: true, latencyMs, error: null, checkedAt };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    return { ok: false, latencyMs: timedOut ? null : elapsed(), error: timedOut ? `Sin respuesta en ${HEALTH_TIMEOUT_MS / 1000} s` : 'No se pudo conectar con el remoto', checkedAt };
  }
}

/** Checks every remote at once (so the whole check takes at most the timeout) and stores each result. */
export async function checkAllRemotes(knex: Knex, origin: string, fetchImpl: typeof fetch = fetch): Promise<RemoteHealth[]> {
  const remotes = await Remote.query(knex).orderBy('name');
  const results = await Promise.all(remotes.map(async (remote) => ({ name: remote.name, ...(await checkManifest(remote.manifestUrl, origin, fetchImpl)) })));
  for (const result of results) {
    // A system observation, not a user's change: no audit row.
    await knex('remotes')
      .where({ name: result.name })
      .update({ healthOk: result.ok, healthLatencyMs: result.latencyMs, healthError: result.error, healthCheckedAt: result.checkedAt });
  }
  return results;
}

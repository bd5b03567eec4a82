/**
 * Runs one case of the authorization matrix: makes its throwaway target when it needs one, snapshots
 * the rows a refused call must not touch, calls the route and reports every difference from the
 * matrix as one readable line.
 */
import type { Knex } from 'knex';
import { describeCase, type Answer, type Case, type CaseCtx, type Guard, type RouteSpec } from './matrix';
import type { World } from './world';

const is2xx = (status: number) => status >= 200 && status < 300;

/** The error code the API's error shape carries with each refusal. */
const ERROR_CODES: Readonly<Record<number, string>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 400: 'validation_error' };

async function snapshot(knex: Knex, guard: Guard): Promise<string[]> {
  const query = knex(guard.table).where(guard.where);
  if (guard.whereRaw) query.whereRaw(...guard.whereRaw);
  const rows: unknown[] = await query.select('*');
  return rows.map((row) => JSON.stringify(row)).sort();
}

function brief(res: Answer): string {
  const body = res.body as { error?: unknown; message?: unknown } | null;
  if (body && typeof body === 'object' && 'error' in body) return ` (${String(body.error)}: ${String(body.message)})`;
  return '';
}

export async function runCase(w: World, spec: RouteSpec, kase: Case): Promise<string[]> {
  const label = describeCase(kase);
  const c: CaseCtx = { ...kase, w, http: w.client(kase.actor), fresh: null };
  try {
    // The matrix asks who may upload, not how much: the upload quota (storage/quota.ts, its own
    // tests) would refuse the super admin's 31st file of the run with a 429.
    await w.t.knex('throttle_hits').where({ scope: 'upload' }).delete();
    if (spec.fresh && (is2xx(kase.expected) || spec.freshForAll)) c.fresh = await spec.fresh(c);
    const guards = [spec.guard?.(c) ?? []].flat();
    const before = await Promise.all(guards.map((g) => snapshot(w.t.knex, g)));

    const res = await spec.send(c);

    const problems: string[] = [];
    if (res.status !== kase.expected) {
      problems.push(`${label}: expected ${kase.expected}, got ${res.status}${brief(res)}`);
    } else if (ERROR_CODES[res.status] && (res.body as { error?: string } | null)?.error !== ERROR_CODES[res.status]) {
      problems.push(`${label}: answered ${res.status} without the error code ${ERROR_CODES[res.status]}${brief(res)}`);
    } else if (is2xx(res.status) && spec.verify) {
      problems.push(...(await spec.verify(c, res)).map((p) => `${label}: ${p}`));
    }
    if (!is2xx(res.status)) {
      const after = await Promise.all(guards.map((g) => snapshot(w.t.knex, g)));
      guards.forEach((g, i) => {
        if (JSON.stringify(after[i]) !== JSON.stringify(before[i])) problems.push(`${label}: answered ${res.status} but changed ${g.table} ${JSON.stringify(g.where)}`);
      });
    }
    return problems;
  } catch (err) {
    return [`${label}: the case could not run: ${err instanceof Error ? err.message : String(err)}`];
  }
}

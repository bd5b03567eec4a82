import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * A generation in every statement name: bumped when PostgreSQL refuses a statement prepared before
 * a table it reads changed shape (a migration run by another instance while this one serves), so
 * that every statement is prepared again under a new name on each connection.
 */
let generation = 0;

/** The name of each text seen lately (a list's text is fixed per role and filter set: few of them). */
const names = new Map<string, string>();
const NAMES_KEPT = 1000;

function nameOf(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `arrendia_${generation}_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(sql, name);
  }
  return name;
}

/** "cached plan must not change result type": the statement was prepared before an ALTER TABLE. */
const isStalePlan = (err: unknown) => (err as { code?: unknown } | null)?.code === '0A000' && /cached plan/.test(String((err as Error).message));

/**
 * Runs `query` as a named prepared statement: each connection (PGlite: the instance) parses and
 * plans its text once, and runs it with a generic plan from then on (plan_cache_mode
 * force_generic_plan on the API's connections, db/index.ts; PGlite through db/pgliteStatements).
 * For the hot list and search queries, whose text is fixed per role and filter set and whose
 * values vary, planning cost more than running (the agency manager's incidents page: 1.0 ms
 * planning, 0.6 ms running; the header search 1.5 and 1.6 ms) and the generic plan runs as fast.
 * The name is a hash of the text, so a name never stands for two texts.
 */
export async function runPrepared<T = unknown>(query: Knex.QueryBuilder): Promise<T> {
  const compiled = query.toSQL();
  try {
    return await asCompiled<T>(query, compiled);
  } catch (err) {
    if (!isStalePlan(err)) throw err;
    generation++;
    names.clear();
    return await asCompiled<T>(query, compiled);
  }
}

/**
 * `query`, to run as the statement named after `compiled`, without compiling it again: knex's
 * runner asks the builder for its SQL once (Runner → ensureConnectionCallback → toSQL()). Compiling
 * is not free: knex was 16 % of a header search request's CPU in a profile under load.
 */
function asCompiled<T>(query: Knex.QueryBuilder, compiled: Knex.Sql): Promise<T> {
  const named = query.clone();
  const sql: Knex.Sql = { ...compiled, options: { ...compiled.options, name: nameOf(compiled.sql) } };
  named.toSQL = () => sql;
  return named as unknown as Promise<T>;
}

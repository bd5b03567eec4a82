import { z } from 'zod';
import type { AppMiddleware, Ctx } from '../context';
import { validationError } from '../errors';

const spanish = z.locales.es().localeError;

/** Spanish for every zod message a schema does not word itself. */
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'Este campo es obligatorio' : spanish(issue);

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

/**
 * Paths of every string in `data` holding a NUL character, which PostgreSQL text cannot store.
 * Walked with a stack of its own, not by recursion: a JSON body nested a few hundred thousand
 * levels deep (well under the 1 MB limit) must be a 400, not a stack overflow (a 500).
 */
function nulPaths(data: unknown): string[] {
  const found: string[] = [];
  const pathOf = (visit: Visit) => {
    const keys: string[] = [];
    for (let v: Visit | null = visit; v?.parent; v = v.parent) keys.push(v.key);
    return keys.reverse().join('.');
  };
  const stack: Visit[] = [{ value: data, key: '', parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(pathOf(visit));
    } else if (value && typeof value === 'object') {
      const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
      // Pushed last to first: the paths come out in document order.
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: visit });
    }
  }
  return found;
}

/** Parses `data` with `schema` or throws a 400 whose `fields` maps each bad path to its message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const withNul = nulPaths(data);
  if (withNul.length) {
    throw validationError('Revisa los campos marcados', Object.fromEntries(withNul.map((p) => [p || 'body', 'El texto contiene caracteres no válidos'])));
  }
  const result = schema.safeParse(data, { error: errorMap });
  if (result.success) return result.data;

  const fields: Record<string, string> = {};
  let rootMessage: string | undefined;
  for (const issue of result.error.issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[prefix ? `${prefix}.${key}` : key] ??= 'Campo no permitido';
    } else if (prefix) {
      fields[prefix] ??= issue.message;
    } else {
      rootMessage ??= issue.message;
    }
  }
  throw validationError(rootMessage ?? 'Revisa los campos marcados', fields);
}

/** The body schema a route checks, readable from the router (the authorization matrix finds the fields that name a party). */
export type ValidatingMiddleware = AppMiddleware & { bodySchema: z.ZodType };

/** A route's handler, given its body as the schema's output. */
export type InputHandler<S extends z.ZodType> = (ctx: Ctx, input: z.output<S>) => Promise<void> | void;

/**
 * A route with a JSON body (issue 31): parses it with the api-contract schema (a 400 naming each bad
 * field otherwise) and hands the handler the typed value, so no handler casts its input. Placed
 * last, after `transaction` for a write: `.post('/contracts', ...write, transaction, route(ContractsCreateSchema, create))`.
 */
export function route<S extends z.ZodType>(schema: S, handler: InputHandler<S>): ValidatingMiddleware {
  const middleware: AppMiddleware = async (ctx) => {
    await handler(ctx, parseInput(schema, ctx.request.body));
  };
  return Object.assign(middleware, { bodySchema: schema });
}


import { z } from 'zod';
import type { AppMiddleware } from '../context';
import { validationError } from '../errors';

const spanish = z.locales.es().localeError;

/** Spanish for every zod message a schema does not word itself. */
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'Este campo es obligatorio' : spanish(issue);

/** Paths of every string in `data` holding a NUL character, which PostgreSQL text cannot store. */
function nulPaths(data: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof data === 'string') {
    if (data.includes('\u0000')) found.push(path.join('.'));
  } else if (Array.isArray(data)) {
    data.forEach((item, i) => nulPaths(item, [...path, String(i)], found));
  } else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) nulPaths(value, [...path, key], found);
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

/** Validates the JSON body; the handler reads the parsed value from `ctx.state.input`. */
export function validate(schema: z.ZodType): AppMiddleware {
  return async (ctx, next) => {
    ctx.state.input = parseInput(schema, ctx.request.body);
    await next();
  };
}

import { throwIfResNotOk } from './http';

/** The part of a zod schema getJson needs (kept structural so any schema of the contract fits). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** The message of a response that does not have the shape the contract promises. */
export const INVALID_RESPONSE_MESSAGE = 'Respuesta no válida del servidor';

/**
 * GETs `url` with the session cookie, throws `"<status>: <body>"` on a non-OK answer (spec §8) and
 * checks the JSON against its api-contract schema, so a screen never renders a shape it does not
 * know. Returns the parsed data and the response (for headers such as X-Unread-Count).
 */
export async function getJson<T>(url: string, schema: ResponseSchema<T>, signal?: AbortSignal): Promise<{ data: T; response: Response }> {
  const response = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(response);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    console.error(`${INVALID_RESPONSE_MESSAGE}: ${url}`, parsed.error);
    throw new Error(`${INVALID_RESPONSE_MESSAGE} (${url.split('?')[0]})`);
  }
  return { data: parsed.data, response };
}

/** One page of a server-paged list (`schema` is the array's): its rows and the server's total (X-Total-Count). */
export async function getPage<T>(url: string, schema: ResponseSchema<T[]>, signal?: AbortSignal): Promise<{ rows: T[]; total: number }> {
  const { data, response } = await getJson(url, schema, signal);
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  return { rows: data, total: Number.isInteger(total) && total >= 0 ? total : data.length };
}

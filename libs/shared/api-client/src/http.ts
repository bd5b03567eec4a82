import type { ErrorBody } from '@arrendia/api-contract';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Turns a non-OK answer into `Error("<status>: <body text or status text>")` (spec §8); the
 * message keeps the raw body so callers can read the server's JSON from it (readErrorBody).
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

/**
 * One call to the API with the session cookie; a body is sent as JSON. Throws on a non-OK answer.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status an apiRequest error carries, or null for any other error. */
export function errorStatus(err: unknown): number | null {
  if (!(err instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(err.message);
  return match ? Number(match[1]) : null;
}

/**
 * Whether an error means the session is gone: the spec's `401: ... Unauthorized` form, and any
 * other message starting with '401: ' (this API answers 401 with a JSON body).
 */
export function isUnauthorizedError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return /^401: .*Unauthorized/.test(err.message) || err.message.startsWith('401: ');
}

/** The `{ error, message, fields }` body inside an apiRequest error, if the server sent one. */
export function readErrorBody(err: unknown): ErrorBody | null {
  if (!(err instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(err.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[2]);
    if (body && typeof body === 'object' && typeof (body as ErrorBody).message === 'string') return body as ErrorBody;
  } catch {
    // plain-text body
  }
  return null;
}

import { isUnauthorizedError, readErrorBody } from './http';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field a zod check refused. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

/** The server's `fields` of a failed call (400, 409…), if any. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return (readErrorBody(error)?.fields as FieldErrors | undefined) ?? {};
}

/** The server's message of a failed call, if it sent one. */
export const serverMessage = (error: unknown): string | null => readErrorBody(error)?.message ?? null;

/**
 * What a form shows under its fields when the API refuses it: the server's field messages, or,
 * when it names no field, its message (else `fallback`) under `field`.
 */
export function refusalOnFields(error: unknown, field: string, fallback: string): FieldErrors {
  const fields = serverFieldErrors(error);
  return Object.keys(fields).length ? fields : { [field]: serverMessage(error) ?? fallback };
}

/** A 401 is the shell's business (it sends the user to log in); screens add no toast of their own. */
export const isSessionGone = (error: unknown) => isUnauthorizedError(error);

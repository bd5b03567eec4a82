import { AGENCY_CIF_TAKEN, DUPLICATE_REF_CATASTRAL } from '@arrendia/api-contract';
import type { Middleware } from 'koa';
import { CheckViolationError, DataError, ForeignKeyViolationError, NotNullViolationError, UniqueViolationError } from 'objection';
import type { AppContext, AppState } from './context';
import { conflict, HttpError, internalError, serviceUnavailable } from './errors';
import type { PathRedactor } from './log';
import { redactorOf } from './middlewares/logger';
import { StorageFailure } from './storage/files';

/** Unique constraints a user can run into, by the name knex gives them: which field, what to say. */
const UNIQUE_CONSTRAINTS: Record<string, { field: string; message: string }> = {
  users_email_unique: { field: 'email', message: 'Ya existe una cuenta con ese correo electrónico' },
  agencies_cifagencia_unique: { field: 'cifAgencia', message: AGENCY_CIF_TAKEN },
  // The unique index decides, so two requests racing with the same reference cannot both win.
  main_properties_refcatastral_unique: { field: 'refCatastral', message: DUPLICATE_REF_CATASTRAL },
  roles_rolename_unique: { field: 'roleName', message: 'Ya existe un rol con ese nombre' },
};

/** Errors of other libraries (koa-send, the router) that carry a 4xx status, in our words. */
const STATUS_ERRORS: Record<number, [string, string]> = {
  400: ['bad_request', 'La petición no es válida'],
  403: ['forbidden', 'No tienes permiso para realizar esta acción'],
  404: ['not_found', 'No se ha encontrado el recurso solicitado'],
  405: ['method_not_allowed', 'Método no permitido en esta ruta'],
  406: ['not_acceptable', 'No se puede responder en el formato pedido'],
  413: ['payload_too_large', 'La petición es demasiado grande (máximo 1 MB)'],
  415: ['unsupported_media_type', 'Tipo de contenido no admitido'],
  416: ['range_not_satisfiable', 'El rango pedido no es válido'],
};

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * What the pg client says, without a code, when the server went away under a connection (a restart,
 * a failover): the query was cut off or the connection can no longer be used.
 */
const LOST_CONNECTION = /Connection terminated|is not queryable|Connection ended unexpectedly/;

function isDatabaseUnavailable(err: { name?: string; code?: unknown; message?: unknown }): boolean {
  if (err.name === 'KnexTimeoutError') return true;
  if (typeof err.code !== 'string') return typeof err.message === 'string' && LOST_CONNECTION.test(err.message);
  // SQLSTATE class 08 (connection exception), 57P0x (server shutting down or restarting).
  return CONNECTION_CODES.has(err.code) || /^(08|57P0)/.test(err.code);
}

const invalidData = () => new HttpError(400, 'invalid_data', 'Algún dato no tiene un formato o valor válido');

/** Maps anything thrown to the one error shape; raw database text never gets through. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof UniqueViolationError) {
    const known = UNIQUE_CONSTRAINTS[err.constraint];
    return known ? conflict(known.message, { [known.field]: known.message }) : conflict('Ya existe un registro con esos datos');
  }
  if (err instanceof ForeignKeyViolationError) {
    return conflict('La operación no es posible: hay datos relacionados que lo impiden');
  }
  if (err instanceof DataError || err instanceof NotNullViolationError || err instanceof CheckViolationError) {
    return invalidData();
  }
  if (err && typeof err === 'object') {
    const e = err as { name?: string; code?: unknown; message?: unknown; status?: unknown; expose?: unknown };
    // SQLSTATE class 22 (data exception: a value out of range, a time the driver cannot write…)
    // from a plain knex query, which objection does not wrap into its DataError: the same answer.
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return invalidData();
    if (isDatabaseUnavailable(e)) return serviceUnavailable('La base de datos no está disponible en este momento');
    if (typeof e.status === 'number' && e.expose && STATUS_ERRORS[e.status]) {
      const [id, message] = STATUS_ERRORS[e.status];
      return new HttpError(e.status, id, message);
    }
  }
  return internalError();
}

/** Headers of a response that was being built when the error came; they do not describe the error body. */
const STALE_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-disposition', 'etag', 'last-modified'];

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * `err` as a report may show it: the path segments `redact` took out (a token, raw and decoded) are
 * also taken out of its message and stack, should the code that threw have quoted one.
 */
function scrubbed(err: unknown, path: string, shown: string): unknown {
  if (!(err instanceof Error) || path === shown) return err;
  const shownSegments = shown.split('/');
  const secrets = path.split('/').flatMap((segment, i) => (segment === shownSegments[i] ? [] : [segment, safeDecode(segment)]));
  const scrub = (text = '') => secrets.reduce((out, secret) => out.replaceAll(secret, '[redacted]'), text);
  return { name: err.name, message: scrub(err.message), stack: scrub(err.stack) };
}

/**
 * The one place failures become answers. Cookies, the request id and CORS headers already set
 * stay: a logout that fails halfway must still clear its cookie. A failure's report shows the path
 * as the request log does, its secrets redacted.
 */
export function errorHandler(redact: PathRedactor = redactorOf()): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    const { method, path } = ctx;
    try {
      await next();
    } catch (err) {
      const httpError = toHttpError(err);
      const shown = redact(path);
      const where = { reqId: ctx.state.requestId, method, path: shown, err: scrubbed(err, path, shown) };
      if (httpError.status === 500) ctx.log.error('request failed', where);
      else if (httpError.status > 500 || err instanceof StorageFailure) ctx.log.warn('request failed', where);
      if (ctx.headerSent) return;
      for (const name of STALE_HEADERS) ctx.remove(name);
      ctx.set('Cache-Control', 'no-store');
      if (httpError.headers) ctx.set(httpError.headers);
      ctx.status = httpError.status;
      ctx.body = httpError.toBody();
    }
  };
}

import type { ErrorBody } from '@arrendia/api-contract';

/**
 * A failure the client is told about: its status, snake_case id and Spanish message become the
 * `{ error, message, fields? }` body that every failed call answers (house style).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return this.fields ? { error: this.error, message: this.message, fields: this.fields } : { error: this.error, message: this.message };
  }
}

export const validationError = (message: string, fields: Record<string, string>) => new HttpError(400, 'validation_error', message, fields);
export const invalidJson = () => new HttpError(400, 'invalid_json', 'El cuerpo de la petición no es un JSON válido');
export const payloadTooLarge = () => new HttpError(413, 'payload_too_large', 'La petición es demasiado grande (máximo 1 MB)');
export const unauthorized = (message = 'Debes iniciar sesión para continuar') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'No se ha encontrado el recurso solicitado') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, 'conflict', message, fields);
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
export const serviceUnavailable = (message: string) => new HttpError(503, 'service_unavailable', message);
export const internalError = () => new HttpError(500, 'internal_error', 'Error interno del servidor');

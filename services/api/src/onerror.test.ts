import { ErrorBodySchema } from '@arrendia/api-contract';
import Koa from 'koa';
import { UniqueViolationError } from 'objection';
import supertest from 'supertest';
import type { AppContext, AppState } from './context';
import { createLogger } from './log';
import { requestLogger } from './middlewares/logger';
import { requestId } from './middlewares/requestId';
import { errorHandler, toHttpError } from './onerror';
import { countRows, startTestApp, type TestApp } from './test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('error answers', () => {
  it('answers malformed JSON with 400 invalid_json and writes nothing', async () => {
    const users = await countRows(t.knex, 'users');
    const res = await t.request().post('/api/auth/register').set('Content-Type', 'application/json').send('{"email": "a@b.es",').expect(400);
    expect(res.body).toEqual({ error: 'invalid_json', message: 'El cuerpo de la petición no es un JSON válido' });
    expect(await countRows(t.knex, 'users')).toBe(users);
  });

  it('answers a JSON body that is no object with 400 invalid_json', async () => {
    const res = await t.request().post('/api/auth/login').set('Content-Type', 'application/json').send('"texto"').expect(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.es', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.request().post('/api/auth/login').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body).toEqual({ error: 'payload_too_large', message: 'La petición es demasiado grande (máximo 1 MB)' });
  });

  it('treats a body that is not JSON as missing fields: 400 validation_error', async () => {
    const res = await t.request().post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a@b.es').expect(400);
    expect(res.body.error).toBe('validation_error');
  });

  it('answers text the database cannot store (a NUL character) with 400, not 500', async () => {
    const users = await countRows(t.knex, 'users');
    const res = await t
      .request()
      .post('/api/auth/register')
      .send({ email: 'nul@ejemplo.es', password: 'una-clave-larga', firstName: 'Ana\u0000', lastName: 'Gil' })
      .expect(400);
    expect(res.body).toEqual({ error: 'validation_error', message: 'Revisa los campos marcados', fields: { firstName: 'El texto contiene caracteres no válidos' } });
    expect(await countRows(t.knex, 'users')).toBe(users);
  });

  it('answers a body nested hundreds of thousands of levels deep (under 1 MB) with 400, not a stack overflow', async () => {
    const users = await countRows(t.knex, 'users');
    const deep = `{"email":"hondo@ejemplo.es","password":"una-clave-larga","firstName":${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)},"lastName":"Gil"}`;
    const res = await t.request().post('/api/auth/register').set('Content-Type', 'application/json').send(deep).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(await countRows(t.knex, 'users')).toBe(users);
  });

  it('answers an unknown /api route with a JSON 404, whatever the method', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await t.request()[method]('/api/no-existe').set('Accept', 'text/html').expect(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'Ruta no encontrada' });
    }
  });

  it('answers a known route with another method with 405 and Allow', async () => {
    const res = await t.request().delete('/api/auth/login').expect(405);
    expect(res.headers.allow).toBe('POST');
    expect(ErrorBodySchema.parse(res.body).error).toBe('method_not_allowed');
  });

  it('echoes a sane X-Request-Id and replaces an odd one', async () => {
    const kept = await t.request().get('/api/health').set('X-Request-Id', 'balanceador-123').expect(200);
    expect(kept.headers['x-request-id']).toBe('balanceador-123');
    const replaced = await t.request().get('/api/health').set('X-Request-Id', 'con espacios y <html>').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const onError = await t.request().get('/api/no-existe').expect(404);
    expect(onError.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('toHttpError', () => {
  it('hides the text of an unknown unique violation behind a Spanish 409', () => {
    const err = new UniqueViolationError({
      nativeError: new Error('duplicate key value violates unique constraint "x_key"'),
      client: 'postgres',
      table: 'x',
      columns: ['y'],
      constraint: 'x_key',
      schema: undefined,
    } as never);
    expect(toHttpError(err).toBody()).toEqual({ error: 'conflict', message: 'Ya existe un registro con esos datos' });
  });

  it('answers a database that went away (refused, cut off, restarting) with a Spanish 503', () => {
    const lost = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      new Error('ROLLBACK - Client has encountered a connection error and is not queryable'),
    ];
    for (const err of lost) {
      expect(toHttpError(err).status).toBe(503);
      expect(toHttpError(err).toBody()).toEqual({ error: 'service_unavailable', message: 'La base de datos no está disponible en este momento' });
    }
  });

  it('answers a data exception of a plain knex query (SQLSTATE class 22, not wrapped by objection) like its DataError: 400', () => {
    const err = Object.assign(new Error('time zone displacement out of range: "+010000-01-01T01:30:00.000Z"'), { code: '22009' });
    expect(toHttpError(err).status).toBe(400);
    expect(toHttpError(err).toBody()).toEqual({ error: 'invalid_data', message: 'Algún dato no tiene un formato o valor válido' });
  });

  it('answers anything unexpected with a bare 500', () => {
    const err = toHttpError(new Error('relation "secret_table" does not exist'));
    expect(err.status).toBe(500);
    expect(err.toBody()).toEqual({ error: 'internal_error', message: 'Error interno del servidor' });
  });
});

describe('logs', () => {
  it('write one JSON line per request, and an unexpected error with its stack and request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = new Koa<AppState, AppContext>();
    app.context.log = createLogger('info', (line) => lines.push(JSON.parse(line)));
    app.silent = true;
    app
      .use(requestId())
      .use(requestLogger())
      .use(errorHandler())
      .use(() => {
        throw new Error('relation "secret_table" does not exist');
      });

    const res = await supertest(app.callback()).get('/algo?token=secreto').set('X-Request-Id', 'req-1').expect(500);

    expect(res.body).toEqual({ error: 'internal_error', message: 'Error interno del servidor' });
    expect(res.text).not.toContain('secret_table');
    const [failure, request] = lines;
    expect(failure).toMatchObject({ level: 'error', reqId: 'req-1', err: { message: 'relation "secret_table" does not exist' } });
    expect((failure.err as { stack: string }).stack).toContain('onerror.test.ts');
    expect(request).toEqual({ time: expect.any(String), level: 'info', msg: 'request', reqId: 'req-1', method: 'GET', path: '/algo', status: 500, ms: expect.any(Number) });
  });
});

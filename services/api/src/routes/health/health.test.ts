import supertest from 'supertest';
import { createApp } from '../../app';
import { startTestApp, testConfig, unusedKnex, type TestApp } from '../../test/support';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers ok once the database answers select 1', async () => {
    const res = await t.request().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 in the error shape when the database is unreachable', async () => {
    const knex = unusedKnex();
    try {
      const res = await supertest(createApp({ knex, config: testConfig() }).callback()).get('/api/health').expect(503);
      expect(res.body).toEqual({ error: 'service_unavailable', message: 'La base de datos no está disponible' });
    } finally {
      await knex.destroy();
    }
  });
});

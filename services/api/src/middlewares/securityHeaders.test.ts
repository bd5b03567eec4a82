/**
 * The headers of issue 30: HSTS in production only, and `no-store` on every /api answer made with
 * a session, checked on every GET route of the real router. The authorization matrix
 * (security/matrix.ts) says how to call each route as a user who may, on a row that user sees.
 */
import supertest from 'supertest';
import { createApp } from '../app';
import { apiRouter } from '../routes';
import { casesOf, MATRIX, type CaseCtx } from '../security/matrix';
import { buildWorld, isUser, type World } from '../security/world';
import { FACTORY_PASSWORD } from '../test/factories';
import { HSTS } from './securityHeaders';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);
afterAll(() => w?.close());

const GET_ROUTES = Object.keys(MATRIX).filter((route) => route.startsWith('GET '));
/** The routes that never read a session answer everyone alike (the catalogue, the placeholders). */
const SIGNED_IN_GET_ROUTES = GET_ROUTES.filter((route) => MATRIX[route]!.gate !== 'public');

describe('Cache-Control of signed-in answers', () => {
  it('is checked on every GET route of the router', () => {
    const routes = new Set<string>();
    for (const layer of apiRouter(w.t.app).stack) if (layer.methods.includes('GET')) routes.add(`GET ${layer.path}`);
    expect(routes.size).toBeGreaterThan(60);
    expect([...routes].filter((route) => !GET_ROUTES.includes(route))).toEqual([]);
    expect(SIGNED_IN_GET_ROUTES.length).toBeGreaterThan(50);
  });

  it.each(SIGNED_IN_GET_ROUTES)('%s answers a user who may call it no-store', async (route) => {
    const spec = MATRIX[route]!;
    const kase = casesOf(route, spec).find((c) => isUser(c.actor) && c.variant === null && c.expected < 400);
    expect(kase).toBeDefined();
    const c: CaseCtx = { ...kase!, w, http: w.client(kase!.actor), fresh: null };
    if (spec.fresh) c.fresh = await spec.fresh(c);

    const res = await spec.send(c);

    expect(res.status).toBe(kase!.expected);
    expect(String(res.headers['cache-control'])).toMatch(/(^|, )no-store(,|$)/);
  });

  it('a sign-in and a sign-out, which start and end a session, are no-store too', async () => {
    const user = await w.fresh.user('propietario_individual');
    const agent = supertest.agent(w.base);
    const login = await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await agent.post('/api/auth/logout').expect(204)).headers['cache-control']).toBe('no-store');
  });

  it('routes that read no session keep their public caching, whoever asks', async () => {
    for (const http of [w.client('anonymous'), w.client('ownerA')]) {
      expect((await http.get('/api/placeholder/300/200').expect(200)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent with NODE_ENV=production, on answers and on errors alike', async () => {
    const production = supertest(createApp({ knex: w.t.knex, config: { ...w.t.config, production: true } }).callback());
    expect((await production.get('/api/health').expect(200)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await production.get('/api/no-existe').expect(404)).headers['strict-transport-security']).toBe(HSTS);
  });

  it('is not sent otherwise (plain-HTTP development would be locked out of its own host)', async () => {
    expect(w.t.config.production).toBe(false);
    for (const path of ['/api/health', '/api/no-existe']) expect((await w.t.request().get(path)).headers).not.toHaveProperty('strict-transport-security');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildUser, signIn } from '../test/factories';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { FOREIGN_ORIGIN_MESSAGE } from './sameOriginWrites';
import { contentSecurityPolicy, STRICT_POLICY } from './securityHeaders';

/** A dist/ holding just the shell's page. */
function shellDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-dist-'));
  fs.mkdirSync(path.join(dist, 'apps/shell'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'apps/shell/index.html'), '<!doctype html><title>Arrendia</title>');
  return dist;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ distDir: shellDist() });
  await t.knex('remotes').where({ name: 'owner-portal' }).update({ manifestUrl: 'https://cdn.ejemplo.es/owner/mf-manifest.json', enabled: true });
  await t.knex('remotes').where({ name: 'tenant-portal' }).update({ manifestUrl: 'https://apagado.ejemplo.es/tenant/mf-manifest.json', enabled: false });
});
afterAll(() => t.close());

const property = { propertyName: 'Ático en Chamberí', addressStreet: 'Calle de Fuencarral', addressNumber: '120', city: 'Madrid', province: 'Madrid', postalCode: '28010' };

describe('security headers', () => {
  it('every answer carries nosniff, the referrer policy, no framing, and a strict CSP unless it is a page', async () => {
    for (const path of ['/api/health', '/api/properties', '/api/no-existe']) {
      const res = await t.request().get(path);
      expect(res.headers['content-security-policy']).toBe(STRICT_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it("a page allows scripts from this server and the enabled remotes' origins only, never inline, and reads them afresh", async () => {
    const page = async () => (await t.request().get('/dashboard').set('Accept', 'text/html').expect(200).expect('Content-Type', /html/)).headers['content-security-policy'] as string;
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    const csp = await page();
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://cdn.ejemplo.es");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://cdn.ejemplo.es");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('apagado.ejemplo.es');
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // An admin moves a remote: the next page load allows the new origin and no longer the old one.
    await t.knex('remotes').where({ name: 'owner-portal' }).update({ manifestUrl: 'https://nuevo.ejemplo.es/owner/mf-manifest.json' });
    expect(directive(await page(), 'script-src')).toBe("script-src 'self' https://nuevo.ejemplo.es");
  });

  it('builds the policy from the origins it is given', () => {
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
    expect(contentSecurityPolicy(['https://a.es', 'https://b.es'])).toContain("script-src 'self' https://a.es https://b.es;");
  });
});

describe('writes from another site (CSRF)', () => {
  it('refuses a write with a valid session cookie from a foreign Origin or Referer, and writes nothing', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signIn(t, owner);
    const before = { properties: await countRows(t.knex, 'main_properties'), audit: await countRows(t.knex, 'audit_log') };
    for (const [header, value] of [
      ['Origin', 'https://malicioso.example'],
      ['Origin', 'null'],
      ['Referer', 'https://malicioso.example/pagina'],
    ]) {
      const res = await agent.post('/api/properties').set(header!, value!).send(property).expect(403);
      expect(res.body).toEqual({ error: 'foreign_origin', message: FOREIGN_ORIGIN_MESSAGE });
    }
    expect({ properties: await countRows(t.knex, 'main_properties'), audit: await countRows(t.knex, 'audit_log') }).toEqual(before);
  });

  it('accepts the same write from this server, or from a client that names no origin', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signIn(t, owner);
    await agent.post('/api/properties').set('Host', 'arrendia.test').set('Origin', 'http://arrendia.test').send(property).expect(201);
    await agent.post('/api/properties').send({ ...property, propertyName: 'Sin origen' }).expect(201);
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const owner = await buildUser(t.knex);
    await t.request().post('/api/auth/login').set('Origin', 'https://malicioso.example').send({ email: owner.email, password: 'x' }).expect(403);
  });
});

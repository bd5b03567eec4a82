import http from 'node:http';
import zlib from 'node:zlib';
import { buildProperty, buildUser, signIn } from './test/factories';
import { listen, sessionCookie } from './test/sse';
import { startTestApp, type TestApp } from './test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('API answers gzip', () => {
  it('compresses a JSON answer over 1 KB for a client that takes gzip, keeping its JSON type', async () => {
    const owner = await buildUser(t.knex);
    for (let i = 0; i < 12; i += 1) await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: `Edificio de prueba número ${i}` });
    const agent = await signIn(t, owner);

    // Straight from the socket: what goes over the wire, before any client decoding.
    const { base, close } = await listen(t.app);
    const cookie = await sessionCookie(base, owner.email);
    const wire = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/api/properties`, { headers: { 'accept-encoding': 'gzip', cookie } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    await close();
    expect(wire.headers['content-encoding']).toBe('gzip');
    expect(wire.headers['content-type']).toMatch(/^application\/json/);
    expect(wire.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(wire.headers['content-length'])).toBe(wire.body.length);
    const parsed = JSON.parse(zlib.gunzipSync(wire.body).toString('utf8'));
    expect(parsed).toHaveLength(12);

    const plain = await agent.get('/api/properties').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(parsed);
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.request().get('/api/health').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

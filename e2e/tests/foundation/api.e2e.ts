import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD } from '../../fixtures/accounts';
import { freePort } from '../../support/apiProcess';

const repoRoot = path.resolve(__dirname, '../../..');

test.describe('API answers client mistakes with 4xx JSON, never 500', () => {
  test('wrong password → 401 {error, message}', async ({ request }) => {
    const res = await request.post('/api/auth/login', { data: { email: DEMO.owner, password: 'mal' } });
    expect(res.status()).toBe(401);
    const body = await res.json();
    expect(body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
  });

  test('malformed JSON → 400', async ({ request }) => {
    const res = await request.post('/api/auth/login', { headers: { 'content-type': 'application/json' }, data: '{"email": ' });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_json', message: 'El cuerpo de la petición no es un JSON válido' });
  });

  test('a 2 MB body → 413', async ({ request }) => {
    const res = await request.post('/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ email: DEMO.owner, password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status()).toBe(413);
    expect(await res.json()).toEqual({ error: 'payload_too_large', message: 'La petición es demasiado grande (máximo 1 MB)' });
  });

  test('GET /api/auth/user with no session → 401', async ({ request }) => {
    const res = await request.get('/api/auth/user');
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Debes iniciar sesión para continuar' });
  });
});

/** Starts the built server as `npm start` runs it, on its own port and data folder. */
function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist/services/api/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), PGLITE_DIR: dataDir, DATABASE_URL: '', SESSION_SECRET: 'restart-test' },
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async (): Promise<void> => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) return reject(new Error('server did not start in 60 s'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test.describe('embedded database', () => {
  test.setTimeout(150_000);

  test('keeps its data across a restart, seeds nothing twice, and refuses a second process', async ({ playwright }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arrendia-restart-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(port, path.join(dataDir, 'pglite'));
    try {
      const api = await playwright.request.newContext({ baseURL: base });
      const email = `nuevo.${Date.now()}@example.es`;
      expect((await api.post('/api/auth/register', { data: { email, password: 'clave-segura-1', firstName: 'Lucía', lastName: 'Ortega' } })).status()).toBe(201);

      // A second process on the same folder must not start.
      const intruder = spawn(process.execPath, [path.join(repoRoot, 'dist/services/api/main.js')], {
        cwd: repoRoot,
        env: { ...process.env, PORT: String(await freePort()), PGLITE_DIR: path.join(dataDir, 'pglite'), DATABASE_URL: '' },
        stdio: 'ignore',
      });
      const code = await new Promise<number | null>((resolve) => intruder.once('exit', resolve));
      expect(code).not.toBe(0);

      await stop(server);
      server = await startServer(port, path.join(dataDir, 'pglite'));

      expect((await api.post('/api/auth/login', { data: { email, password: 'clave-segura-1' } })).status()).toBe(200);
      const demo = await playwright.request.newContext({ baseURL: base });
      expect((await demo.post('/api/auth/login', { data: { email: DEMO.tenant, password: DEMO_PASSWORD } })).status()).toBe(200);
      // Seeding ran twice; the demo accounts are still one each.
      const admin = await playwright.request.newContext({ baseURL: base });
      expect((await admin.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } })).status()).toBe(200);
      expect(((await (await admin.get('/api/admin/remotes')).json()) as unknown[]).length).toBe(5);
      await Promise.all([api.dispose(), demo.dispose(), admin.dispose()]);
    } finally {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

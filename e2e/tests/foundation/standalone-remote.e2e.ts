import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { patchRemote, signIn } from '../../fixtures/api';
import { freePort } from '../../support/apiProcess';
import { ShellPage } from '../../pom/ShellPage';

const repoRoot = path.resolve(__dirname, '../../..');

test('a remote served alone from another origin is loaded by the shell (CORS)', async ({ page, baseURL }) => {
  // A port the system gives out, not one picked from a range: 4300-4499 holds RabbitMQ's epmd (4369).
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(repoRoot, 'dist/services/api/serve-remote.js'), 'owner-portal', '--port', String(port)], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await expect.poll(async () => (await fetch(`${origin}/mf-manifest.json`).catch(() => null))?.status ?? 0, { timeout: 15_000 }).toBe(200);
    const manifest = await fetch(`${origin}/mf-manifest.json`, { headers: { Origin: baseURL! } });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');

    const restore = await patchRemote(baseURL!, 'owner-portal', { manifestUrl: `${origin}/mf-manifest.json` });
    try {
      await signIn(page.request, 'owner');
      const entry = page.waitForResponse((r) => r.url().startsWith(origin) && r.url().endsWith('remoteEntry.js'));
      await page.goto('/dashboard');
      expect((await entry).status()).toBe(200);
      await expect(new ShellPage(page).remote('owner-portal')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Dashboard del Propietario' })).toBeVisible();
    } finally {
      await restore();
    }
  } finally {
    server.kill('SIGTERM');
  }
});

test('serve-remote on a port already in use ends with exit 1 and says so in Spanish', async () => {
  const busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, resolve));
  const { port } = busy.address() as net.AddressInfo;
  try {
    const server = spawn(process.execPath, [path.join(repoRoot, 'dist/services/api/serve-remote.js'), 'owner-portal', '--port', String(port)], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`serve-remote: el puerto ${port} ya está en uso`);
  } finally {
    busy.close();
  }
});

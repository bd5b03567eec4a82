import { test, expect } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RemoteDescriptor } from '@arrendia/api-contract';
import { REMOTE_NAMES } from '@arrendia/remote-contract';
import { patchRemote, signIn } from '../../fixtures/api';
import { ShellPage } from '../../pom/ShellPage';

const shellDist = path.resolve(__dirname, '../../../dist/apps/shell');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

test.describe('run-time remote registry', () => {
  test('GET /api/remotes lists the five remotes and the shell build names none of their addresses', async ({ request }) => {
    const res = await request.get('/api/remotes');
    expect(res.status()).toBe(200);
    const remotes = (await res.json()) as RemoteDescriptor[];
    expect(remotes.map((r) => r.name).sort()).toEqual([...REMOTE_NAMES].sort());

    const shellFiles = filesUnder(shellDist);
    expect(shellFiles.length).toBeGreaterThan(0);
    for (const file of shellFiles) {
      const text = readFileSync(file, 'utf8');
      for (const remote of remotes) {
        expect(text, `${path.relative(shellDist, file)} names ${remote.manifestUrl}`).not.toContain(remote.manifestUrl);
        expect(text, `${path.relative(shellDist, file)} names the folder of ${remote.name}`).not.toContain(`remotes/${remote.name}`);
      }
    }
  });

  test('a disabled remote shows the fallback while the sidebar and logout keep working', async ({ page, baseURL }) => {
    const restore = await patchRemote(baseURL!, 'owner-portal', { enabled: false });
    try {
      const listed = (await (await page.request.get('/api/remotes')).json()) as RemoteDescriptor[];
      expect(listed.map((r) => r.name)).not.toContain('owner-portal');

      await signIn(page.request, 'owner');
      await page.goto('/dashboard');
      const shell = new ShellPage(page);
      await expect(shell.remoteFallback).toBeVisible();
      await expect(shell.sidebar.getByRole('link', { name: 'Mis Propiedades' })).toBeVisible();
      await shell.sidebar.getByRole('link', { name: 'Contratos' }).click();
      await expect(page).toHaveURL(/\/contracts$/);
      await expect(shell.remoteFallback).toBeVisible();

      await shell.logout();
      await expect(page).toHaveURL(/\/$/);
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    } finally {
      await restore();
    }
  });

  test('a remote whose server hangs shows the fallback within 6 s, and loads on a later navigation once it is back', async ({ page, baseURL }) => {
    const hanging: Server = createServer(() => {
      /* accept the connection and never answer */
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const restore = await patchRemote(baseURL!, 'owner-portal', { manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json` });
    try {
      await signIn(page.request, 'owner');
      const shell = new ShellPage(page);
      // Timed from the moment the shell asks for the manifest: the shell's own start (its bundle, the
      // session, the registry) is not what this measures, and takes longer on a loaded machine.
      const manifestAsked = page.waitForRequest((request) => request.url().startsWith(`http://127.0.0.1:${port}/`));
      await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
      await manifestAsked;
      const started = Date.now();
      await expect(shell.remoteFallback).toBeVisible({ timeout: 15_000 });
      expect(Date.now() - started).toBeLessThan(6_000);
      await expect(shell.sidebar).toBeVisible();

      // The server comes back: the next navigation retries and loads the portal.
      await restore();
      await shell.sidebar.getByRole('link', { name: 'Contratos' }).click();
      await expect(shell.remote('owner-portal')).toBeVisible();
    } finally {
      hanging.closeAllConnections();
      hanging.close();
      await restore().catch(() => undefined);
    }
  });
});

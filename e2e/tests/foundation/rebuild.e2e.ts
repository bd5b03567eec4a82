import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { signIn } from '../../fixtures/api';
import { ShellPage } from '../../pom/ShellPage';

const repoRoot = path.resolve(__dirname, '../../..');

/** One hash over every file of a build folder: any change to any file changes it. */
function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(dir, file)).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

function buildOwnerPortal(buildId?: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
  if (buildId) env.ARRENDIA_BUILD_ID = buildId;
  else delete env.ARRENDIA_BUILD_ID;
  execFileSync('npx', ['rspack', 'build', '-c', 'apps/owner-portal/rspack.config.cjs'], { cwd: repoRoot, env, stdio: 'pipe' });
}

test.describe('independent deployment', () => {
  test.setTimeout(180_000);

  test('rebuilding only owner-portal shows the new build on reload and leaves the shell untouched', async ({ page }) => {
    const shellBefore = treeHash(path.join(repoRoot, 'dist/apps/shell'));
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.remote('owner-portal')).toBeVisible();
    const oldBuild = await shell.remote('owner-portal').getAttribute('data-build');

    const buildId = `e2e-${Date.now()}`;
    buildOwnerPortal(buildId);
    try {
      await page.reload();
      await expect(shell.remote('owner-portal')).toHaveAttribute('data-build', buildId);
      expect(buildId).not.toBe(oldBuild);
      expect(treeHash(path.join(repoRoot, 'dist/apps/shell'))).toBe(shellBefore);
    } finally {
      // Put back the ordinary build so the folder matches what Nx cached.
      buildOwnerPortal();
    }
  });
});

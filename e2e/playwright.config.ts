import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_ARGS, resolveChromium } from './support/chromium.cjs';
import { E2E_SMTP_PORT } from './fixtures/mailbox';

const repoRoot = path.resolve(__dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3111);
export const baseURL = `http://127.0.0.1:${port}`;
/** A fresh embedded database for each run, so no run depends on the last one's data. */
const dataDir = path.join(repoRoot, 'tmp', `e2e-pglite-${Date.now()}`);
/** CHROMIUM_PATH, Playwright's, the system's or the one npm installed (e2e/support/chromium.cjs). */
const browser = resolveChromium();

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.ts',
  // Several tests change the run-time remote registry; one worker keeps them from racing.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(repoRoot, 'tmp', 'e2e-output'),
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      env: { ...process.env, ...browser.env },
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // Exactly what a newcomer runs: `npm start` (the build is already done by `npm test`).
    command: 'npm start',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Mail goes to the SMTP server a test opens (fixtures/mailbox.ts), its links to this server.
    env: { PORT: String(port), PGLITE_DIR: dataDir, SESSION_SECRET: 'e2e-secret-not-for-production', SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`, PUBLIC_URL: baseURL },
  },
});

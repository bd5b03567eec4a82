// What the bench scripts share: a throw-away demo server and waiting for a URL to answer.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `node scripts/start.mjs` (builds what changed) on a fresh embedded database with the demo data,
 * in its own process group; `stop()` ends the group and removes the database.
 */
export function startDemoServer(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-bench-'));
  const env = { ...process.env, PORT: String(port), PGLITE_DIR: path.join(dataDir, 'pglite'), SESSION_SECRET: 'bench-secret-not-for-production' };
  delete env.SKIP_BUILD;
  if (process.env.BENCH_SKIP_BUILD === '1') env.SKIP_BUILD = '1';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, stop };
}

/** Resolves when `url` answers 2xx; rejects when `child` exits first or time runs out. */
export async function waitFor(url, child, { timeoutMs = 600_000, intervalMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

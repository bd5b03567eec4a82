#!/usr/bin/env node
// `npm run seed:large [-- --scale 0.1 --seed 7 --replace]`: builds the API bundle if it changed
// (Nx cache), then seeds the benchmark portfolio into DATABASE_URL or the embedded PGlite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const build = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(process.execPath, ['--enable-source-maps', path.join(root, 'dist/services/api/seed-large.js'), ...process.argv.slice(2)], { cwd: root, env: process.env, stdio: 'inherit' });
process.exit(run.status ?? 1);

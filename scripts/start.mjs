#!/usr/bin/env node
// `npm start`: build whatever is not built yet (Nx cache: an unchanged project is not rebuilt),
// then run the one production process that serves the API, the shell and every remote.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import serverArgs from './serverArgs.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('La compilación ha fallado: revisa los mensajes anteriores.');
    process.exit(build.status ?? 1);
  }
}

const server = path.join(root, 'dist/services/api/main.js');
if (!existsSync(server)) {
  console.error(`No se encuentra ${server}: la compilación no lo ha generado.`);
  process.exit(1);
}

// With WEB_CONCURRENCY > 1 the workers inherit these options (node:cluster).
const child = spawn(process.execPath, [...serverArgs.serverNodeArgs(), server], { cwd: root, env: process.env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

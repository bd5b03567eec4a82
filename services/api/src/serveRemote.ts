/**
 * Serves one remote's build on its own, with the headers and CORS the API process uses:
 *   node dist/services/api/serve-remote.js <remote-name> [--port 4201] [--dir dist/apps/<name>]
 * How a team deploys its portal alone; the super admin then points the registry at
 * http(s)://<host>:<port>/mf-manifest.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@arrendia/remote-contract';
import Koa from 'koa';
import compress from 'koa-compress';
import type { AppContext, AppState } from './context';
import { readLogLevel } from './env';
import { createLogger } from './log';
import { requestLogger } from './middlewares/logger';
import { requestId } from './middlewares/requestId';
import { errorHandler } from './onerror';
import { remoteFiles } from './staticFiles';

function fail(message: string): never {
  console.error(`serve-remote: ${message}`);
  console.error('Uso: node dist/services/api/serve-remote.js <remoto> [--port 4201] [--dir dist/apps/<remoto>]');
  process.exit(1);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { port: { type: 'string', default: '4201' }, dir: { type: 'string' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
})();

const name = positionals[0];
if (!name || !(REMOTE_NAMES as readonly string[]).includes(name)) fail(`indica uno de estos remotos: ${REMOTE_NAMES.join(', ')}`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`puerto no válido: ${values.port}`);
// Bundled as dist/services/api/serve-remote.js: dist/apps/<name> is two levels up.
const dir = values.dir ? path.resolve(values.dir) : path.resolve(__dirname, '../../apps', name);
if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) fail(`no hay ningún mf-manifest.json en ${dir}: compila el remoto primero`);

const log = (() => {
  try {
    return createLogger(readLogLevel());
  } catch (err) {
    return fail((err as Error).message);
  }
})();
const app = new Koa<AppState, AppContext>();
app.context.log = log;
app.silent = true;
const files = remoteFiles(dir);
const prefix = `/remotes/${name}`;
app
  .use(requestId())
  .use(requestLogger())
  .use(errorHandler())
  .use(compress({ br: false }))
  // The same build answers at / and at /remotes/<name>/, whichever public path it was built with.
  .use(async (ctx, next) => {
    if (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`)) ctx.path = ctx.path.slice(prefix.length) || '/';
    await files(ctx, next);
  });

const server = app.listen(port, () => log.info('listening', { remote: name, port, dir }));
server.on('error', (err: NodeJS.ErrnoException) => fail(err.code === 'EADDRINUSE' ? `el puerto ${port} ya está en uso` : err.message));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}

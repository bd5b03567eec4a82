import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@arrendia/remote-contract';
import type { Middleware, ParameterizedContext } from 'koa';
import serve from 'koa-static';
import type { AppContext, AppState } from './context';
import { HttpError, notFound, serviceUnavailable } from './errors';

type StaticMiddleware = Middleware<AppState, AppContext>;
type StaticContext = ParameterizedContext<AppState, AppContext>;

/** Files whose name never changes between builds: the browser must ask again every time. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html']);

/**
 * Entry files revalidate on every load, so a rebuilt remote is picked up with no host rebuild;
 * everything else is a content-hashed chunk and cached for good.
 */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  return ENTRY_FILES.has(name) || name.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable';
}

const serveOptions = {
  setHeaders: (res: { setHeader(name: string, value: string): void }, file: string) => res.setHeader('Cache-Control', cacheControlFor(file)),
};

/** Calls `handler` with `ctx.path` set to `subPath`, as if the files were mounted at the root. */
async function atPath(ctx: StaticContext, subPath: string, handler: () => Promise<void>) {
  const original = ctx.path;
  ctx.path = subPath;
  try {
    await handler();
  } finally {
    ctx.path = original;
  }
}

/**
 * Serves one remote's build directory, readable from any origin (another host loads the manifest
 * and entry with fetch). A missing file is a 404, never a page.
 */
export function remoteFiles(dir: string): StaticMiddleware {
  const files = serve(dir, { ...serveOptions, index: false }) as unknown as StaticMiddleware;
  return async (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new HttpError(405, 'method_not_allowed', 'Método no permitido en esta ruta', undefined, { Allow: 'GET, HEAD, OPTIONS' });
    }
    await files(ctx, async () => {
      throw notFound('Archivo no encontrado');
    });
  };
}

/** Where a remote's manifest lives when this server serves it: relative, so the same build works on any host. */
export function defaultManifestUrl(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}

const REMOTE_PATH = /^\/remotes(?:\/([^/]*)(\/.*)?)?$/;

/** `/remotes/<name>/…` → `<distDir>/apps/<name>/…` for the five remotes. */
export function remotesFiles(distDir: string): StaticMiddleware {
  const byName = new Map(REMOTE_NAMES.map((name) => [name as string, remoteFiles(path.join(distDir, 'apps', name))]));
  return async (ctx, next) => {
    const match = REMOTE_PATH.exec(ctx.path);
    if (!match) return next();
    const files = byName.get(match[1] ?? '');
    if (!files) {
      ctx.set('Access-Control-Allow-Origin', '*');
      throw notFound('No existe ese remoto');
    }
    await atPath(ctx, match[2] ?? '/', () => files(ctx, next));
  };
}

/**
 * The shell build at `/`, with the single-page fallback: a page request (Accept: text/html) for a
 * path that is no file gets index.html and the shell's router takes over.
 */
export function shellFiles(distDir: string): StaticMiddleware {
  const root = path.join(distDir, 'apps', 'shell');
  const files = serve(root, serveOptions) as unknown as StaticMiddleware;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // Checked per request, so a build made after start is served without a restart.
    const built = await fs.stat(path.join(root, 'index.html')).then(
      () => true,
      () => false,
    );
    if (!built) {
      throw serviceUnavailable('La interfaz no está compilada todavía: ejecuta "npm run build" y vuelve a cargar la página');
    }
    await files(ctx, async () => {
      if (!/\btext\/html\b/.test(ctx.get('Accept'))) return next();
      await atPath(ctx, '/index.html', () => files(ctx, next));
    });
  };
}

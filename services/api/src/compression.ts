import zlib from 'node:zlib';
import compress from 'koa-compress';
import type { AppMiddleware, Ctx } from './context';

/**
 * gzip for every answer over 1 KB. API JSON is made anew per request: it is compressed at once at
 * level 1 (zlib.gzipSync; a CPU profile on the large seed showed koa-compress's per-response
 * stream, at level 6, costing about 0.4 ms of a ~2 ms request); streamed API answers (CSV, PDF)
 * keep koa-compress at level 1. Built files keep the default level: they are read once per
 * visitor and their size counts against the bundle budgets.
 */
export function compression(): AppMiddleware {
  const streams = compress({ br: false, gzip: { level: 1 } }) as unknown as AppMiddleware;
  const files = compress({ br: false }) as unknown as AppMiddleware;
  return (ctx, next) =>
    ctx.path.startsWith('/api/')
      ? streams(ctx, async () => {
          await next();
          gzipInPlace(ctx);
        })
      : files(ctx, next);
}

const GZIP_THRESHOLD = 1024;

/**
 * A JSON answer kept in memory to be sent again (the public catalogue's pages): its text and its
 * gzip are made the first time one is needed and reused by every later request, instead of
 * serializing and compressing the same value on each. As a body it answers exactly what the value
 * would.
 */
export class PreparedJson {
  private textMemo: string | undefined;
  private bytesMemo: number | undefined;
  private gzipMemo: Buffer | undefined;

  constructor(readonly value: unknown) {}

  text(): string {
    return (this.textMemo ??= JSON.stringify(this.value));
  }

  byteLength(): number {
    return (this.bytesMemo ??= Buffer.byteLength(this.text()));
  }

  gzipped(): Buffer {
    return (this.gzipMemo ??= zlib.gzipSync(this.text(), { level: 1 }));
  }

  /** Koa serializes a body it is left with (HEAD, compression off) through this. */
  toJSON(): unknown {
    return this.value;
  }
}

/**
 * Replaces a JSON or text body with its gzip, when the client takes gzip and it is worth it; a
 * PreparedJson body with the gzip or the text it keeps.
 */
function gzipInPlace(ctx: Ctx): void {
  const { body } = ctx;
  if (body == null || ctx.method === 'HEAD' || (ctx as { compress?: unknown }).compress === false || ctx.response.get('Content-Encoding')) return;
  const type = ctx.response.get('Content-Type');
  if (body instanceof PreparedJson) {
    const gzip = body.byteLength() >= GZIP_THRESHOLD && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    ctx.body = gzip ? body.gzipped() : body.text();
    ctx.set('Content-Type', type);
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    return;
  }
  const text = typeof body === 'string' ? body : isPlainJson(body) ? JSON.stringify(body) : null;
  if (text === null || Buffer.byteLength(text) < GZIP_THRESHOLD) return;
  if (ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return;
  ctx.body = zlib.gzipSync(text, { level: 1 });
  ctx.set('Content-Type', type);
  ctx.set('Content-Encoding', 'gzip');
}

function isPlainJson(body: unknown): boolean {
  return typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

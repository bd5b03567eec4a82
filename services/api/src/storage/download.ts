import fs from 'node:fs/promises';
import type { Ctx } from '../context';
import { notFound } from '../errors';
import { detectFileType } from './fileType';
import { contentDisposition, storedPath } from './files';

/** The bytes detectFileType needs to tell a stored file's type (the longest signature). */
const SNIFF_BYTES = 16;

export interface StoredDownload {
  /** The folder of the store and the file's random stored name there. */
  dir: string;
  storedName: string;
  /** The original name, sent back in Content-Disposition (RFC 6266/5987); without one the header is a bare `attachment`. */
  fileName?: string;
  /** The type kept with the row; without one it is read from the file's first bytes (octet-stream if none fits). */
  mimeType?: string;
  /** How long the browser may keep it ('private, no-store' for a document, longer for an image shown in a list). */
  cacheControl: string;
  /** The 404's message when the row exists but its file is gone ('La foto ya no está disponible'). */
  missing: string;
}

/**
 * Sends a stored upload, streamed from disk: always a download (an upload opened on its own is
 * never a page, issue 15) with nosniff, so the browser keeps to the type we send.
 */
export async function sendFile(ctx: Ctx, file: StoredDownload): Promise<void> {
  const where = storedPath(file.dir, file.storedName);
  let handle: fs.FileHandle | undefined;
  let size: number;
  let mimeType = file.mimeType;
  try {
    handle = await fs.open(where);
    size = (await handle.stat()).size;
    if (!mimeType) {
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      mimeType = detectFileType(head.subarray(0, bytesRead)) ?? 'application/octet-stream';
    }
  } catch {
    await handle?.close().catch(() => undefined);
    throw notFound(file.missing);
  }
  ctx.set('Content-Disposition', file.fileName === undefined ? 'attachment' : contentDisposition(file.fileName));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', file.cacheControl);
  ctx.type = mimeType;
  ctx.body = handle.createReadStream({ start: 0 });
  ctx.length = size;
}

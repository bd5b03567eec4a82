import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../env';

/** DOCUMENTS_DIR, or `documents` beside the PGlite folder when the config does not say. */
export function documentsDir(config: Config): string {
  return config.documentsDir ?? path.resolve(path.dirname(config.pgliteDir || './data/pglite'), 'documents');
}

/** Generated reports live in a `reports` folder inside the documents folder. */
export function reportsDir(config: Config): string {
  return path.join(documentsDir(config), 'reports');
}

/**
 * Writes bytes under `dir` with a fresh random name (never the user's file name) and returns that
 * name, which is what the database keeps.
 */
export async function storeFile(dir: string, bytes: Buffer): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = randomUUID();
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** The absolute path of a stored name; refuses anything that is not a bare name. */
export function storedPath(dir: string, name: string): string {
  if (name !== path.basename(name) || name.startsWith('.')) throw new Error(`Nombre de archivo almacenado no válido: ${name}`);
  return path.join(dir, name);
}

export async function removeStored(dir: string, name: string): Promise<void> {
  await fs.rm(storedPath(dir, name), { force: true });
}

/** A Content-Disposition header keeping a non-ASCII original name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

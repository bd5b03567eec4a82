import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { stripBidiControls } from '@arrendia/locale-es';
import type { Config } from '../env';
import { HttpError } from '../errors';

/** DOCUMENTS_DIR, or `documents` beside the PGlite folder when the config does not say. */
export function documentsDir(config: Config): string {
  return config.documentsDir ?? path.resolve(path.dirname(config.pgliteDir || './data/pglite'), 'documents');
}

/** Generated reports live in a `reports` folder inside the documents folder. */
export function reportsDir(config: Config): string {
  return path.join(documentsDir(config), 'reports');
}

/** The ZIPs of 'Exportar mis datos' (issue 35) live in an `exports` folder inside the documents folder. */
export function exportsDir(config: Config): string {
  return path.join(documentsDir(config), 'exports');
}

/**
 * Writes bytes under `dir` with a fresh random name (never the user's file name) and returns that
 * name, which is what the database keeps.
 */
export async function storeFile(dir: string, bytes: Buffer): Promise<string> {
  const name = randomUUID();
  const file = path.join(dir, name);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(file, bytes, { flag: 'wx' });
  } catch (err) {
    // A disk that filled up halfway leaves part of the file: it goes, like the row that never was.
    await fs.rm(file, { force: true }).catch(() => undefined);
    throw storageFailure(err);
  }
  return name;
}

/**
 * Writes several files under `dir` with the names given (each new: an existing name is an error),
 * all or none: a failure halfway removes what was written. For a set derived from one upload (the
 * sizes of a listing photo); the caller makes the names unguessable.
 */
export async function storeNamedFiles(dir: string, files: ReadonlyArray<{ name: string; bytes: Buffer }>): Promise<void> {
  const written: string[] = [];
  try {
    await fs.mkdir(dir, { recursive: true });
    for (const file of files) {
      const where = storedPath(dir, file.name);
      try {
        await fs.writeFile(where, file.bytes, { flag: 'wx' });
      } catch (err) {
        // A write that fails halfway leaves part of a file; a name refused as taken is not ours to remove.
        if ((err as { code?: unknown }).code !== 'EEXIST') written.push(where);
        throw err;
      }
      written.push(where);
    }
  } catch (err) {
    await Promise.all(written.map((where) => fs.rm(where, { force: true }).catch(() => undefined)));
    throw storageFailure(err);
  }
}

/**
 * The storage faults an operator must fix (a full disk, a read-only or forbidden folder) as a
 * clear 409 the client can show, instead of a 500: the request changed nothing (the caller's
 * transaction rolls back) and may be retried once the storage is fixed. Anything else is rethrown.
 */
export class StorageFailure extends HttpError {}

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);

function storageFailure(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return err;
  if (FULL.has(code)) return new StorageFailure(409, 'storage_full', 'No queda espacio para guardar el archivo. No se ha guardado nada; avisa al administrador de la plataforma.');
  if (READ_ONLY.has(code)) return new StorageFailure(409, 'storage_read_only', 'El almacén de documentos no admite escrituras en este momento. No se ha guardado nada; avisa al administrador de la plataforma.');
  return err;
}

/** The absolute path of a stored name; refuses anything that is not a bare name. */
export function storedPath(dir: string, name: string): string {
  if (name !== path.basename(name) || name.startsWith('.')) throw new Error(`Nombre de archivo almacenado no válido: ${name}`);
  return path.join(dir, name);
}

export async function removeStored(dir: string, name: string): Promise<void> {
  await fs.rm(storedPath(dir, name), { force: true });
}

/**
 * A Content-Disposition header keeping a non-ASCII original name (RFC 6266 / 5987), less any bidi
 * control a name stored before uploads dropped them still has (receiveFile.ts).
 */
export function contentDisposition(original: string): string {
  const fileName = stripBidiControls(original);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LISTING_MESSAGES, LISTING_PHOTO_MAX_PIXELS, LISTING_PHOTO_TYPES, LISTING_PHOTO_WIDTHS, type ListingPhotoWidth } from '@arrendia/api-contract';
import sharp, { type Metadata } from 'sharp';
import type { Config } from '../env';
import { validationError } from '../errors';
import { documentsDir, storedPath, storeNamedFiles } from './files';

/**
 * Listing photos (issue 32, point 5): each upload is decoded once by sharp (libvips) and kept at
 * LISTING_PHOTO_WIDTHS in WebP and JPEG, so the catalogue card, the gallery and its thumbnails load
 * only the pixels they show (the public pages' Lighthouse score) and a browser without WebP still
 * gets a JPEG. The original is not kept: its metadata (a phone's EXIF carries the GPS position of
 * the flat) is dropped, and its orientation is applied to the pixels first.
 */

/** The folder of the listing photos, inside the documents folder. */
export function listingPhotosDir(config: Config): string {
  return path.join(documentsDir(config), 'listing-photos');
}

export type ListingPhotoFormat = 'webp' | 'jpeg';
const EXTENSION: Record<ListingPhotoFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/** The stored name of one size and format of a photo. */
export const listingPhotoFile = (storageKey: string, width: ListingPhotoWidth, format: ListingPhotoFormat) => `${storageKey}-${width}.${EXTENSION[format]}`;

/** What the decoder accepts: the formats cameras and phones save, checked on the bytes, not the name. */
const ACCEPTED = new Set<string>(LISTING_PHOTO_TYPES.map((type) => type.replace('image/', '')));

export interface PreparedListingPhoto {
  storageKey: string;
  /** The photo's size upright, before resizing. */
  width: number;
  height: number;
  files: Array<{ name: string; bytes: Buffer }>;
  sizeKb: number;
}

/**
 * Decodes an upload and makes its sizes, or refuses it with a 400 on `file`: not a JPEG, PNG or
 * WebP by its content (a PDF renamed .jpg, a truncated image), or over LISTING_PHOTO_MAX_PIXELS
 * (a small file that would decode to gigabytes). Nothing is written here.
 */
export async function prepareListingPhoto(bytes: Buffer): Promise<PreparedListingPhoto> {
  const input = () => sharp(bytes, { limitInputPixels: LISTING_PHOTO_MAX_PIXELS, failOn: 'error', autoOrient: true });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    // libvips refuses a header over limitInputPixels before reading any pixel.
    const message = /pixel limit/i.test(String((err as Error).message)) ? LISTING_MESSAGES.photoPixels : LISTING_MESSAGES.photoType;
    throw validationError(message, { file: message });
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw validationError(LISTING_MESSAGES.photoType, { file: LISTING_MESSAGES.photoType });
  if (meta.width * meta.height > LISTING_PHOTO_MAX_PIXELS) throw validationError(LISTING_MESSAGES.photoPixels, { file: LISTING_MESSAGES.photoPixels });
  // Upright: a portrait photo a phone stored sideways with an EXIF orientation.
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };

  const storageKey = randomUUID();
  const files: PreparedListingPhoto['files'] = [];
  try {
    for (const width of LISTING_PHOTO_WIDTHS) {
      const resized = () => input().resize({ width, withoutEnlargement: true }).flatten({ background: '#ffffff' });
      files.push({ name: listingPhotoFile(storageKey, width, 'webp'), bytes: await resized().webp({ quality: 78 }).toBuffer() });
      files.push({ name: listingPhotoFile(storageKey, width, 'jpeg'), bytes: await resized().jpeg({ quality: 80, mozjpeg: true }).toBuffer() });
    }
  } catch {
    // Readable headers over broken pixel data: found only when decoding.
    throw validationError(LISTING_MESSAGES.photoType, { file: LISTING_MESSAGES.photoType });
  }
  const bytesKept = files.reduce((sum, f) => sum + f.bytes.length, 0);
  return { storageKey, width: upright.width, height: upright.height, files, sizeKb: Math.ceil(bytesKept / 1024) };
}

/** Writes a prepared photo's files, all or none (a 409 the client can show when the disk refuses). */
export async function storeListingPhoto(dir: string, photo: PreparedListingPhoto): Promise<void> {
  await storeNamedFiles(dir, photo.files);
}

/** Removes every file of a stored photo; a file already gone is no error. */
export async function removeListingPhoto(dir: string, storageKey: string): Promise<void> {
  await Promise.all(
    LISTING_PHOTO_WIDTHS.flatMap((width) => (['webp', 'jpeg'] as const).map((format) => fs.rm(storedPath(dir, listingPhotoFile(storageKey, width, format)), { force: true }))),
  );
}

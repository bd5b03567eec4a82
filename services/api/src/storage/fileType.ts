import type { DocumentMimeType } from '@arrendia/api-contract';

const SIGNATURES: ReadonlyArray<{ type: DocumentMimeType; bytes: readonly number[] }> = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/gif', bytes: [...Buffer.from('GIF87a')] },
  { type: 'image/gif', bytes: [...Buffer.from('GIF89a')] },
  { type: 'application/pdf', bytes: [...Buffer.from('%PDF-')] },
];

/**
 * The file's type by its first bytes (its "magic number"), or null when it is none of the allowed
 * ones. The name and the Content-Type the browser sent are not trusted.
 */
export function detectFileType(bytes: Buffer): DocumentMimeType | null {
  const match = SIGNATURES.find((s) => bytes.length >= s.bytes.length && s.bytes.every((b, i) => bytes[i] === b));
  return match?.type ?? null;
}

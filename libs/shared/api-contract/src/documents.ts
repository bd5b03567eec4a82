import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './common';

/** The document tiles of /documents (spec §2). */
export const DOCUMENT_CATEGORIES = ['Contratos', 'Recibos', 'Incidencias', 'Inventarios'] as const;

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** What a document may hang off; each must be in the uploader's manageable scope. */
export const DOCUMENT_ENTITY_TYPES = ['property', 'contract', 'incident'] as const;

export type DocumentEntityType = (typeof DOCUMENT_ENTITY_TYPES)[number];

/** Upload limits: one file of at most 10 MB, JPG, PNG, GIF or PDF (checked by content, not by name). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf';

export const DOCUMENT_LIMITS_TEXT = 'JPG, GIF, PNG o PDF. 10 MB máximo.';

export const DOCUMENT_TYPE_ERROR = 'Solo se admiten archivos JPG, GIF, PNG o PDF';

export const DOCUMENT_SIZE_ERROR = 'El archivo supera el máximo de 10 MB';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The text fields of the multipart POST /api/documents (the file travels as `file`). */
export const DocumentsUploadSchema = z
  .object({
    category: z.enum(DOCUMENT_CATEGORIES, { error: 'Elige una categoría' }),
    relatedEntityType: z.preprocess(emptyToUndefined, z.enum(DOCUMENT_ENTITY_TYPES, { error: 'Tipo de entidad no válido' }).optional()),
    relatedEntityId: z.preprocess(emptyToUndefined, IdSchema.optional()),
  })
  .strict()
  .refine((v) => (v.relatedEntityType === undefined) === (v.relatedEntityId === undefined), {
    message: 'Indica el tipo y el identificador de la entidad, o ninguno',
    path: ['relatedEntityId'],
  });

export type DocumentsUploadInput = z.input<typeof DocumentsUploadSchema>;

/** GET /api/documents query: paging and an optional category. */
export const DocumentsListQuerySchema = PageQuerySchema.extend({
  category: z.preprocess(emptyToUndefined, z.enum(DOCUMENT_CATEGORIES, { error: 'Categoría no válida' }).optional()),
});

/** A document as lists read it; the path on disk never leaves the server. */
export const DocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.enum(DOCUMENT_MIME_TYPES),
  fileSizeKb: z.number().int(),
  category: z.enum(DOCUMENT_CATEGORIES).nullable(),
  relatedEntityType: z.enum(DOCUMENT_ENTITY_TYPES).nullable(),
  relatedEntityId: z.number().int().nullable(),
  uploadedByUserId: z.number().int().nullable(),
  uploadedBy: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  /** Whether the user may delete it (manageable scope). */
  canDelete: z.boolean(),
});

export type DocumentItem = z.infer<typeof DocumentSchema>;

/** GET /api/documents/summary: how many documents of each category the user sees. */
export const DocumentsSummarySchema = z.object({
  total: z.number().int(),
  byCategory: z.record(z.enum(DOCUMENT_CATEGORIES), z.number().int()),
  /** What the user itself stored (uploads and profile photo) against its plan's storage quota, in KB. */
  storage: z.object({ usedKb: z.number().int(), quotaKb: z.number().int() }),
});

export type DocumentsSummary = z.infer<typeof DocumentsSummarySchema>;

/** Where a document's bytes are downloaded (scope-checked by the API). */
export const documentDownloadUrl = (id: number): string => `/api/documents/${id}/download`;

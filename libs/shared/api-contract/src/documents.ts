import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, optionalFilter, optionalText } from './common';

/**
 * A document's category (issue 33, point 3): what a document is, stored as these words. Migration
 * 20261205110000 mapped the former tiles (Contratos, Recibos, Incidencias, Inventarios) onto them.
 */
export const DOCUMENT_CATEGORIES = ['contrato', 'factura', 'recibo', 'seguro', 'certificado energético', 'inventario', 'otro'] as const;

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Each category as a user reads it. */
export const DOCUMENT_CATEGORY_LABELS: Readonly<Record<DocumentCategory, string>> = {
  contrato: 'Contrato',
  factura: 'Factura',
  recibo: 'Recibo',
  seguro: 'Seguro',
  'certificado energético': 'Certificado energético',
  inventario: 'Inventario',
  otro: 'Otro',
};

/** What a document may hang off; each must be a record the uploader may see and edit. */
export const DOCUMENT_ENTITY_TYPES = ['property', 'unit', 'contract', 'incident', 'tenant'] as const;

export type DocumentEntityType = (typeof DOCUMENT_ENTITY_TYPES)[number];

/** Each kind of record as a user reads it. */
export const DOCUMENT_ENTITY_LABELS: Readonly<Record<DocumentEntityType, string>> = {
  property: 'Propiedad',
  unit: 'Unidad',
  contract: 'Contrato',
  incident: 'Incidencia',
  tenant: 'Inquilino',
};

/**
 * A record a detail page shows the documents of ('Documentos'), as the page hands it to the
 * section: which record, how the page names it, and whether the user may attach to it (the page
 * knows its own rules; the API checks them again).
 */
export interface DocumentRecord {
  relatedEntityType: DocumentEntityType;
  relatedEntityId: number;
  /** 'Contrato MTX-A', 'Ático A': the dialog's title and the upload form's note. */
  label: string;
  canAttach?: boolean;
}

/** Lower case without Spanish accents: 'Certificado Energetico' reads as 'certificado energético'. */
const plainWords = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** A category as a client may send it: any case, with or without accents, read as its stored word. */
const categoryInput = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? (DOCUMENT_CATEGORIES.find((c) => plainWords(c) === plainWords(v)) ?? v) : v), z.enum(DOCUMENT_CATEGORIES, { error: message }));

/** Upload limits: one file of at most 10 MB, JPG, PNG, GIF or PDF (checked by content, not by name). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf';

export const DOCUMENT_LIMITS_TEXT = 'JPG, GIF, PNG o PDF. 10 MB máximo.';

export const DOCUMENT_TYPE_ERROR = 'Solo se admiten archivos JPG, GIF, PNG o PDF';

export const DOCUMENT_SIZE_ERROR = 'El archivo supera el máximo de 10 MB';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The message of a relatedEntityType the API does not know (400, field relatedEntityType). */
export const DOCUMENT_ENTITY_TYPE_ERROR = 'Tipo de entidad no válido';

/** The text fields of the multipart POST /api/documents (the file travels as `file`). */
export const DocumentsUploadSchema = z
  .object({
    category: categoryInput('Elige una categoría'),
    description: optionalText(500),
    relatedEntityType: z.preprocess(emptyToUndefined, z.enum(DOCUMENT_ENTITY_TYPES, { error: DOCUMENT_ENTITY_TYPE_ERROR }).optional()),
    relatedEntityId: z.preprocess(emptyToUndefined, IdSchema.optional()),
  })
  .strict()
  .refine((v) => (v.relatedEntityType === undefined) === (v.relatedEntityId === undefined), {
    message: 'Indica el tipo y el identificador de la entidad, o ninguno',
    path: ['relatedEntityId'],
  });

export type DocumentsUploadInput = z.input<typeof DocumentsUploadSchema>;

/** The fields the documents list sorts by (`?sort=-createdAt`): date, file name and size. */
export const DOCUMENT_SORTS = ['createdAt', 'fileName', 'fileSizeKb'] as const;

/**
 * GET /api/documents query: paging, sort and the filters. `relatedEntityType` with
 * `relatedEntityId` gives one record's documents (a detail page's 'Documentos'); `propertyId` the
 * documents of a property and of what hangs off it; `q` searches the file name and description;
 * `from`/`to` the upload day (Madrid).
 */
export const DocumentsListQuerySchema = listQuerySchema(DOCUMENT_SORTS, {
  category: optionalFilter(categoryInput('Categoría no válida')),
  relatedEntityType: optionalFilter(z.enum(DOCUMENT_ENTITY_TYPES, { error: DOCUMENT_ENTITY_TYPE_ERROR })),
  relatedEntityId: optionalFilter(IdSchema),
  propertyId: optionalFilter(IdSchema),
  q: optionalText(100),
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
}).refine((v) => v.relatedEntityId === undefined || v.relatedEntityType !== undefined, {
  message: 'Indica también el tipo de entidad',
  path: ['relatedEntityId'],
});

export type DocumentsListQuery = z.input<typeof DocumentsListQuerySchema>;

/** A document as lists read it; the path on disk never leaves the server. */
export const DocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.enum(DOCUMENT_MIME_TYPES),
  fileSizeKb: z.number().int(),
  category: z.enum(DOCUMENT_CATEGORIES),
  description: z.string().nullable(),
  relatedEntityType: z.enum(DOCUMENT_ENTITY_TYPES).nullable(),
  relatedEntityId: z.number().int().nullable(),
  /** How the list names the record it hangs off ('MTX-A', 'Piso Olivo · Ático A'); null when none. */
  relatedEntityLabel: z.string().nullable(),
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

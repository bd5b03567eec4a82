import { DOCUMENT_CATEGORIES, type DocumentCategory, type DocumentEntityType, type DocumentItem, type DocumentMimeType, type DocumentsSummary } from '@arrendia/api-contract';
import type { StorageUsage } from '../storage/quota';

/** A documents row with its uploader's name (see documentRows in queries/documents). */
export interface DocumentRow {
  id: number;
  fileName: string;
  filePath: string;
  fileType: DocumentMimeType;
  fileSizeKb: number;
  category: DocumentCategory;
  description: string | null;
  relatedEntityType: DocumentEntityType | null;
  relatedEntityId: number | null;
  /** The record's name (queries/documents withRelatedLabel), where the query read it. */
  relatedEntityLabel?: string | null;
  uploadedByUserId: number | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  createdAt: Date | string;
}

/** A document as the /documents screen reads it; `canDelete` says whether this user may delete it. */
export function presentDocument(row: DocumentRow, canDelete: boolean): DocumentItem {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSizeKb: row.fileSizeKb,
    category: row.category,
    description: row.description ?? null,
    relatedEntityType: row.relatedEntityType,
    relatedEntityId: row.relatedEntityId,
    relatedEntityLabel: row.relatedEntityLabel ?? null,
    uploadedByUserId: row.uploadedByUserId,
    uploadedBy: row.uploadedByUserId === null ? null : { firstName: row.uploaderFirstName, lastName: row.uploaderLastName },
    createdAt: new Date(row.createdAt).toISOString(),
    canDelete,
  };
}

/** The /documents summary: the counts of each category (every category, 0 when none), their total and the user's storage use. */
export function presentDocumentsSummary(counts: { category: DocumentCategory; n: string | number }[], storage: StorageUsage): DocumentsSummary {
  const byCategory = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, 0])) as Record<DocumentCategory, number>;
  let total = 0;
  for (const row of counts) {
    total += Number(row.n);
    byCategory[row.category] = Number(row.n);
  }
  return { total, byCategory, storage };
}

import type { DocumentCategory, DocumentEntityType, DocumentItem, DocumentMimeType } from '@arrendia/api-contract';

/** A documents row with its uploader's name (see documentRows in routes/documents). */
export interface DocumentRow {
  id: number;
  fileName: string;
  filePath: string;
  fileType: DocumentMimeType;
  fileSizeKb: number;
  category: DocumentCategory | null;
  relatedEntityType: DocumentEntityType | null;
  relatedEntityId: number | null;
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
    relatedEntityType: row.relatedEntityType,
    relatedEntityId: row.relatedEntityId,
    uploadedByUserId: row.uploadedByUserId,
    uploadedBy: row.uploadedByUserId === null ? null : { firstName: row.uploaderFirstName, lastName: row.uploaderLastName },
    createdAt: new Date(row.createdAt).toISOString(),
    canDelete,
  };
}

import path from 'node:path';
import type { DocumentCategory, DocumentEntityType, DocumentMimeType } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { afterCommit } from '../db/afterCommit';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { DOCUMENT_ENTITY_ID, documentEntityIds, editablePropertyIds, manageablePropertyIds, scopeDeletableDocuments } from '../policies/scope';
import type { DocumentRow } from '../presenters/document';
import { removeStored, storeFile } from '../storage/files';
import { reserveStorage } from '../storage/quota';

export interface DocumentUpload {
  bytes: Buffer;
  originalName: string;
  fileType: DocumentMimeType;
  category: DocumentCategory;
  description?: string;
  relatedEntityType?: DocumentEntityType;
  relatedEntityId?: number;
}

/** The name shown and sent back on download: the last path segment, no control characters, at most 255. */
function cleanFileName(original: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(original.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'documento').slice(-255);
}

/** The 404 of a record a document cannot be attached to (missing or outside the user's scope). */
export const ATTACH_NOT_FOUND = 'No se ha encontrado el elemento al que quieres adjuntar el documento';

/**
 * Stores an uploaded document (POST /api/documents) under a random name in `dir` and keeps its row;
 * attached to a record only when the user may see and edit it (404 otherwise): a property or a unit
 * whose record it may edit (an agent, those in its charge), a contract, an incident or a tenant (one
 * with a contract there) of a property it manages. If the row cannot be written, the stored file goes too.
 */
export async function uploadDocument(trx: Knex.Transaction, user: User, dir: string, upload: DocumentUpload): Promise<DocumentRow> {
  const { relatedEntityType: type, relatedEntityId: entityId } = upload;
  if (type && entityId) {
    const propertyIds = type === 'property' || type === 'unit' ? editablePropertyIds(trx, user) : manageablePropertyIds(trx, user);
    await loadInScope(documentEntityIds(trx, type, propertyIds).where(DOCUMENT_ENTITY_ID[type], entityId), { notFound: ATTACH_NOT_FOUND, field: 'relatedEntityId' });
  }
  return storeDocument(trx, user, dir, upload);
}

/**
 * Stores a file under a random name in `dir` and writes its documents row (audited), for a caller
 * that has already checked the user may attach it; if the row cannot be written, the file goes too.
 * The user's quota and upload rate are checked first, so a refusal leaves no file behind.
 */
export async function storeDocument(trx: Knex.Transaction, user: User, dir: string, upload: DocumentUpload): Promise<DocumentRow> {
  const { relatedEntityType: type, relatedEntityId: entityId } = upload;
  await reserveStorage(trx, user.id, upload.bytes.length);
  const stored = await storeFile(dir, upload.bytes);
  try {
    const [row] = await trx('documents')
      .insert({
        fileName: cleanFileName(upload.originalName),
        filePath: stored,
        fileType: upload.fileType,
        fileSizeKb: Math.ceil(upload.bytes.length / 1024),
        category: upload.category,
        description: upload.description ?? null,
        relatedEntityType: type ?? null,
        relatedEntityId: entityId ?? null,
        uploadedByUserId: user.id,
      })
      .returning('*');
    await audit(trx, { userId: user.id, action: 'create', tableName: 'documents', recordId: row.id, newValues: { ...row, filePath: undefined } });
    return { ...row, uploaderFirstName: user.firstName ?? null, uploaderLastName: user.lastName ?? null };
  } catch (err) {
    await removeStored(dir, stored);
    throw err;
  }
}

/** Deletes a document the user may delete (else 404); its file in `dir` goes once the transaction commits. */
export async function deleteDocument(trx: Knex.Transaction, user: User, dir: string, id: number): Promise<void> {
  const row = await loadInScope<DocumentRow>(trx('documents').select('documents.*').where('documents.id', id), {
    scope: (q) => scopeDeletableDocuments(trx, q, user),
    lock: true,
    notFound: 'No se ha encontrado el documento',
  });
  await trx('documents').where('id', id).delete();
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'documents', recordId: id, oldValues: { ...row, filePath: undefined } });
  afterCommit(trx, () => removeStored(dir, row.filePath));
}

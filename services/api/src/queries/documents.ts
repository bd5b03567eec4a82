import type { DocumentCategory } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { scopeDeletableDocuments, scopeDocuments } from '../policies/scope';
import type { DocumentRow } from '../presenters/document';

type Db = Knex | Knex.Transaction;

/** Documents the user may see, with their uploader's name (DocumentRow), newest first; `category` narrows. */
export function documentRows(db: Db, user: User, { category }: { category?: DocumentCategory } = {}): Knex.QueryBuilder {
  const query = db('documents')
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedByUserId')
    .select('documents.*', 'uploader.firstName as uploaderFirstName', 'uploader.lastName as uploaderLastName');
  if (category) query.where('documents.category', category);
  return scopeDocuments(db, query, user).orderBy([
    { column: 'documents.createdAt', order: 'desc' },
    { column: 'documents.id', order: 'desc' },
  ]);
}

/** One document the user may see (to download it); 404 otherwise. */
export function findDocument(db: Db, user: User, id: number): Promise<DocumentRow> {
  return loadInScope<DocumentRow>(documentRows(db, user).where('documents.id', id), { notFound: 'No se ha encontrado el documento' });
}

/** Ids of the given documents the user may delete. */
export async function deletableDocumentIds(db: Db, user: User, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows: { id: number }[] = await scopeDeletableDocuments(db, db('documents').select('documents.id').whereIn('documents.id', ids), user);
  return new Set(rows.map((r) => r.id));
}

/** How many documents of each category (null: none) the user sees. */
export function documentCountsByCategory(db: Db, user: User): Promise<{ category: DocumentCategory | null; n: string | number }[]> {
  return scopeDocuments(db, db('documents').select('documents.category').count({ n: '*' }).groupBy('documents.category'), user);
}

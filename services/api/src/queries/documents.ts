import { DOCUMENT_ENTITY_TYPES, type DOCUMENT_SORTS, type DocumentCategory, type DocumentEntityType, type ListSort } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { documentEntityIds, scopeDeletableDocuments, scopeDocuments } from '../policies/scope';
import type { DocumentRow } from '../presenters/document';
import { madridDayBounds } from './dashboardMetrics';
import { whereContains } from './textSearch';

type Db = Knex | Knex.Transaction;
type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const DOCUMENT_NOT_FOUND = 'No se ha encontrado el documento';

/**
 * How the list names the record a document hangs off (DocumentRow.relatedEntityLabel): a
 * property's name, 'Property · Unit', a contract's code, an incident's title, a tenant's name (or
 * email). Only for the page's rows: each is one lookup by primary key.
 */
const RELATED_LABEL_SQL = `case "documents"."relatedEntityType"
  when 'property' then (select p."propertyName" from main_properties p where p.id = "documents"."relatedEntityId")
  when 'unit' then (select p."propertyName" || ' · ' || u."unitName" from rentable_units u join main_properties p on p.id = u."mainPropertyId" where u.id = "documents"."relatedEntityId")
  when 'contract' then (select c."contractCode" from contracts c where c.id = "documents"."relatedEntityId")
  when 'incident' then (select i.title from incidents i where i.id = "documents"."relatedEntityId")
  when 'tenant' then (select coalesce(nullif(trim(concat_ws(' ', t."firstName", t."lastName")), ''), t.email) from users t where t.id = "documents"."relatedEntityId")
end as "relatedEntityLabel"`;

/** Adds the label of each row's record (RELATED_LABEL_SQL) to a documents query. */
export const withRelatedLabel = (db: Db) => (query: Knex.QueryBuilder) => query.select(db.raw(RELATED_LABEL_SQL));

/** Documents the user may see, with their uploader's name (DocumentRow without the label). */
export function documentRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('documents')
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedByUserId')
    .select('documents.*', 'uploader.firstName as uploaderFirstName', 'uploader.lastName as uploaderLastName');
  return scopeDocuments(db, query, user);
}

export interface DocumentFilters {
  category?: DocumentCategory;
  /** One record's documents (with relatedEntityId), or every document hanging off that kind of record. */
  relatedEntityType?: DocumentEntityType;
  relatedEntityId?: number;
  /** Documents of the property and of what hangs off it (its units, contracts, incidents and tenants). */
  propertyId?: number;
  /** Words of the file name or the description. */
  q?: string;
  /** Uploaded on or after / on or before these Madrid days. */
  from?: string;
  to?: string;
  sort?: ListSort<DocumentSort> | null;
}

/** The column of each sortable field of the list (api-contract DOCUMENT_SORTS). */
const DOCUMENT_SORT_COLUMNS: Record<DocumentSort, SortColumn> = {
  createdAt: 'documents.createdAt',
  fileName: { text: 'documents.fileName' },
  fileSizeKb: 'documents.fileSizeKb',
};

const NEWEST_FIRST: readonly PageOrder[] = [
  { column: 'documents.createdAt', order: 'desc' },
  { column: 'documents.id', order: 'desc' },
];

/**
 * The documents list, newest first unless sorted, as paginate reads it: the rows with their
 * uploader, their count on documents alone, and the record labels of the page's rows.
 */
export function documentListPage(db: Db, user: User, { category, relatedEntityType, relatedEntityId, propertyId, q, from, to, sort }: DocumentFilters) {
  const filtered = (qb: Knex.QueryBuilder) => {
    if (category) qb.where('documents.category', category);
    if (relatedEntityType) qb.where('documents.relatedEntityType', relatedEntityType);
    if (relatedEntityId) qb.where('documents.relatedEntityId', relatedEntityId);
    if (propertyId) {
      const property = db('main_properties').select('main_properties.id').where('main_properties.id', propertyId);
      qb.where((w) => {
        for (const type of DOCUMENT_ENTITY_TYPES) w.orWhere((x) => x.where('documents.relatedEntityType', type).whereIn('documents.relatedEntityId', documentEntityIds(db, type, property)));
      });
    }
    if (q) whereContains(qb, db, ['documents.fileName', 'documents.description'], q);
    if (from) qb.where('documents.createdAt', '>=', madridDayBounds(from).start);
    if (to) qb.where('documents.createdAt', '<', madridDayBounds(to).end);
    return qb;
  };
  const query = orderedBy(filtered(documentRows(db, user)), listOrder(sort, DOCUMENT_SORT_COLUMNS, NEWEST_FIRST, 'documents.id'));
  const count = filtered(scopeDocuments(db, db('documents'), user));
  return { query, count, decorate: withRelatedLabel(db) };
}

/** One document the user may see (to download it or answer its upload), with its record's label; 404 otherwise. */
export function findDocument(db: Db, user: User, id: number): Promise<DocumentRow> {
  return loadInScope<DocumentRow>(withRelatedLabel(db)(documentRows(db, user).where('documents.id', id)), { notFound: DOCUMENT_NOT_FOUND });
}

/** Ids of the given documents the user may delete. */
export async function deletableDocumentIds(db: Db, user: User, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows: { id: number }[] = await scopeDeletableDocuments(db, db('documents').select('documents.id').whereIn('documents.id', ids), user);
  return new Set(rows.map((r) => r.id));
}

/** How many documents of each category the user sees. */
export function documentCountsByCategory(db: Db, user: User): Promise<{ category: DocumentCategory; n: string | number }[]> {
  return scopeDocuments(db, db('documents').select('documents.category').count({ n: '*' }).groupBy('documents.category'), user);
}

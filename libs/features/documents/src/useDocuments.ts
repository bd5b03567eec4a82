import { DOCUMENT_SORTS, DocumentSchema, type DocumentEntityType, type DocumentsSummary } from '@arrendia/api-contract';
import { apiRequest, useListPage } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadDocument, type UploadInput } from './upload';

export const DOCUMENTS_PATH = '/api/documents';
export const SUMMARY_KEY = ['/api/documents/summary'] as const;

/** The filters of /documents, the API's names (api-contract DocumentsListQuerySchema). */
export const DOCUMENT_FILTERS = ['q', 'category', 'relatedEntityType', 'propertyId', 'from', 'to'] as const;
/** The filters of one record's 'Documentos'. */
export const RECORD_DOCUMENT_FILTERS = ['q', 'category'] as const;

type DocumentFilter = (typeof DOCUMENT_FILTERS)[number];

/** A record whose documents a page lists: only its documents are asked for, under a prefix of its own in the URL. */
export interface DocumentListScope {
  record?: { relatedEntityType: DocumentEntityType; relatedEntityId: number };
  prefix?: string;
  pageSize?: number;
}

/** The documents the user sees (the API scopes them), one page, with the filters and order in the URL. */
export function useDocumentList<F extends DocumentFilter>(filters: readonly F[], { record, prefix, pageSize }: DocumentListScope = {}) {
  return useListPage({
    path: DOCUMENTS_PATH,
    schema: z.array(DocumentSchema),
    filters,
    sorts: DOCUMENT_SORTS,
    pageSize,
    prefix,
    fixed: record ? { relatedEntityType: record.relatedEntityType, relatedEntityId: record.relatedEntityId } : undefined,
  });
}

/**
 * Every documents query (the lists with any filter and the summary), and what shows a record's
 * documents elsewhere: an incident's photos, a contract's detail.
 */
function refreshAfter(client: QueryClient, record?: { relatedEntityType: DocumentEntityType | null; relatedEntityId: number | null }) {
  const heads = [DOCUMENTS_PATH];
  if (record?.relatedEntityType === 'incident') heads.push(`/api/incidents/${record.relatedEntityId}/photos`);
  if (record?.relatedEntityType === 'contract') heads.push(`/api/contracts/${record.relatedEntityId}`);
  return client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && heads.some((head) => (q.queryKey[0] as string).startsWith(head)) });
}

export function useDocumentsSummary() {
  return useQuery<DocumentsSummary>({ queryKey: SUMMARY_KEY });
}

export function useUploadDocument(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadDocument(input, onProgress),
    onSuccess: (_doc, input) => refreshAfter(client, input.record),
  });
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (doc: { id: number; relatedEntityType: DocumentEntityType | null; relatedEntityId: number | null }) => apiRequest('DELETE', `/api/documents/${doc.id}`),
    onSuccess: (_res, doc) => refreshAfter(client, doc),
  });
}

import type { DocumentCategory, DocumentItem, DocumentsSummary } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { uploadDocument, type UploadInput } from './upload';

export const SUMMARY_KEY = ['/api/documents/summary'] as const;
export const documentsKey = (category: DocumentCategory | null) => [category ? `/api/documents?category=${encodeURIComponent(category)}` : '/api/documents'] as const;

/** Every documents query (the list with any filter and the summary). */
const refreshAll = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/documents') });

export function useDocuments(category: DocumentCategory | null) {
  return useQuery<DocumentItem[]>({ queryKey: documentsKey(category) });
}

export function useDocumentsSummary() {
  return useQuery<DocumentsSummary>({ queryKey: SUMMARY_KEY });
}

export function useUploadDocument(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadDocument(input, onProgress),
    onSuccess: () => refreshAll(client),
  });
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/documents/${id}`),
    onSuccess: () => refreshAll(client),
  });
}

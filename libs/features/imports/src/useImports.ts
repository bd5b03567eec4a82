import { ImportSchema, type Import, type ImportEntity, type ImportMappingPutData } from '@arrendia/api-contract';
import { apiRequest, getJson, throwIfResNotOk } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every query of this screen starts with it: the live event 'import.progress' invalidates them all. */
export const IMPORTS_PATH = '/api/imports';
export const importKey = (id: number) => [IMPORTS_PATH, id] as const;

/** How often a running import is read again when no live event arrives (the stream is the fast path). */
export const IMPORT_POLL_MS = 5_000;

/** Template downloads (GET, with the session cookie): one CSV per entity, and the whole workbook. */
export const templateUrl = (entity: ImportEntity) => `${IMPORTS_PATH}/templates/${entity}.csv`;
export const WORKBOOK_TEMPLATE_URL = `${IMPORTS_PATH}/templates/plantilla.xlsx`;

/** One import (its preview, progress and report), polled slowly only while it is importing. */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: importKey(id ?? 0),
    queryFn: async ({ signal }) => (await getJson(`${IMPORTS_PATH}/${id}`, ImportSchema, signal)).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'importing' ? IMPORT_POLL_MS : false),
  });
}

/** What 'Revisar archivo' sends besides the file: the entity of a CSV, and the super admin's account. */
export interface ImportUpload {
  file: File;
  entity?: ImportEntity;
  forUserId?: number;
  agencyId?: number;
}

/** POST /api/imports (multipart) → the preview, kept as the import's query. */
export function useCreateImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, entity, forUserId, agencyId }: ImportUpload) => {
      const form = new FormData();
      if (entity) form.append('entity', entity);
      if (forUserId !== undefined) form.append('forUserId', String(forUserId));
      if (agencyId !== undefined) form.append('agencyId', String(agencyId));
      form.append('file', file);
      const res = await fetch(IMPORTS_PATH, { method: 'POST', credentials: 'include', body: form });
      await throwIfResNotOk(res);
      return (await res.json()) as Import;
    },
    onSuccess: (created) => {
      client.setQueryData(importKey(created.id), created);
      return client.invalidateQueries({ queryKey: [IMPORTS_PATH], predicate: (q) => q.queryKey[1] !== created.id });
    },
  });
}

/** A call on one import that answers it again (mapping, commit, cancel): the answer replaces the cached import. */
function useImportCall<V>(call: (id: number, input: V) => Promise<Response>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: V }) => (await call(id, input)).json() as Promise<Import>,
    onSuccess: (updated) => client.setQueryData(importKey(updated.id), updated),
  });
}

/** PUT /api/imports/:id/mapping: the user's entities and columns of some sheets. */
export const useRemapImport = () => useImportCall<ImportMappingPutData>((id, input) => apiRequest('PUT', `${IMPORTS_PATH}/${id}/mapping`, input));
/** POST /api/imports/:id/commit: the job starts writing the valid rows. */
export const useCommitImport = () => useImportCall<void>((id) => apiRequest('POST', `${IMPORTS_PATH}/${id}/commit`));
/** POST /api/imports/:id/cancel: the job stops before its next batch. */
export const useCancelImport = () => useImportCall<void>((id) => apiRequest('POST', `${IMPORTS_PATH}/${id}/cancel`));

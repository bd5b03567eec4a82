import { DOCUMENT_MAX_BYTES, DOCUMENT_SIZE_ERROR, DOCUMENT_TYPE_ERROR, type DocumentCategory, type DocumentEntityType, type DocumentItem } from '@arrendia/api-contract';

const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'pdf'];
const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'];

/**
 * What the browser can tell before sending: the name or type must be JPG, PNG, GIF or PDF and the
 * size at most 10 MB. The server checks the bytes themselves again.
 */
export function validateFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!ALLOWED_EXTENSIONS.includes(extension) && !ALLOWED_TYPES.includes(file.type)) return DOCUMENT_TYPE_ERROR;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_SIZE_ERROR;
  if (file.size === 0) return 'El archivo está vacío';
  return null;
}

export interface UploadInput {
  file: File;
  category: DocumentCategory;
  description?: string;
  /** The record the document is attached to (a detail page's 'Adjuntar documento'). */
  record?: { relatedEntityType: DocumentEntityType; relatedEntityId: number };
}

/**
 * POST /api/documents as multipart with XMLHttpRequest, whose upload events give the progress
 * (fetch has none). Fails like apiRequest: `Error("<status>: <body>")`.
 */
export function uploadDocument({ file, category, description, record }: UploadInput, onProgress: (percent: number) => void): Promise<DocumentItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(JSON.parse(xhr.responseText) as DocumentItem);
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new Error('0: No se pudo conectar con el servidor'));
    const body = new FormData();
    body.append('category', category);
    if (description) body.append('description', description);
    if (record) {
      body.append('relatedEntityType', record.relatedEntityType);
      body.append('relatedEntityId', String(record.relatedEntityId));
    }
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

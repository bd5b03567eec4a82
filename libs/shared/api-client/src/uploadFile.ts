/**
 * POSTs one file as multipart (field `file`) with the session cookie, reporting upload progress
 * (0–100) as it goes: fetch cannot, XMLHttpRequest can. Resolves with the parsed JSON answer;
 * rejects like apiRequest, with `Error("<status>: <body>")`, so readErrorBody works on it.
 */
export function uploadFile<T>(url: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((100 * event.loaded) / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new Error(`${xhr.status}: respuesta no válida`));
        }
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new Error('0: No se pudo conectar con el servidor'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

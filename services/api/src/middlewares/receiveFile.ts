import { stripBidiControls } from '@arrendia/locale-es';
import multer from '@koa/multer';
import type { AppMiddleware } from '../context';
import { HttpError, validationError } from '../errors';

/**
 * Multipart parsing of one file in the field `file` (kept in memory) with our error shape: a file
 * over `maxBytes` is 413 with `sizeError`, any other refusal 400. Non-ASCII names arrive as UTF-8;
 * bidi controls leave the name here, before anything keeps or shows it ('factura\u202Efdp.exe' would
 * read as 'facturaexe.pdf').
 */
export function receiveFile({ maxBytes, sizeError }: { maxBytes: number; sizeError: string }): AppMiddleware {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    defParamCharset: 'utf8',
  }).single('file');
  return async (ctx, next) => {
    if (!ctx.is('multipart')) throw validationError('Envía el archivo como multipart/form-data', { file: 'Elige un archivo' });
    try {
      await upload(ctx as never, async () => {});
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, 'payload_too_large', sizeError, { file: sizeError });
      if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') throw validationError('Sube un solo archivo en el campo file', { file: 'Sube un solo archivo' });
      if (typeof code === 'string' && code.startsWith('LIMIT_')) throw validationError('La petición tiene demasiados campos', {});
      throw validationError('No se pudo leer el archivo enviado', { file: 'No se pudo leer el archivo enviado' });
    }
    const file = (ctx.request as { file?: { originalname: string } }).file;
    if (file) file.originalname = stripBidiControls(file.originalname);
    await next();
  };
}

import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './common';

/**
 * 'Exportar mis datos' (issue 35, point 2; RGPD art. 15 and 20): the account's data as a ZIP.
 *
 * - `POST /api/exports` (no body): 202 with the export 'pending'; a background job builds the ZIP
 *   ('building', then 'ready' or 'failed'). One export running per user at a time (409
 *   EXPORT_MESSAGES.running) and at most EXPORTS_PER_DAY a day (429).
 * - `GET /api/exports` (ExportsListQuerySchema): the user's own exports, newest first, one page
 *   (X-Total-Count). `GET /api/exports/:id`: one of them (another user's is a 404).
 * - `GET /api/exports/:id/download`: the ZIP (`arrendia-mis-datos-YYYY-MM-DD.zip`); 409 until it is
 *   ready, 410 once EXPORT_LINK_HOURS have passed since it was.
 * - When it is ready the user is told in the app (a notification to Configuración › Seguridad), by
 *   email, and on the live events stream ('export.ready', so an open settings tab refetches).
 *
 * The ZIP holds one CSV per kind of record the user can see (built from the lists' own CSVs),
 * perfil.csv, mensajes.csv, the documents' files under documentos/ and LEEME.txt describing it all.
 */

export const EXPORTS_PATH = '/api/exports';
export const exportPath = (id: number) => `${EXPORTS_PATH}/${id}`;
export const exportDownloadPath = (id: number) => `${EXPORTS_PATH}/${id}/download`;

export const EXPORT_STATUSES = ['pending', 'building', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long the download link of a ready export works. */
export const EXPORT_LINK_HOURS = 24;
/** Exports a user may ask for in 24 hours. */
export const EXPORTS_PER_DAY = 5;

export const DataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  /** When it became 'ready' or 'failed'. */
  finishedAt: z.string().nullable(),
  /** Until when the ZIP can be downloaded (EXPORT_LINK_HOURS after it was ready). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why it failed, in Spanish. */
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const ExportParamsSchema = z.object({ id: IdSchema });
export const ExportsListQuerySchema = PageQuerySchema;

/** Whether a ready export's link has expired at `now`. */
export const exportExpired = (exp: Pick<DataExport, 'status' | 'expiresAt'>, now: Date = new Date()) =>
  exp.status === 'ready' && exp.expiresAt !== null && new Date(exp.expiresAt).getTime() <= now.getTime();

/** The name the ZIP is saved as. */
export const exportFileName = (day: string) => `arrendia-mis-datos-${day}.zip`;

export const EXPORT_MESSAGES = {
  running: 'Ya estás preparando una exportación: espera a que termine antes de pedir otra',
  throttled: `Has pedido demasiadas exportaciones hoy (máximo ${EXPORTS_PER_DAY} al día). Inténtalo más tarde`,
  notFound: 'No se ha encontrado la exportación',
  notReady: 'La exportación todavía no está lista',
  failedDownload: 'La exportación falló: pide una nueva',
  expired: 'El enlace ha caducado: exporta de nuevo',
  missingFile: 'El archivo de la exportación ya no está disponible: exporta de nuevo',
  failed: 'No se pudo preparar la exportación. Inténtalo de nuevo más tarde',
  interrupted: 'La exportación se interrumpió al reiniciarse el servidor y se ha vuelto a preparar',
  readyTitle: 'Tu exportación de datos está lista',
  readyMessage: `Descarga el ZIP con tus datos desde Configuración › Seguridad. El enlace caduca en ${EXPORT_LINK_HOURS} horas.`,
} as const;

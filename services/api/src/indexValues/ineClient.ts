import type { IndexSeries } from '@arrendia/api-contract';
import { z } from 'zod';

/**
 * The INE's public JSON service (Tempus3, `wstempus`), read for 'Leer del INE' (issue 36): one small
 * module, so the base URL comes from config (INE_API_URL) and tests point it at a local server that
 * answers a recorded response. `GET <base>/DATOS_SERIE/<código>?nult=N` answers the last N periods
 * of a series: `{ COD, Nombre, Data: [{ Fecha, FK_Periodo, Anyo, Valor, … }] }` (an array of one
 * such object in some answers); for a monthly series `FK_Periodo` is the month (1–12) and `Fecha`
 * the period's first day, not the publication's.
 *
 * The series, each "Total Nacional … Variación anual" as the migration stores them:
 * - IPC290750, IPC general, annual rate, base 2025 (INE table 76125). The base-2021 series
 *   IPC251856 (table 50902) stops at December 2025: the INE moved the IPC to base 2025 (ECOICOP
 *   v2) with January 2026. Named in the examples of ineapir, the R client the INE's own staff publish
 *   (https://github.com/uvima/ineapir, get_data_series), and in several public INE clients.
 * - IRAV1, the IRAV's annual variation (operation 481, Resolución de 18 de diciembre de 2024).
 * - IGC1, the Índice de Garantía de Competitividad's annual rate (operation 331, table 10802),
 *   as the INE's own series metadata names it (mirrored at
 *   https://huggingface.co/datasets/davidgasquez/ine, tablas/10802/series_metadata.json).
 */
export const INE_SERIES_CODES: Readonly<Record<IndexSeries, string>> = { IPC: 'IPC290750', IRAV: 'IRAV1', IGC: 'IGC1' };

/** How long one series may take, body included, before the INE counts as down. */
export const INE_TIMEOUT_MS = 10_000;

/** The most an answer may weigh: N months of one series are a few kB. */
const MAX_ANSWER_BYTES = 1_000_000;

export type IneFailure = 'not_configured' | 'unreachable' | 'bad_answer';

/** Why a read failed; the route turns it into a 502 with a Spanish message. */
export class IneError extends Error {
  constructor(
    readonly kind: IneFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'IneError';
  }
}

/** One month of a series as the INE gives it. */
export interface IneReading {
  month: string;
  /** The annual variation in %, rounded to 3 decimals (the INE gives 1 or 2). */
  value: number;
}

const PointSchema = z.object({
  Anyo: z.number().int().min(2000).max(9999),
  FK_Periodo: z.number().int(),
  // null: a value the INE keeps secret or has not got; such a month is left out.
  Valor: z.number().finite().nullable(),
});
const SeriesSchema = z.object({ COD: z.string().optional(), Data: z.array(z.unknown()) });

/** The readings of an answer; throws `bad_answer` for anything that is not a monthly series of rates. */
export function parseIneSeries(body: unknown, code: string): IneReading[] {
  const one = Array.isArray(body) && body.length === 1 ? body[0] : body;
  const series = SeriesSchema.safeParse(one);
  if (!series.success) throw new IneError('bad_answer', `${code}: la respuesta no es una serie`);
  if (series.data.COD !== undefined && series.data.COD.toUpperCase() !== code.toUpperCase()) throw new IneError('bad_answer', `${code}: la respuesta es de la serie ${series.data.COD}`);
  const readings = new Map<string, number>();
  for (const raw of series.data.Data) {
    const point = PointSchema.safeParse(raw);
    if (!point.success || point.data.FK_Periodo < 1 || point.data.FK_Periodo > 12) throw new IneError('bad_answer', `${code}: un dato no es de un mes`);
    if (point.data.Valor === null) continue;
    if (Math.abs(point.data.Valor) > 100) throw new IneError('bad_answer', `${code}: una variación de ${point.data.Valor} % no es creíble`);
    const month = `${point.data.Anyo}-${String(point.data.FK_Periodo).padStart(2, '0')}`;
    readings.set(month, Math.round(point.data.Valor * 1000) / 1000);
  }
  return [...readings].map(([month, value]) => ({ month, value })).sort((a, b) => a.month.localeCompare(b.month));
}

/** The last `months` months of one INE series, through `baseUrl` (config.ineApiUrl). */
export async function readIneSeries(baseUrl: string | null | undefined, code: string, months: number, { timeoutMs = INE_TIMEOUT_MS, fetchImpl = fetch }: { timeoutMs?: number; fetchImpl?: typeof fetch } = {}): Promise<IneReading[]> {
  if (!baseUrl) throw new IneError('not_configured', 'INE_API_URL no está configurada');
  const url = `${baseUrl.replace(/\/+$/, '')}/DATOS_SERIE/${encodeURIComponent(code)}?nult=${months}`;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Races the whole read, body included: a server that sends its headers and then stalls is down too.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new IneError('unreachable', `${code}: sin respuesta en ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const read = async () => {
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    } catch (err) {
      throw new IneError('unreachable', `${code}: ${(err as Error).message}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new IneError(response.status >= 500 ? 'unreachable' : 'bad_answer', `${code}: el INE respondió ${response.status}`);
    }
    const text = await response.text().catch((err: Error) => {
      throw new IneError('unreachable', `${code}: ${err.message}`);
    });
    if (text.length > MAX_ANSWER_BYTES) throw new IneError('bad_answer', `${code}: respuesta demasiado grande`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new IneError('bad_answer', `${code}: la respuesta no es JSON`);
    }
    return parseIneSeries(body, code);
  };
  try {
    return await Promise.race([read(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

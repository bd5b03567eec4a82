/**
 * Reading what a Spanish spreadsheet holds: dates typed the Spanish way and Excel's serial dates.
 * Numbers are read by parseDecimalEs / parseMoneyEs (format.ts).
 */

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function isoIfCalendarDay(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z)?)?$/;

/**
 * The calendar day ('YYYY-MM-DD') of a date typed the Spanish way: 'dd/MM/yyyy' or 'd/M/yyyy'
 * (also with '-' or '.' between the parts, the same separator twice) or ISO 'yyyy-mm-dd'. A day
 * that does not exist (31/02/2026) or a two-digit year is null: a spreadsheet's '01/03/26' could be
 * 1926 or 2026, and the importer must not guess.
 * @example parseDateEs('1/3/2026') // '2026-03-01'
 */
export function parseDateEs(input: string): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return isoIfCalendarDay(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return isoIfCalendarDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  return null;
}

/** Excel's day 0 in its 1900 date system: 30/12/1899 (day 60 is Lotus's 29/02/1900, which never was). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** 31/12/9999, the last day Excel shows. */
const EXCEL_LAST_SERIAL = 2_958_465;

/**
 * The calendar day of an Excel serial date (the number a date cell holds in the 1900 system:
 * 45292 is 01/01/2024); a fraction (the time of day) is dropped. Null for a serial before
 * 01/03/1900 (where Excel counts a 29/02/1900 that never existed) or after 31/12/9999.
 * @example excelSerialToIsoDate(45292) // '2024-01-01'
 */
export function excelSerialToIsoDate(serial: number): string | null {
  if (typeof serial !== 'number' || !Number.isFinite(serial)) return null;
  const days = Math.floor(serial);
  if (days < 61 || days > EXCEL_LAST_SERIAL) return null;
  return new Date(EXCEL_EPOCH_MS + days * 86_400_000).toISOString().slice(0, 10);
}

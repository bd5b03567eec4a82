import { excelSerialToIsoDate, parseDateEs, parseDecimalEs, parseMoneyEs } from '@arrendia/locale-es';
import type { Cell } from './parse';

/**
 * A cell read as a field's kind of value (issue 35): Spanish numbers ('1.234,56', '1234,56',
 * '1234.56'), dates (dd/MM/yyyy, d/M/yyyy, yyyy-mm-dd, an Excel date cell or serial), yes/no, one of
 * a list. Each reader gives `{ value }`, `{ empty: true }` for a blank cell, or `{ error }` in Spanish.
 */
export type Read<T> = { value: T } | { empty: true } | { error: string };

const blank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** A cell as text, trimmed: a number as JavaScript writes it, a boolean as 'Sí'/'No'. */
export function readText(cell: Cell): Read<string> {
  if (cell === null || blank(cell)) return { empty: true };
  if (typeof cell === 'boolean') return { value: cell ? 'Sí' : 'No' };
  return { value: String(cell).trim() };
}

export const NUMBER_ERROR = 'No es un número válido (escribe, por ejemplo, 1.234,56)';
const MONEY_DECIMALS_ERROR = 'El importe admite como mucho 2 decimales';

/** A decimal number: a numeric cell as it is, text the Spanish way (parseDecimalEs). */
export function readDecimal(cell: Cell): Read<number> {
  if (cell === null || blank(cell)) return { empty: true };
  if (typeof cell === 'number') return { value: cell };
  if (typeof cell === 'boolean') return { error: NUMBER_ERROR };
  const value = parseDecimalEs(cell);
  return value === null || !Number.isFinite(value) ? { error: NUMBER_ERROR } : { value };
}

/** An amount of money as exact decimal text ('1234.50'): at most two decimals, as parseMoneyEs reads it. */
export function readMoney(cell: Cell): Read<string> {
  if (cell === null || blank(cell)) return { empty: true };
  if (typeof cell === 'boolean') return { error: NUMBER_ERROR };
  if (typeof cell === 'number') {
    // A numeric cell's binary float: taken to cents only when it is cents already (1234.5, not 1234.567).
    if (!Number.isFinite(cell)) return { error: NUMBER_ERROR };
    return Math.abs(cell * 100 - Math.round(cell * 100)) < 1e-6 ? { value: cell.toFixed(2) } : { error: MONEY_DECIMALS_ERROR };
  }
  const value = parseMoneyEs(cell);
  if (value !== null) return { value };
  return parseDecimalEs(cell) === null ? { error: NUMBER_ERROR } : { error: MONEY_DECIMALS_ERROR };
}

export const DATE_ERROR = 'La fecha no es válida: escríbela como dd/mm/aaaa';

/** A calendar day 'YYYY-MM-DD': a date cell (already that text), an Excel serial number, or Spanish text. */
export function readDate(cell: Cell): Read<string> {
  if (cell === null || blank(cell)) return { empty: true };
  if (typeof cell === 'number') {
    const value = excelSerialToIsoDate(cell);
    return value ? { value } : { error: DATE_ERROR };
  }
  if (typeof cell === 'boolean') return { error: DATE_ERROR };
  const value = parseDateEs(cell);
  return value ? { value } : { error: DATE_ERROR };
}

const YES = new Set(['si', 's', 'x', 'true', 'verdadero', '1', 'yes', 'y']);
const NO = new Set(['no', 'n', 'false', 'falso', '0']);

/** Yes or no: 'Sí', 'si', 'X', '1', 'verdadero' / 'No', '0', 'falso', or a boolean cell. */
export function readBoolean(cell: Cell): Read<boolean> {
  if (cell === null || blank(cell)) return { empty: true };
  if (typeof cell === 'boolean') return { value: cell };
  const key = foldText(String(cell));
  if (YES.has(key)) return { value: true };
  if (NO.has(key)) return { value: false };
  return { error: 'Indica sí o no' };
}

/** Text as compared: trimmed, lower case, without accents or repeated spaces ('  Ático  B ' = 'atico b'). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The Spanish list 'A, B o C'. */
export const listEs = (values: readonly string[]) => (values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} o ${values[values.length - 1]}`);

/**
 * One of `values` (compared as foldText does; `aliases` maps other spellings, already folded, to a
 * value): the value as the data model writes it, or an error listing what is accepted.
 */
export function readChoice<T extends string>(cell: Cell, values: readonly T[], aliases: Readonly<Record<string, T>> = {}, shown: readonly string[] = values): Read<T> {
  const text = readText(cell);
  if (!('value' in text)) return text;
  const key = foldText(text.value);
  const found = values.find((v) => foldText(v) === key) ?? aliases[key];
  return found ? { value: found } : { error: `«${text.value}» no es un valor válido: usa ${listEs(shown)}` };
}

/** A Spanish postal code from a cell: a number or 4 digits lost their leading zero in a spreadsheet (8001 → '08001'). */
export function readPostalCode(cell: Cell): Read<string> {
  const text = readText(cell);
  if (!('value' in text)) return text;
  return { value: /^\d{4}$/.test(text.value) ? `0${text.value}` : text.value };
}

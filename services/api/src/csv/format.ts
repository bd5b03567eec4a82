import { formatDate, formatDateTime, fromCents, toCents, todayIso } from '@arrendia/locale-es';

/**
 * The cells and lines of the product's CSV files, written for Spanish Excel: UTF-8 with a BOM,
 * ';' between cells, CRLF after each line, and no cell a spreadsheet would run as a formula.
 */

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** What csvNumber writes: digits, an optional minus and decimal comma, nothing else. */
const PLAIN_NUMBER = /^-?\d+(,\d+)?$/;

/**
 * A number the export formatted itself ('-1234,56'): written as it is, so a spreadsheet reads a
 * negative amount as a number. Only digits, '-' and ',' get in, so it can carry no formula.
 */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!PLAIN_NUMBER.test(text)) throw new TypeError(`Not a plain number: ${JSON.stringify(text)}`);
  }
}

export type CsvValue = string | CsvNumber;

/** One cell: a leading formula character neutralised with ', quoted when it holds ; " or a line break. */
export function csvCell(value: CsvValue): string {
  if (value instanceof CsvNumber) return value.text;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells, ';' between them, CRLF at its end. */
export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** A file's start: the BOM (so Excel reads UTF-8) and the header line. */
export const csvHead = (header: readonly string[]) => `\uFEFF${csvLine(header)}`;

/** The name a download is saved as: '<name>-<yyyy-mm-dd>.csv', today in Madrid. */
export const csvFileName = (name: string, today: string = todayIso()) => `${name}-${today}.csv`;

// ---------------------------------------------------------------------------------------------
// Values as a Spanish spreadsheet reads them; '' for a missing one.

/** An amount as a number with a decimal comma and no thousands mark or '€': '1234,56', '-5,00'. */
export const csvMoney = (value: string | number | null | undefined): CsvValue => (value === null || value === undefined || value === '' ? '' : new CsvNumber(fromCents(toCents(value)).replace('.', ',')));

/** A whole number as it is. */
export const csvInteger = (value: number | null | undefined): CsvValue => (value === null || value === undefined ? '' : new CsvNumber(String(Math.trunc(value))));

/** A decimal ('85.50' from a NUMERIC column) with a decimal comma, its trailing zeros kept as stored. */
export const csvDecimal = (value: string | number | null | undefined): CsvValue => (value === null || value === undefined || value === '' ? '' : new CsvNumber(String(value).replace('.', ',')));

/** A day as dd/MM/yyyy (formatDate: a DATE column as it is, an instant in Madrid). */
export const csvDate = (value: string | null | undefined): string => (value ? formatDate(value) : '');

/** An instant as dd/MM/yyyy HH:mm in Madrid. */
export const csvDateTime = (value: string | null | undefined): string => (value ? formatDateTime(value) : '');

/** 'Sí' or 'No'. */
export const csvYesNo = (value: boolean): string => (value ? 'Sí' : 'No');

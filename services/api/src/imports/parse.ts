import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MAX_SHEETS, IMPORT_MESSAGES } from '@arrendia/api-contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError, validationError } from '../errors';

/**
 * Reading an uploaded spreadsheet into sheets of cells (issue 35): a CSV through papaparse (its
 * encoding and delimiter found here), an XLSX through exceljs once its ZIP says it is not too big to
 * inflate. Nothing here knows what the columns mean.
 */

/** A cell as read: CSV text, or an XLSX cell's text, number or boolean; a date cell as 'YYYY-MM-DD'. */
export type Cell = string | number | boolean | null;

export interface RawRow {
  /** The row's number as a spreadsheet shows it (the first line of the file is 1). */
  rowNumber: number;
  cells: Cell[];
}

export interface RawSheet {
  name: string;
  headers: string[];
  rows: RawRow[];
}

export type FileType = 'csv' | 'xlsx';

const fileError = (message: string) => validationError(message, { file: message });
const tooManyRows = () => new HttpError(413, 'payload_too_large', IMPORT_MESSAGES.tooManyRows, { file: IMPORT_MESSAGES.tooManyRows });

const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** Formats that are surely no spreadsheet we read, by their first bytes. */
const NOT_A_SPREADSHEET: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x4d, 0x5a], // MZ (Windows executable)
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x1f, 0x8b], // gzip
];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/**
 * Which reader a file goes to, by its bytes (a name can lie): a ZIP is an XLSX, an old .xls (OLE)
 * or any known binary format is refused (400), anything else is read as CSV text.
 */
export function detectFileType(bytes: Buffer): FileType {
  if (bytes.length === 0) throw fileError(IMPORT_MESSAGES.empty);
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) throw fileError(IMPORT_MESSAGES.oldExcel);
  if (NOT_A_SPREADSHEET.some((magic) => startsWith(bytes, magic))) throw fileError(IMPORT_MESSAGES.wrongType);
  return 'csv';
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Windows-1252's bytes 0x80–0x9F (the rest is Latin-1); the five it leaves undefined stay as C1 controls. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 text. Not TextDecoder('windows-1252'): Node 20's decodes it as Latin-1, so the '€'
 * of an amount (0x80) and the curly quotes Word and Excel type (0x91–0x94) would come out as
 * invisible control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    text += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b)));
  }
  return text;
}

/**
 * A CSV's text: UTF-8 with or without BOM; UTF-16 when a BOM says so (Excel's 'Texto Unicode');
 * otherwise, when the bytes are not valid UTF-8, Windows-1252 (Excel's 'CSV' on a Spanish Windows:
 * 'Málaga' arrives as 4D E1 6C 61 67 61). Text with NUL characters is no CSV (400).
 */
export function decodeText(bytes: Buffer): { text: string; encoding: TextEncoding } {
  let decoded: { text: string; encoding: TextEncoding };
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) decoded = { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  else if (startsWith(bytes, [0xff, 0xfe])) decoded = { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  else if (startsWith(bytes, [0xfe, 0xff])) decoded = { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  else {
    try {
      decoded = { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
    } catch {
      decoded = { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
    }
  }
  if (decoded.text.includes('\u0000')) throw fileError(IMPORT_MESSAGES.wrongType);
  return decoded;
}

export type Delimiter = ';' | ',' | '\t';

/**
 * The delimiter of a CSV, counted in its first non-empty line outside quotes: the most frequent of
 * ';', ',' and tab; ';' on a tie (Excel's in Spain) and for a single column.
 */
export function detectDelimiter(text: string): Delimiter {
  const line = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  const counts: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as Delimiter] += 1;
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ';' as Delimiter);
  return counts[best] > 0 ? best : ';';
}

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** Names each header (a blank one after its column: 'Columna 3'), without the blank columns at the end. */
function headersOf(cells: Cell[]): string[] {
  let last = cells.length;
  while (last > 0 && isBlank(cells[last - 1]!)) last -= 1;
  return cells.slice(0, last).map((cell, i) => (isBlank(cell) ? `Columna ${i + 1}` : String(cell).replace(/\s+/g, ' ').trim()));
}

/**
 * A sheet from its rows in order (each with its spreadsheet row number): the first non-blank row is
 * the header, the blank rows below it are dropped, and every row is cut or padded to the header's
 * width. A sheet with no header is null; `countRow` is told of each data row (the row limit).
 */
function sheetOf(name: string, rows: Iterable<RawRow>, countRow: () => void): RawSheet | null {
  let headers: string[] | null = null;
  const data: RawRow[] = [];
  for (const row of rows) {
    if (row.cells.every(isBlank)) continue;
    if (!headers) {
      headers = headersOf(row.cells);
      if (headers.length > IMPORT_MAX_COLUMNS) throw fileError(IMPORT_MESSAGES.tooManyColumns);
      continue;
    }
    countRow();
    const cells = row.cells.slice(0, headers.length);
    while (cells.length < headers.length) cells.push(null);
    data.push({ rowNumber: row.rowNumber, cells });
  }
  return headers ? { name, headers, rows: data } : null;
}

/** Counts data rows over a whole file: past IMPORT_MAX_ROWS, a 413. */
function rowCounter(): () => void {
  let rows = 0;
  return () => {
    rows += 1;
    if (rows > IMPORT_MAX_ROWS) throw tooManyRows();
  };
}

/** A CSV file as one sheet named `name`, with its encoding and delimiter. */
export function readCsv(bytes: Buffer, name: string): { sheet: RawSheet; encoding: TextEncoding; delimiter: Delimiter } {
  const { text, encoding } = decodeText(bytes);
  if (text.trim() === '') throw fileError(IMPORT_MESSAGES.empty);
  const delimiter = detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false, header: false });
  const unclosed = parsed.errors.find((e) => e.type === 'Quotes');
  if (unclosed) {
    const message = `El CSV tiene unas comillas sin cerrar${unclosed.row === undefined ? '' : ` en la fila ${unclosed.row + 1}`}`;
    throw fileError(message);
  }
  const count = rowCounter();
  const sheet = sheetOf(
    name,
    parsed.data.map((cells, i) => ({ rowNumber: i + 1, cells })),
    count,
  );
  if (!sheet) throw fileError(IMPORT_MESSAGES.noHeader);
  return { sheet, encoding, delimiter };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An exceljs cell value as a Cell: formulas by their result, rich text as its text, dates as their calendar day. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  // eslint-disable-next-line no-control-regex
  if (typeof value === 'string') return value.replace(/\u0000/g, '');
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) {
    // exceljs reads a date cell as that day at 00:00 UTC.
    if (Number.isNaN(value.getTime())) return null;
    return `${String(value.getUTCFullYear()).padStart(4, '0')}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text?: string }[]; text?: unknown; error?: unknown };
    if ('result' in v) return cellOf(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text ?? '').join('');
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return null;
}

/** What an XLSX may hold once inflated: far more than 20.000 rows of 100 columns need, far less than a zip bomb's. */
export const XLSX_MAX_INFLATED_BYTES = 150 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 2_000;

/**
 * The inflated size a ZIP declares in its central directory, read before anything is inflated;
 * null when the directory cannot be read (or is ZIP64, which no workbook of ours needs).
 */
export function zipInflatedSize(bytes: Buffer): { entries: number; bytes: number } | null {
  // The end-of-central-directory record: 22 bytes and a comment of at most 65.535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) !== 0x06054b50) continue;
    const entries = bytes.readUInt16LE(at + 10);
    let offset = bytes.readUInt32LE(at + 16);
    if (entries === 0xffff || offset === 0xffffffff) return null;
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
      const size = bytes.readUInt32LE(offset + 24);
      if (size === 0xffffffff) return null;
      total += size;
      offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    }
    return { entries, bytes: total };
  }
  return null;
}

/**
 * The sheets of an XLSX in the workbook's order, each read as sheetOf reads rows; a sheet with no
 * header is left out. A file that is no workbook is a 400; one that would inflate past
 * XLSX_MAX_INFLATED_BYTES, or holds more rows than the limit, a 413. (exceljs' streaming reader would
 * save the inflating, but it fails on workbooks whose sheets come before workbook.xml in the ZIP,
 * exceljs' own among them.)
 */
export async function readXlsx(bytes: Buffer): Promise<RawSheet[]> {
  const size = zipInflatedSize(bytes);
  if (!size) throw fileError(IMPORT_MESSAGES.unreadableXlsx);
  if (size.bytes > XLSX_MAX_INFLATED_BYTES || size.entries > XLSX_MAX_ENTRIES) throw new HttpError(413, 'payload_too_large', IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    throw fileError(IMPORT_MESSAGES.unreadableXlsx);
  }
  if (workbook.worksheets.length > IMPORT_MAX_SHEETS) throw fileError(IMPORT_MESSAGES.tooManySheets);
  const count = rowCounter();
  const sheets: RawSheet[] = [];
  for (const worksheet of workbook.worksheets) {
    // The header and IMPORT_MAX_ROWS data rows: a sheet with more is refused before it is read.
    if (worksheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw tooManyRows();
    const rows: RawRow[] = [];
    worksheet.eachRow((row, rowNumber) => {
      // row.values is 1-based: [empty, A, B, …]; one column past the limit is enough to refuse a header.
      const cells = Array.from(Array.isArray(row.values) ? row.values.slice(1, IMPORT_MAX_COLUMNS + 2) : [], cellOf);
      if (!cells.every(isBlank)) rows.push({ rowNumber, cells });
    });
    const sheet = sheetOf(worksheet.name, rows, count);
    if (sheet) sheets.push(sheet);
  }
  return sheets;
}

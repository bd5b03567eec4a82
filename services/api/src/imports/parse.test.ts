import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MAX_ROWS } from '@arrendia/api-contract';
import ExcelJS from 'exceljs';
import { HttpError } from '../errors';
import { cellOf, decodeText, detectDelimiter, detectFileType, readCsv, readXlsx, zipInflatedSize } from './parse';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

/** The status and message of what `fn` throws. */
async function refusal(fn: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('it did not refuse');
}

describe('decodeText', () => {
  it('reads UTF-8 with and without BOM, and falls back to Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from('\ufeffMálaga', 'utf8'))).toEqual({ text: 'Málaga', encoding: 'utf-8' });
    expect(decodeText(Buffer.from('Málaga', 'utf8'))).toEqual({ text: 'Málaga', encoding: 'utf-8' });
    // 'Málaga', 'Año', '€' as Excel's CSV writes them on a Spanish Windows.
    expect(decodeText(Buffer.from([0x4d, 0xe1, 0x6c, 0x61, 0x67, 0x61, 0x3b, 0x41, 0xf1, 0x6f, 0x3b, 0x80]))).toEqual({ text: 'Málaga;Año;€', encoding: 'windows-1252' });
    expect(decodeText(Buffer.from('\ufeffÑandú', 'utf16le'))).toEqual({ text: 'Ñandú', encoding: 'utf-16le' });
    // Curly quotes and dashes as Word and Excel type them.
    expect(decodeText(Buffer.from([0x93, 0x41, 0x94, 0x20, 0x96, 0x20, 0x85])).text).toBe('“A” – …');
  });

  it('refuses text with NUL characters: it is no CSV', async () => {
    expect((await refusal(() => decodeText(Buffer.from('hola\u0000mundo')))).status).toBe(400);
  });
});

describe('detectDelimiter', () => {
  it('counts ; , and tab in the first line, outside quotes', () => {
    expect(detectDelimiter('Nombre;Calle;Ciudad\nA;B;C')).toBe(';');
    expect(detectDelimiter('Nombre,Calle,Ciudad\nA;B;C')).toBe(',');
    expect(detectDelimiter('"Nombre, completo";Calle\n')).toBe(';');
    expect(detectDelimiter('"a;b;c",x,y\n')).toBe(',');
    expect(detectDelimiter('\n\nNombre\tCalle\n')).toBe('\t');
    expect(detectDelimiter('Nombre\n')).toBe(';');
  });
});

describe('detectFileType', () => {
  it('tells an XLSX (a ZIP) from CSV text and refuses other formats by their bytes', async () => {
    expect(detectFileType(Buffer.from('PK\u0003\u0004rest'))).toBe('xlsx');
    expect(detectFileType(Buffer.from('Nombre;Calle'))).toBe('csv');
    expect(await refusal(() => detectFileType(Buffer.from('%PDF-1.4')))).toEqual({ status: 400, message: 'Tipo de archivo no admitido: sube un CSV o un XLSX' });
    expect((await refusal(() => detectFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1])))).message).toBe('Los libros .xls antiguos no se admiten: guárdalo como .xlsx o como CSV');
    expect((await refusal(() => detectFileType(Buffer.alloc(0)))).message).toBe('El archivo está vacío');
  });
});

describe('readCsv', () => {
  it('reads the Windows-1252 fixture with its accents and a quoted ; inside a field', () => {
    const { sheet, encoding, delimiter } = readCsv(fixture('inmuebles-windows-1252.csv'), 'inmuebles');
    expect({ encoding, delimiter }).toEqual({ encoding: 'windows-1252', delimiter: ';' });
    expect(sheet.headers).toEqual(['Nombre', 'Calle', 'Número', 'Piso y puerta', 'Ciudad', 'Provincia', 'Código postal', 'Referencia catastral', 'Superficie (m²)', 'Año de construcción', 'Notas']);
    expect(sheet.rows.map((r) => [r.rowNumber, r.cells[0], r.cells[4], r.cells[10]])).toEqual([
      [2, 'Ático en Málaga', 'Málaga', 'Vistas al mar, terraza'],
      [3, 'Bajo en Córdoba', 'Córdoba', 'Reformado: cocina y baño'],
      [4, 'Piso en A Coruña', 'A Coruña', 'Orientación sur; ascensor'],
    ]);
  });

  it('reads the comma fixture, quoted commas and doubled quotes included', () => {
    const { sheet, encoding, delimiter } = readCsv(fixture('contratos-comas.csv'), 'contratos');
    expect({ encoding, delimiter }).toEqual({ encoding: 'utf-8', delimiter: ',' });
    expect(sheet.rows[0]!.cells.slice(3, 7)).toEqual(['12345678Z, ana.ruiz@ejemplo.es', '01/03/2024', '28/02/2029', '1.100,00']);
    expect(sheet.rows[2]!.cells[12]).toBe('Con "opción" de compra');
  });

  it('skips blank lines, names blank headers and pads short rows', () => {
    const { sheet } = readCsv(Buffer.from('\n;;\nNombre;;Ciudad;;\n\nCasa;x\n;;\n'), 'x');
    expect(sheet.headers).toEqual(['Nombre', 'Columna 2', 'Ciudad']);
    expect(sheet.rows).toEqual([{ rowNumber: 5, cells: ['Casa', 'x', null] }]);
  });

  it('refuses an unclosed quote, a file of blanks, and more rows than the limit (413)', async () => {
    expect((await refusal(() => readCsv(Buffer.from('Nombre;Calle\n"Casa;Mayor\n'), 'x'))).message).toMatch(/comillas sin cerrar/);
    expect((await refusal(() => readCsv(Buffer.from(' \n\n'), 'x'))).message).toBe('El archivo está vacío');
    const many = `Nombre\n${'Casa\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    expect((await refusal(() => readCsv(Buffer.from(many), 'x'))).status).toBe(413);
    expect(readCsv(Buffer.from(`Nombre\n${'Casa\n'.repeat(IMPORT_MAX_ROWS)}`), 'x').sheet.rows).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe('readXlsx', () => {
  async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    fill(wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('reads every sheet in order, date cells as their day, formulas by their result, rich text as text', async () => {
    const bytes = await workbook((wb) => {
      const a = wb.addWorksheet('Contratos');
      a.addRow(['Código', 'Inicio', 'Renta', 'Serie']);
      a.addRow(['C-1', new Date(Date.UTC(2024, 2, 1)), 1234.5, 45292]);
      a.addRow([]);
      a.addRow(['C-2', { formula: 'B2+1', result: new Date(Date.UTC(2024, 2, 2)) } as unknown as ExcelJS.CellValue, { richText: [{ text: '1.0' }, { text: '00,5' }] }, true]);
      const b = wb.addWorksheet('Vacía');
      b.addRow([]);
      const c = wb.addWorksheet('Inmuebles');
      c.addRow(['Nombre']);
    });
    const sheets = await readXlsx(bytes);
    expect(sheets.map((s) => [s.name, s.rows.length])).toEqual([
      ['Contratos', 2],
      ['Inmuebles', 0],
    ]);
    expect(sheets[0]!.rows).toEqual([
      { rowNumber: 2, cells: ['C-1', '2024-03-01', 1234.5, 45292] },
      { rowNumber: 4, cells: ['C-2', '2024-03-02', '1.000,5', true] },
    ]);
  });

  it('refuses a ZIP that is no workbook with a Spanish 400, not a crash', async () => {
    expect(await refusal(() => readXlsx(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 7)])))).toEqual({
      status: 400,
      message: 'No se ha podido leer el libro XLSX: puede estar dañado o protegido con contraseña',
    });
  });

  it('refuses, before inflating it, a ZIP that says it inflates past the limit (a zip bomb)', async () => {
    const real = await workbook((wb) => wb.addWorksheet('Inmuebles').addRow(['Nombre']));
    expect(zipInflatedSize(real)).toEqual({ entries: expect.any(Number), bytes: expect.any(Number) });
    // One central-directory entry declaring 4 GB, then the end record pointing at it.
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(0xfffffff0, 24);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(4, 16);
    const bomb = Buffer.concat([Buffer.from('PK\u0003\u0004'), entry, end]);
    expect(zipInflatedSize(bomb)).toEqual({ entries: 1, bytes: 0xfffffff0 });
    expect(await refusal(() => readXlsx(bomb))).toEqual({ status: 413, message: 'El archivo es demasiado grande (máximo 10 MB)' });
  });

  it('stops at the row limit (413)', async () => {
    const bytes = await workbook((wb) => {
      const s = wb.addWorksheet('Inmuebles');
      s.addRow(['Nombre']);
      for (let i = 0; i <= IMPORT_MAX_ROWS; i++) s.addRow([`Casa ${i}`]);
    });
    expect((await refusal(() => readXlsx(bytes))).status).toBe(413);
  });
});

describe('cellOf', () => {
  it('turns exceljs values into text, numbers, booleans or null', () => {
    expect(cellOf(undefined)).toBeNull();
    expect(cellOf(new Date(Date.UTC(2025, 11, 31)))).toBe('2025-12-31');
    expect(cellOf({ text: 'enlace', hyperlink: 'https://x' })).toBe('enlace');
    expect(cellOf({ error: '#N/A' })).toBe('#N/A');
    expect(cellOf(Number.NaN)).toBeNull();
  });
});

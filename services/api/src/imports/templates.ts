import { IMPORT_ENTITIES, IMPORT_FIELDS, IMPORT_SHEET_NAMES, type ImportEntity } from '@arrendia/api-contract';
import { parseDateEs, parseDecimalEs } from '@arrendia/locale-es';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/**
 * The downloadable templates (issue 35): the columns the importer knows, under the Spanish headers
 * it reads best, with one example row. The CSV is what Excel in Spain writes and opens as columns:
 * ';'-separated, UTF-8 with a BOM, CRLF line ends.
 */

const BOM = '\uFEFF';

/** File names of the templates ('plantilla-inmuebles.csv'). */
export const templateFileName = (entity: ImportEntity) => `plantilla-${IMPORT_SHEET_NAMES[entity].toLowerCase()}.csv`;
export const WORKBOOK_TEMPLATE_NAME = 'plantilla-arrendia.xlsx';

/** The CSV template of one entity. */
export function csvTemplate(entity: ImportEntity): string {
  const fields = IMPORT_FIELDS[entity];
  return BOM + Papa.unparse({ fields: fields.map((f) => f.label), data: [fields.map((f) => f.example)] }, { delimiter: ';', newline: '\r\n' }) + '\r\n';
}

const DATE_FIELDS = new Set(['startDate', 'endDate', 'transactionDate']);
const NUMBER_FIELDS = new Set(['totalAreaM2', 'buildYear', 'baseRentPrice', 'areaM2', 'numBedrooms', 'numBathrooms', 'floorLevel', 'rentAmount', 'paymentDay', 'depositAmount', 'amount']);
const MONEY_FIELDS = new Set(['baseRentPrice', 'rentAmount', 'depositAmount', 'amount']);

/** An example as the cell Excel would hold: a date cell, a number, or text. */
function exampleCell(field: string, example: string): ExcelJS.CellValue {
  if (example === '') return null;
  if (DATE_FIELDS.has(field)) {
    const iso = parseDateEs(example);
    return iso ? new Date(`${iso}T00:00:00Z`) : example;
  }
  if (NUMBER_FIELDS.has(field)) return parseDecimalEs(example) ?? example;
  return example;
}

/** The XLSX template: one sheet per entity, in import order, headers in bold, dates and amounts in Spanish formats. */
export async function xlsxTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Arrendia';
  for (const entity of IMPORT_ENTITIES) {
    const sheet = workbook.addWorksheet(IMPORT_SHEET_NAMES[entity]);
    const fields = IMPORT_FIELDS[entity];
    sheet.columns = fields.map((f) => ({ header: f.label, key: f.field, width: Math.max(12, f.label.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow(Object.fromEntries(fields.map((f) => [f.field, exampleCell(f.field, f.example)])));
    fields.forEach((f, i) => {
      const column = sheet.getColumn(i + 1);
      if (DATE_FIELDS.has(f.field)) column.numFmt = 'dd/mm/yyyy';
      else if (MONEY_FIELDS.has(f.field)) column.numFmt = '#,##0.00';
      // Postal codes, NIFs, phones and codes stay text: Excel would drop a leading zero.
      else if (!NUMBER_FIELDS.has(f.field)) column.numFmt = '@';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import PDFDocument from 'pdfkit';

/** A table of a report: column titles, relative widths, right-aligned columns and rows of text. */
export interface PdfTable {
  title: string;
  columns: readonly string[];
  /** Relative widths, one per column. */
  widths: readonly number[];
  /** Indexes of the columns aligned right (amounts). */
  alignRight?: readonly number[];
  rows: readonly (readonly string[])[];
  /** Shown instead of the rows when there are none. */
  empty: string;
}

export interface PdfReport {
  title: string;
  /** Lines under the title: who, which period, when. */
  meta: readonly string[];
  /** Key figures shown before the tables ('Ingresos totales' → '1.234,56 €'). */
  figures?: readonly (readonly [string, string])[];
  tables: readonly PdfTable[];
  /** Text after the tables: numbered clauses of a contract, each titled, in paragraphs. */
  sections?: readonly { title: string; paragraphs: readonly string[] }[];
}

const MARGIN = 50;

/** Renders a report to PDF bytes with pdfkit's built-in Helvetica (WinAnsi covers Spanish and €). */
export function renderPdf(report: PdfReport): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: report.title, Author: 'Arrendia', Creator: 'Arrendia' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).text('Arrendia', { continued: false });
  doc.moveDown(0.2).fontSize(16).text(report.title);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  for (const line of report.meta) doc.text(line);
  doc.moveDown();

  if (report.figures?.length) {
    for (const [label, value] of report.figures) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
    doc.moveDown();
  }

  for (const table of report.tables) {
    const total = table.widths.reduce((a, b) => a + b, 0);
    const cols = table.widths.map((w) => (w / total) * width);
    const ensureRoom = (h: number) => {
      if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
    };
    const row = (cells: readonly string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 6 }))) + 6;
      ensureRoom(height);
      const y = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.text(cell, x + 3, y + 3, { width: cols[i]! - 6, align: table.alignRight?.includes(i) ? 'right' : 'left' });
        x += cols[i]!;
      });
      doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).lineWidth(0.5).strokeColor('#cccccc').stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };
    ensureRoom(60);
    doc.font('Helvetica-Bold').fontSize(12).text(table.title, MARGIN, doc.y);
    doc.moveDown(0.3);
    row(table.columns, true);
    if (table.rows.length === 0) {
      doc.font('Helvetica').fontSize(9).text(table.empty, MARGIN, doc.y + 4);
    } else {
      for (const cells of table.rows) row(cells, false);
    }
    doc.moveDown(1.2);
  }

  for (const section of report.sections ?? []) {
    if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(section.title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10);
    for (const paragraph of section.paragraphs) {
      doc.text(paragraph, MARGIN, doc.y, { width, align: 'justify' });
      doc.moveDown(0.5);
    }
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}

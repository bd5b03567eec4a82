import type { FinancesMonth } from '@arrendia/api-contract';

/** Byte order mark: spreadsheet programs then read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** '1234.50' → '1234,50': Spanish decimal comma, no grouping (a spreadsheet reads it as a number). */
export function spanishDecimal(amount: string): string {
  return amount.replace('.', ',');
}

/**
 * The monthly figures as CSV: header `month;income;expenses;net`, one line per month, ';' as
 * separator (the comma is the decimal mark), CRLF line ends and a UTF-8 BOM.
 */
export function monthlyCsv(rows: readonly FinancesMonth[]): string {
  const lines = ['month;income;expenses;net', ...rows.map((r) => [r.month, spanishDecimal(r.income), spanishDecimal(r.expenses), spanishDecimal(r.net)].join(';'))];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves `content` as a file named `filename` through a temporary link. */
export function downloadCsv(filename: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { csvLine, type CsvValue } from './format';

/** One column of a list's CSV: its Spanish header (the screen's) and the cell of an item. */
export interface CsvColumn<Item> {
  header: string;
  value: (item: Item) => CsvValue | null | undefined;
}

/** A list's CSV: the file's name ('<name>-<yyyy-mm-dd>.csv') and its columns, in order. */
export interface CsvSheet<Item> {
  name: string;
  columns: readonly CsvColumn<Item>[];
}

export const sheetHeader = <Item>(sheet: CsvSheet<Item>): string[] => sheet.columns.map((c) => c.header);

/** Items as lines of the sheet. */
export const sheetLines = <Item>(sheet: CsvSheet<Item>, items: readonly Item[]): string => items.map((item) => csvLine(sheet.columns.map((c) => c.value(item) ?? ''))).join('');

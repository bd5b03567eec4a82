import type { IndexSeries, IndexValue } from '@arrendia/api-contract';
import { isoDay } from './dates';

/** An index_values row as the database hands it over. */
export interface IndexValueRow {
  id: number;
  series: string;
  month: string;
  value: string;
  publishedOn: string | Date;
  source: string;
  createdAt: string | Date;
}

/** One month of one series (IndexValueSchema): the variation without the column's trailing zeros ('2.22', '-1.01', '3'). */
export function presentIndexValue(row: IndexValueRow): IndexValue {
  return {
    id: row.id,
    series: row.series as IndexSeries,
    month: row.month,
    value: String(Number(row.value)),
    publishedOn: isoDay(row.publishedOn),
    source: row.source,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

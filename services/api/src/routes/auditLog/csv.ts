import type { AUDIT_LOG_SORTS, AuditLogFilter, ListSort } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { presentAuditCsvLines } from '../../presenters/auditLog';
import { auditLogBatches } from '../../queries/auditLogRows';

/**
 * The export's lines, batch by batch: the rows in the viewer's order (or by `sort`), at most
 * `maxRows`, read in batches (queries/auditLogRows.ts) so memory stays flat.
 */
export async function* auditCsvLines(db: Knex, filter: AuditLogFilter, sort: ListSort<(typeof AUDIT_LOG_SORTS)[number]> | null | undefined, maxRows: number): AsyncGenerator<string> {
  for await (const rows of auditLogBatches(db, filter, maxRows, sort)) yield presentAuditCsvLines(rows);
}

import type { AuditLogFilter } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { auditCsvHead, presentAuditCsvLines } from '../../presenters/auditLog';
import { auditLogBatches } from '../../queries/auditLogRows';

/**
 * The export, chunk by chunk: the BOM and the header, then the rows in the viewer's order, at most
 * `maxRows`, read in batches (queries/auditLogRows.ts) so memory stays flat.
 */
export async function* auditCsvChunks(db: Knex, filter: AuditLogFilter, maxRows: number): AsyncGenerator<string> {
  yield auditCsvHead();
  for await (const rows of auditLogBatches(db, filter, maxRows)) yield presentAuditCsvLines(rows);
}

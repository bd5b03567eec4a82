import { Readable } from 'node:stream';
import { AUDIT_CSV_MAX_ROWS, AuditLogFilterSchema, AuditLogQuerySchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { Ctx } from '../../context';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentAuditLogEntry, type AuditLogRow } from '../../presenters/auditLog';
import { auditLogExceeds, auditLogFacets, auditLogList } from '../../queries/auditLogRows';
import { auditCsvChunks } from './csv';

/** GET /api/admin/audit-log → one page of the filtered log, newest first or by ?sort= (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, sort, ...filter } = parseInput(AuditLogQuerySchema, ctx.query);
  const rows = await paginate<AuditLogRow>(ctx, auditLogList(ctx.knex, filter, sort), { page, pageSize });
  ctx.set('Cache-Control', 'no-store');
  ctx.body = rows.map(presentAuditLogEntry);
}

/** GET /api/admin/audit-log/facets → the tables and actions the log holds. */
export async function facets(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await auditLogFacets(ctx.knex);
}

/**
 * GET /api/admin/audit-log.csv → the filtered log as a file for Spanish Excel, streamed in batches
 * and capped at AUDIT_CSV_MAX_ROWS rows; when the filter matches more, `X-Truncated` says where it
 * was cut (the headers go out before the first row, so this is asked first).
 */
export async function exportCsv(ctx: Ctx, maxRows = AUDIT_CSV_MAX_ROWS) {
  const filter = parseInput(AuditLogFilterSchema, ctx.query);
  if (await auditLogExceeds(ctx.knex, filter, maxRows)) ctx.set('X-Truncated', String(maxRows));
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="auditoria-${todayIso()}.csv"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = Readable.from(auditCsvChunks(ctx.knex, filter, maxRows));
}

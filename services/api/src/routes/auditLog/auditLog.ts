import { AUDIT_CSV_HEADER, AUDIT_CSV_MAX_ROWS, AuditLogQuerySchema } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentAuditLogEntry, type AuditLogRow } from '../../presenters/auditLog';
import { auditLogExceeds, auditLogFacets, auditLogList } from '../../queries/auditLogRows';
import { sendCsv } from '../../csv/send';
import { auditCsvLines } from './csv';

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
 * GET /api/admin/audit-log.csv → the filtered log as a file for Spanish Excel, in the viewer's
 * order (or by ?sort=), streamed in batches (csv/send.ts) and capped at AUDIT_CSV_MAX_ROWS rows;
 * when the filter matches more, `X-Truncated` says where it was cut (the headers go out before the
 * first row, so this is asked first). `page` and `pageSize` are ignored.
 */
export async function exportCsv(ctx: Ctx, maxRows = AUDIT_CSV_MAX_ROWS) {
  const { page: _page, pageSize: _pageSize, ...query } = ctx.query;
  const { page: _first, pageSize: _size, sort, ...filter } = parseInput(AuditLogQuerySchema, query);
  if (await auditLogExceeds(ctx.knex, filter, maxRows)) ctx.set('X-Truncated', String(maxRows));
  sendCsv(ctx, 'auditoria', AUDIT_CSV_HEADER, auditCsvLines(ctx.knex, filter, sort, maxRows));
}

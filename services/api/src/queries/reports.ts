import type { Knex } from 'knex';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import type { ReportRow } from '../presenters/report';

type Db = Knex | Knex.Transaction;

/** The user's reports with the principal each one is about (if any). */
function reportRows(db: Db, user: User): Knex.QueryBuilder {
  return db('reports')
    .leftJoin('users as owner', 'owner.id', 'reports.ownerUserId')
    .select('reports.*', 'owner.firstName as ownerFirstName', 'owner.lastName as ownerLastName')
    .where('reports.userId', user.id);
}

/** GET /api/reports: the user's own reports, newest first (at most 100). */
export async function reportList(db: Db, user: User): Promise<ReportRow[]> {
  const rows: ReportRow[] = await reportRows(db, user)
    .orderBy([
      { column: 'reports.createdAt', order: 'desc' },
      { column: 'reports.id', order: 'desc' },
    ])
    .limit(100);
  return rows;
}

/** Report `id` of the user's, with its principal's name (the one just generated). */
export async function report(db: Db, user: User, id: number): Promise<ReportRow> {
  const row: ReportRow = await reportRows(db, user).where('reports.id', id).first();
  return row;
}

/** Report `id` if it is the user's own (to download it); 404 for anyone else. */
export function ownReport(db: Db, user: User, id: number): Promise<ReportRow> {
  return loadInScope<ReportRow>(db('reports').where({ id, userId: user.id }), { notFound: 'No se ha encontrado el reporte' });
}

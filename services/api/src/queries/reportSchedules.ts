import type { ListSort, ReportSchedule } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import type { ReportScheduleListRow } from '../presenters/reportSchedule';

type Db = Knex | Knex.Transaction;

/** The user's own schedules, each with the name of the property it covers. */
function reportScheduleRows(db: Db, user: User): Knex.QueryBuilder {
  return db('report_schedules')
    .leftJoin('main_properties', 'main_properties.id', 'report_schedules.propertyId')
    .select('report_schedules.*', 'main_properties.propertyName')
    .where('report_schedules.userId', user.id);
}

const SORT_COLUMNS: Record<keyof Pick<ReportSchedule, 'createdAt'>, SortColumn> = { createdAt: 'report_schedules.createdAt' };

/** GET /api/report-schedules: the user's schedules, oldest first (the default one usually leads) unless sorted. */
export function reportScheduleListPage(db: Db, user: User, sort: ListSort<'createdAt'> | undefined): Knex.QueryBuilder {
  const oldestFirst: PageOrder[] = [
    { column: 'report_schedules.createdAt', order: 'asc' },
    { column: 'report_schedules.id', order: 'asc' },
  ];
  return orderedBy(reportScheduleRows(db, user), listOrder(sort, SORT_COLUMNS, oldestFirst, 'report_schedules.id'));
}

/** Schedule `id` of the user's, with its property's name (the one just created). */
export async function reportSchedule(db: Db, user: User, id: number): Promise<ReportScheduleListRow> {
  const row: ReportScheduleListRow = await reportScheduleRows(db, user).where('report_schedules.id', id).first();
  return row;
}

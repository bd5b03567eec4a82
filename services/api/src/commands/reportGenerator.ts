import { REPORT_TYPE_LABELS, type ReportType } from '@arrendia/api-contract';
import { formatDate, formatDateTime } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { afterRollback } from '../db/afterCommit';
import { canonicalRole } from '@arrendia/permissions';
import { validationError } from '../errors';
import { User } from '../models/User';
import { reportableOwnerIds, scopeProperties } from '../policies/scope';
import type { ReportRow } from '../presenters/report';
import { fullName, REPORT_BUILDERS, REPORT_FILE_PREFIX } from '../reports/contents';
import { renderPdf } from '../reports/pdf';
import { removeStored, storeFile } from '../storage/files';

/**
 * The owner a principal report is about (issue 11, 'Generar reporte' of the delegated owner): an
 * active individual owner inside the requester's reportable owners; anything else is a 400 on the
 * field, with the same words whether the owner exists or not.
 */
async function reportSubject(trx: Knex.Transaction, user: User, ownerUserId: number): Promise<User> {
  const allowed = reportableOwnerIds(trx, user);
  const inScope = allowed ? await trx.from(allowed.as('o')).where('o.id', ownerUserId).first() : true;
  const owner = inScope ? await User.query(trx).findById(ownerUserId).withGraphFetched('role') : undefined;
  if (!owner || canonicalRole(owner.role?.roleName) !== 'propietario_individual') {
    throw validationError('No se pudo generar el reporte', { ownerUserId: 'No gestionas la cartera de este propietario' });
  }
  return owner;
}

/** The property a report of one property covers, if `subject` sees it; otherwise a 400 on the field. */
async function reportProperty(trx: Knex.Transaction, subject: User, propertyId: number): Promise<{ id: number; propertyName: string }> {
  const property = await scopeProperties(trx, trx('main_properties').select('main_properties.id', 'main_properties.propertyName').where('main_properties.id', propertyId), subject).first();
  if (!property) throw validationError('No se pudo generar el reporte', { propertyId: 'Elige una propiedad de tu cartera' });
  return property;
}

export interface ReportRequest {
  reportType: ReportType;
  from: string;
  to: string;
  /** One principal's portfolio (POST /api/reports of a delegated owner or the super admin). */
  ownerUserId?: number | undefined;
  /** One property of the scope (a scheduled report, issue 33). */
  propertyId?: number | null | undefined;
  /** The schedule the report is generated for (jobs/scheduledReports.ts): one report per schedule and period. */
  scheduleId?: number | undefined;
}

/**
 * Generates a PDF report for a period (POST /api/reports, and the scheduled reports of the daily
 * job) over the user's scope, or over one principal's portfolio when `ownerUserId` is given, or
 * over one property of it with `propertyId`; stores it under a random name in `dir` and keeps its
 * row; if the row cannot be written, the file goes too.
 */
export async function generateReport(trx: Knex.Transaction, user: User, dir: string, input: ReportRequest): Promise<ReportRow> {
  const { reportType, from, to } = input;
  const owner = input.ownerUserId === undefined ? null : await reportSubject(trx, user, input.ownerUserId);
  const property = input.propertyId == null ? null : await reportProperty(trx, owner ?? user, input.propertyId);
  const body = await REPORT_BUILDERS[reportType](trx, owner ?? user, { from, to }, property?.id ?? null);
  const bytes = await renderPdf({
    title: REPORT_TYPE_LABELS[reportType],
    meta: [
      `Preparado para: ${fullName(user)}`,
      ...(owner ? [`Propietario: ${fullName(owner)}`] : []),
      ...(property ? [`Propiedad: ${property.propertyName}`] : []),
      `Periodo: ${formatDate(from)} - ${formatDate(to)}`,
      `Generado: ${formatDateTime(new Date())}`,
    ],
    ...body,
  });
  const stored = await storeFile(dir, bytes);
  try {
    const [row] = await trx('reports')
      .insert({
        userId: user.id,
        ownerUserId: owner?.id ?? null,
        propertyId: property?.id ?? null,
        propertyName: property?.propertyName ?? null,
        scheduleId: input.scheduleId ?? null,
        reportType,
        periodFrom: from,
        periodTo: to,
        fileName: `${REPORT_FILE_PREFIX[reportType]}_${from}_${to}.pdf`,
        filePath: stored,
        fileSizeKb: Math.ceil(bytes.length / 1024),
      })
      .returning('*');
    await audit(trx, {
      userId: user.id,
      action: 'create',
      tableName: 'reports',
      recordId: row.id,
      newValues: { reportType, periodFrom: from, periodTo: to, ownerUserId: owner?.id ?? null, propertyId: property?.id ?? null, scheduleId: input.scheduleId ?? null },
    });
    // A later step of the caller's transaction may still fail (the scheduled report's notice): the file goes with the row.
    afterRollback(trx, () => removeStored(dir, stored));
    return row;
  } catch (err) {
    await removeStored(dir, stored);
    throw err;
  }
}

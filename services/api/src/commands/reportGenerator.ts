import { REPORT_TYPE_LABELS, type ReportType } from '@arrendia/api-contract';
import { formatDate, formatDateTime } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { canonicalRole } from '@arrendia/permissions';
import { validationError } from '../errors';
import { User } from '../models/User';
import { reportableOwnerIds } from '../policies/scope';
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

/**
 * Generates a PDF report for a period (POST /api/reports) over the user's scope, or over one
 * principal's portfolio when `ownerUserId` is given; stores it under a random name in `dir` and
 * keeps its row; if the row cannot be written, the file goes too.
 */
export async function generateReport(
  trx: Knex.Transaction,
  user: User,
  dir: string,
  input: { reportType: ReportType; from: string; to: string; ownerUserId?: number | undefined },
): Promise<ReportRow> {
  const { reportType, from, to } = input;
  const owner = input.ownerUserId === undefined ? null : await reportSubject(trx, user, input.ownerUserId);
  const body = await REPORT_BUILDERS[reportType](trx, owner ?? user, { from, to });
  const bytes = await renderPdf({
    title: REPORT_TYPE_LABELS[reportType],
    meta: [
      `Preparado para: ${fullName(user)}`,
      ...(owner ? [`Propietario: ${fullName(owner)}`] : []),
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
        reportType,
        periodFrom: from,
        periodTo: to,
        fileName: `${REPORT_FILE_PREFIX[reportType]}_${from}_${to}.pdf`,
        filePath: stored,
        fileSizeKb: Math.ceil(bytes.length / 1024),
      })
      .returning('*');
    await audit(trx, { userId: user.id, action: 'create', tableName: 'reports', recordId: row.id, newValues: { reportType, periodFrom: from, periodTo: to, ownerUserId: owner?.id ?? null } });
    return row;
  } catch (err) {
    await removeStored(dir, stored);
    throw err;
  }
}

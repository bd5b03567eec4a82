import { REPORT_TYPE_LABELS, type ReportType } from '@arrendia/api-contract';
import { formatDate, formatDateTime } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit } from '../audit';
import type { User } from '../models/User';
import type { ReportRow } from '../presenters/report';
import { fullName, REPORT_BUILDERS, REPORT_FILE_PREFIX } from '../reports/contents';
import { renderPdf } from '../reports/pdf';
import { removeStored, storeFile } from '../storage/files';

/**
 * Generates a PDF report of the user's scope for a period (POST /api/reports), stores it under a
 * random name in `dir` and keeps its row; if the row cannot be written, the file goes too.
 */
export async function generateReport(trx: Knex.Transaction, user: User, dir: string, input: { reportType: ReportType; from: string; to: string }): Promise<ReportRow> {
  const { reportType, from, to } = input;
  const body = await REPORT_BUILDERS[reportType](trx, user, { from, to });
  const bytes = await renderPdf({
    title: REPORT_TYPE_LABELS[reportType],
    meta: [`Preparado para: ${fullName(user)}`, `Periodo: ${formatDate(from)} - ${formatDate(to)}`, `Generado: ${formatDateTime(new Date())}`],
    ...body,
  });
  const stored = await storeFile(dir, bytes);
  try {
    const [row] = await trx('reports')
      .insert({
        userId: user.id,
        reportType,
        periodFrom: from,
        periodTo: to,
        fileName: `${REPORT_FILE_PREFIX[reportType]}_${from}_${to}.pdf`,
        filePath: stored,
        fileSizeKb: Math.ceil(bytes.length / 1024),
      })
      .returning('*');
    await audit(trx, { userId: user.id, action: 'create', tableName: 'reports', recordId: row.id, newValues: { reportType, periodFrom: from, periodTo: to } });
    return row;
  } catch (err) {
    await removeStored(dir, stored);
    throw err;
  }
}

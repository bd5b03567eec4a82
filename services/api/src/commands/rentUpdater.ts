import { RENT_UPDATE_DEFAULT_MONTHS_BEFORE, RENT_UPDATE_MECHANISM_LABELS, RENT_UPDATE_MESSAGES, RENT_UPDATE_NOTICE_DAYS, type RentUpdatePatchData } from '@arrendia/api-contract';
import { anniversaryDue, applyPercent, computeRentUpdate, effectiveFrom, shiftMonth, spanishPercent, toCents, type IndexReading, type IndexSeries, type LeaseUse, type RentUpdateMechanism, type RentUpdateResult } from '@arrendia/law-es';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict } from '../errors';
import type { User } from '../models/User';
import { notify } from '../notify';
import { loadInScope, lockRows } from '../policies/inScope';
import { isoDay } from '../presenters/dates';
import { contractClause, contractsWithClause, contractTenantNames, editableRentUpdates, readingsByMonth, rentUpdateRows, type ClauseRow, type RentUpdateRow } from '../queries/rentUpdates';
import { rentUpdateNoticePdf } from '../reports/rentUpdateNotice';
import { storeDocument } from './documentStore';

/**
 * The annual rent update (issue 36) as work: the daily job proposes each contract's update when its
 * anniversary enters the notice window, computes it with the rules of @arrendia/law-es, waits for a
 * missing index value, applies a notified update on its date; the landlord side lowers or discards
 * a proposal and sends the tenant's notice.
 */

/** How long after an anniversary the job still proposes it (a day it did not run). */
export const RENT_UPDATE_CATCH_UP_DAYS = 60;

const cents = (value: number) => (value / 100).toFixed(2);
const percentText = (value: number) => value.toFixed(3);

/** The reference month of an anniversary: n months before its month (the clause's, or two). */
export const referenceMonthOf = (anniversary: string, monthsBefore: number | null) => shiftMonth(anniversary.slice(0, 7), -(monthsBefore ?? RENT_UPDATE_DEFAULT_MONTHS_BEFORE));

function compute(clause: ClauseRow, anniversary: string, referenceMonth: string, readings: Partial<Record<IndexSeries, IndexReading>>): RentUpdateResult {
  return computeRentUpdate({
    clause: {
      mechanism: clause.rentUpdateMechanism as RentUpdateMechanism,
      value: clause.rentUpdateValue === null ? null : Number(clause.rentUpdateValue),
      floorPercent: clause.rentUpdateFloor === null ? null : Number(clause.rentUpdateFloor),
    },
    use: clause.leaseUse as LeaseUse,
    signedOn: clause.signedOn,
    updateOn: anniversary,
    rent: clause.rentAmount,
    readings,
    referenceMonth,
  });
}

/** The columns a computed result writes on its row. */
function resultColumns(result: RentUpdateResult) {
  if (result.kind === 'update') {
    return {
      status: 'propuesta',
      clausePercent: percentText(result.clausePercent),
      limitPercent: result.limit ? percentText(result.limit.percent) : null,
      limitBasis: result.limit?.basis ?? null,
      allowedPercent: percentText(result.percent),
      percent: percentText(result.percent),
      newRent: cents(result.newRentCents),
      explanation: JSON.stringify(result.explanation),
      waitingFor: null,
    };
  }
  const waitingFor = result.kind === 'missing_index' ? result.message : result.reason;
  return { status: 'pendiente_indice', clausePercent: null, limitPercent: null, limitBasis: null, allowedPercent: null, percent: null, newRent: null, explanation: JSON.stringify([]), waitingFor };
}

/**
 * Proposes the update of every active contract with a clause whose anniversary is due (within
 * `noticeDays` ahead: RENT_UPDATE_NOTICE_DAYS unless the server's config says otherwise, or passed less than RENT_UPDATE_CATCH_UP_DAYS ago). One row per
 * contract and anniversary (unique in the database): a second run, or a second process, adds
 * nothing. With `onlyContractId`, just that contract's (one made or edited today, whose anniversary
 * may already be due). Returns how many it proposed.
 */
export async function proposeRentUpdates(
  trx: Knex.Transaction,
  today: string,
  { onlyContractId = null, noticeDays = RENT_UPDATE_NOTICE_DAYS }: { onlyContractId?: number | null; noticeDays?: number } = {},
): Promise<number> {
  const due = (await contractsWithClause(trx, onlyContractId))
    .map((clause) => ({ clause, anniversary: anniversaryDue(clause, today, { noticeDays, catchUpDays: RENT_UPDATE_CATCH_UP_DAYS }) }))
    .filter((c): c is { clause: ClauseRow; anniversary: string } => c.anniversary !== null);
  if (due.length === 0) return 0;
  const months = due.map(({ clause, anniversary }) => referenceMonthOf(anniversary, clause.rentUpdateMonthsBefore));
  const readings = await readingsByMonth(trx, months, today);
  const rows = due.map(({ clause, anniversary }, i) => ({
    contractId: clause.id,
    anniversary,
    mechanism: clause.rentUpdateMechanism,
    referenceMonth: months[i]!,
    oldRent: clause.rentAmount,
    ...resultColumns(compute(clause, anniversary, months[i]!, readings.get(months[i]!) ?? {})),
  }));
  const created: { id: number; contractId: number; status: string }[] = await trx('rent_updates').insert(rows).onConflict(['contractId', 'anniversary']).ignore().returning(['id', 'contractId', 'status']);
  for (const row of created) {
    await audit(trx, { userId: null, action: 'create', tableName: 'rent_updates', recordId: row.id, newValues: rows.find((r) => r.contractId === row.contractId) });
  }
  return created.length;
}

/**
 * Computes again the proposals waiting for an index value (each day, and when the super admin adds
 * one): a proposal whose values are now published becomes 'propuesta'. The clause read is the
 * contract's as it is now. Returns how many it completed.
 */
export async function refreshWaitingRentUpdates(trx: Knex.Transaction, today: string): Promise<number> {
  const waiting = await lockRows<{ id: number; contractId: number; anniversary: string | Date; status: string }>(
    trx('rent_updates').select('id', 'contractId', 'anniversary', 'status').where('status', 'pendiente_indice').orderBy('id'),
    'rent_updates',
  );
  let completed = 0;
  for (const row of waiting) {
    const clause = await contractClause(trx, row.contractId);
    if (!clause || clause.rentUpdateMechanism === 'none') continue;
    const anniversary = isoDay(row.anniversary);
    const month = referenceMonthOf(anniversary, clause.rentUpdateMonthsBefore);
    const readings = (await readingsByMonth(trx, [month], today)).get(month) ?? {};
    const columns = resultColumns(compute(clause, anniversary, month, readings));
    await trx('rent_updates').where('id', row.id).update({ ...columns, mechanism: clause.rentUpdateMechanism, referenceMonth: month, oldRent: clause.rentAmount, updatedAt: trx.fn.now() });
    if (columns.status === 'propuesta') {
      completed += 1;
      await audit(trx, { userId: null, action: 'update', tableName: 'rent_updates', recordId: row.id, oldValues: { status: 'pendiente_indice' }, newValues: columns });
    }
  }
  return completed;
}

/**
 * Applies the notified updates whose date has come: the contract's rent becomes the new one, its
 * history keeps the change and its reason, and the charges from that month on read it. Returns how
 * many it applied.
 */
export async function applyDueRentUpdates(trx: Knex.Transaction, today: string): Promise<number> {
  const due = await lockRows<{ id: number; contractId: number; oldRent: string; newRent: string; percent: string; mechanism: string; effectiveFrom: string | Date; noticedByUserId: number | null }>(
    trx('rent_updates').select('id', 'contractId', 'oldRent', 'newRent', 'percent', 'mechanism', 'effectiveFrom', 'noticedByUserId').where('status', 'notificada').where('effectiveFrom', '<=', today).orderBy('id'),
    'rent_updates',
  );
  for (const update of due) {
    const [contract] = await lockRows<{ rentAmount: string }>(trx('contracts').select('rentAmount').where('id', update.contractId), 'contracts');
    if (!contract) continue;
    const validFrom = isoDay(update.effectiveFrom);
    const reason = `Actualización anual de la renta: ${RENT_UPDATE_MECHANISM_LABELS[update.mechanism as RentUpdateMechanism]}, ${spanishPercent(update.percent)}`;
    await trx('contracts').where('id', update.contractId).update({ rentAmount: update.newRent, updatedAt: trx.fn.now() });
    await trx('contract_rent_history').insert({ contractId: update.contractId, rentAmount: update.newRent, previousRent: contract.rentAmount, validFrom, reason, rentUpdateId: update.id, changedByUserId: update.noticedByUserId });
    await trx('rent_updates').where('id', update.id).update({ status: 'aplicada', appliedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await audit(trx, { userId: null, action: 'update', tableName: 'contracts', recordId: update.contractId, oldValues: { rentAmount: contract.rentAmount }, newValues: { rentAmount: update.newRent, rentUpdateId: update.id } });
    await audit(trx, { userId: null, action: 'update', tableName: 'rent_updates', recordId: update.id, oldValues: { status: 'notificada' }, newValues: { status: 'aplicada' } });
  }
  return due.length;
}

/** A rent update the user may change, locked; 404 for one of a contract it cannot edit. */
async function lockEditable(trx: Knex.Transaction, user: User, id: number): Promise<RentUpdateRow> {
  return loadInScope<RentUpdateRow>(rentUpdateRows(trx, user).where('rent_updates.id', id), {
    scope: (q) => editableRentUpdates(trx, q, user),
    lock: 'rent_updates',
    notFound: RENT_UPDATE_MESSAGES.notFound,
  });
}


/**
 * PATCH /api/rent-updates/:id: the landlord applies less than the law allows (never more: 409 with
 * the limit and its basis), or discards the update. Only a proposal that has not been notified.
 */
export async function adjustRentUpdate(trx: Knex.Transaction, user: User, id: number, input: RentUpdatePatchData): Promise<void> {
  const row = await lockEditable(trx, user, id);
  if (row.status !== 'propuesta' && row.status !== 'pendiente_indice') throw conflict(RENT_UPDATE_MESSAGES.notEditable);
  if ('discarded' in input) {
    await trx('rent_updates').where('id', id).update({ status: 'descartada', updatedAt: trx.fn.now() });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'rent_updates', recordId: id, oldValues: { status: row.status }, newValues: { status: 'descartada' } });
    return;
  }
  if (row.status === 'pendiente_indice' || row.allowedPercent === null) throw conflict(row.waitingFor ?? RENT_UPDATE_MESSAGES.waitingForIndex);
  const allowed = Number(row.allowedPercent);
  if (input.percent > allowed + 1e-9) {
    const basis = row.limitBasis ? ` (${row.limitBasis})` : ' (la cláusula del contrato)';
    throw conflict(`${RENT_UPDATE_MESSAGES.aboveLimit}: como mucho ${spanishPercent(allowed)}${basis}`, { percent: `Como mucho ${spanishPercent(allowed)}` });
  }
  const newRent = cents(applyPercent(toCents(row.oldRent), input.percent));
  await trx('rent_updates').where('id', id).update({ percent: percentText(input.percent), newRent, updatedAt: trx.fn.now() });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'rent_updates', recordId: id, oldValues: { percent: row.percent, newRent: row.newRent }, newValues: { percent: percentText(input.percent), newRent } });
}

/**
 * POST /api/rent-updates/:id/notice: the tenant's written notice (LAU art. 18.2). The letter, a PDF
 * with the calculation and its legal basis, goes into the contract's documents (the tenant sees it
 * in the portal), the tenants are notified and mailed, and the new rent is payable from the month
 * after today (never before the anniversary).
 */
export async function sendRentUpdateNotice(trx: Knex.Transaction, user: User, id: number, { documentsDir, today }: { documentsDir: string; today: string }): Promise<void> {
  const row = await lockEditable(trx, user, id);
  if (row.status === 'pendiente_indice') throw conflict(row.waitingFor ?? RENT_UPDATE_MESSAGES.waitingForIndex);
  if (row.status !== 'propuesta') throw conflict(RENT_UPDATE_MESSAGES.notEditable);
  if (row.newRent === null || row.newRent === row.oldRent) throw conflict(RENT_UPDATE_MESSAGES.noChange);
  const anniversary = isoDay(row.anniversary);
  const from = effectiveFrom(today, anniversary);
  const tenants = (await contractTenantNames(trx, [row.contractId])).get(row.contractId) ?? [];
  const bytes = await rentUpdateNoticePdf(trx, { ...row, anniversary, effectiveFrom: from, tenants, today });
  const document = await storeDocument(trx, user, documentsDir, {
    bytes,
    originalName: `aviso-actualizacion-renta-${String(row.contractCode).replace(/[^\w.-]+/g, '_')}-${anniversary}.pdf`,
    fileType: 'application/pdf',
    category: 'contrato',
    description: `Aviso de actualización de la renta desde el ${formatDate(from)}`,
    relatedEntityType: 'contract',
    relatedEntityId: row.contractId,
  });
  await trx('rent_updates').where('id', id).update({ status: 'notificada', effectiveFrom: from, noticeDocumentId: document.id, noticedAt: trx.fn.now(), noticedByUserId: user.id, updatedAt: trx.fn.now() });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'rent_updates', recordId: id, oldValues: { status: 'propuesta' }, newValues: { status: 'notificada', effectiveFrom: from, noticeDocumentId: document.id } });
  await notify(
    trx,
    tenants.map((t) => t.id),
    {
      title: 'Actualización de la renta',
      message: `Tu renta de ${row.contractCode} pasa de ${formatEuros(row.oldRent)} a ${formatEuros(row.newRent)} desde el ${formatDate(from)}. El aviso está en los documentos de tu contrato.`,
      notificationType: 'rent_update_notice',
      relatedEntityType: 'contract',
      relatedEntityId: row.contractId,
    },
  );
}

/**
 * A contract's clause changed: the proposals not yet notified are made again from it (the old ones
 * go, audited), so what the landlord reviews is what the contract now says.
 */
export async function reviseOpenRentUpdates(trx: Knex.Transaction, userId: number, contractId: number, today: string, noticeDays?: number): Promise<void> {
  const open = await lockRows<{ id: number; status: string }>(trx('rent_updates').select('id', 'status').where('contractId', contractId).whereIn('status', ['pendiente_indice', 'propuesta']), 'rent_updates');
  for (const row of open) {
    await trx('rent_updates').where('id', row.id).delete();
    await audit(trx, { userId, action: 'delete', tableName: 'rent_updates', recordId: row.id, oldValues: { status: row.status }, newValues: { reason: 'Cláusula de actualización modificada' } });
  }
  await proposeRentUpdates(trx, today, { onlyContractId: contractId, noticeDays });
}

import type { TenantHome } from '@arrendia/api-contract';
import { formatDate, formatEuros, fromCents, toCents, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { tenantContractIds } from '../policies/scope';
import { isoDay, isoDayOrNull } from '../presenters/dates';
import { presentRentCharge, rentState, type RentChargeRow } from '../presenters/rentCharge';
import { rentChargeRows } from './rentCharges';

type Db = Knex | Knex.Transaction;

/** Days from `from` to `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * 'Mi Alquiler' (spec §2, issue 12) over the tenant's own rows: its current contract (the active
 * one, else the most recent), the next charge to pay and the rent state, who to call (the managing
 * agency, else the owner) and reminders: the next rent, the contract's end and its renewal notice.
 */
export async function tenantHome(db: Db, user: User, now: Date = new Date()): Promise<TenantHome> {
  const today = todayIso(now);
  const contract = await db('contracts')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .whereIn('contracts.id', tenantContractIds(db, user))
    .orderByRaw(`case contracts.status when 'Activo' then 0 when 'Pendiente' then 1 else 2 end`)
    .orderBy('contracts.startDate', 'desc')
    .first(
      'contracts.*',
      'rentable_units.unitName',
      'main_properties.propertyName',
      'main_properties.addressStreet',
      'main_properties.addressNumber',
      'main_properties.city',
      'main_properties.ownerUserId',
      'main_properties.managerAgencyId',
    );
  if (!contract) return { contract: null, nextCharge: null, lastPayment: null, state: 'Al día', unpaidTotal: '0.00', emergencyContact: null, reminders: [] };

  const charges: RentChargeRow[] = await rentChargeRows(db, user).where('rent_charges.contractId', contract.id).orderBy([
    { column: 'rent_charges.dueDate', order: 'asc' },
    { column: 'rent_charges.id', order: 'asc' },
  ]);
  const unpaid = charges.filter((c) => c.status !== 'Pagado');
  const next = unpaid[0] ?? charges[charges.length - 1] ?? null;
  // The payment confirmed last (a late month's payment may come after a later one's).
  const paid = charges.filter((c) => c.status === 'Pagado' && c.confirmedAt);
  const last = paid.reduce<RentChargeRow | null>((latest, c) => (!latest || new Date(c.confirmedAt!).getTime() > new Date(latest.confirmedAt!).getTime() ? c : latest), null);
  const state = unpaid.some((c) => rentState(c.status, isoDay(c.dueDate), today) === 'Vencido') ? 'Vencido' : unpaid.length ? 'Pendiente' : 'Al día';

  const agency = contract.managerAgencyId ? await db('agencies').where('id', contract.managerAgencyId).first('nombreAgencia', 'telefonoAgencia', 'emailAgencia') : null;
  const owner = await db('users').where('id', contract.ownerUserId).first('firstName', 'lastName', 'telefono', 'email');
  const emergencyContact = agency
    ? { kind: 'agencia' as const, name: agency.nombreAgencia, phone: agency.telefonoAgencia ?? null, email: agency.emailAgencia ?? null }
    : owner
      ? { kind: 'propietario' as const, name: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || 'Propietario', phone: owner.telefono ?? null, email: owner.email }
      : null;

  const reminders: TenantHome['reminders'] = [];
  if (unpaid[0]) reminders.push({ kind: 'rent', text: `Renta de ${formatEuros(unpaid[0].amount)}: vence el ${formatDate(unpaid[0].dueDate)}`, date: isoDay(unpaid[0].dueDate) });
  const endDate = isoDayOrNull(contract.endDate);
  if (endDate && contract.status === 'Activo' && endDate >= today) {
    const noticeFrom = addDays(endDate, -contract.renewalNoticeDays);
    reminders.push({ kind: 'contract_end', text: `Tu contrato termina el ${formatDate(endDate)} (en ${daysBetween(today, endDate)} días)`, date: endDate });
    reminders.push({
      kind: 'renewal_notice',
      text: noticeFrom <= today ? `Estás en el plazo de preaviso (${contract.renewalNoticeDays} días): habla de la renovación con tu casero` : `El preaviso de renovación empieza el ${formatDate(noticeFrom)}`,
      date: noticeFrom,
    });
  }

  return {
    contract: {
      id: contract.id,
      contractCode: contract.contractCode,
      status: contract.status,
      startDate: isoDay(contract.startDate),
      endDate,
      rentAmount: String(contract.rentAmount),
      depositAmount: String(contract.depositAmount),
      paymentDay: contract.paymentDay,
      renewalNoticeDays: contract.renewalNoticeDays,
      propertyName: contract.propertyName,
      address: `${[contract.addressStreet, contract.addressNumber].filter(Boolean).join(' ')}, ${contract.city}`,
      unitName: contract.unitName,
    },
    nextCharge: next ? presentRentCharge(next, today) : null,
    lastPayment: last ? presentRentCharge(last, today) : null,
    state,
    unpaidTotal: fromCents(unpaid.reduce((sum, c) => sum + toCents(c.amount), 0)),
    emergencyContact,
    reminders,
  };
}

import { legalDeposit, type TransactionStatus, type TransactionType } from '@arrendia/api-contract';
import { fromCents, toCents, toIsoDate } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { seedDemoMaintenance } from './demoMaintenance';
import type { DemoCalendar } from './demoCalendar';
import { DEMO_REF_CATASTRALES, demoPortfolioPlan, type DemoEntityRef, type DemoPortfolioPlan, type DemoProperty, type DemoUnit } from './demoPortfolioPlan';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Twelve months of money: this month and the eleven before it. */
const FIRST_MONTH = -11;

/** Agency fee on every rent it collects: 8 % plus 21 % IVA. */
const AGENCY_FEE_PER_10000 = 8 * 121;

/** Extra utilities of a shared flat in the heating months, in cents. */
const WINTER_UTILITIES: Readonly<Record<number, number>> = { 1: 6_215, 2: 5_480, 3: 2_130, 11: 2_870, 12: 5_960 };

const isDwelling = (type: string) => type === 'vivienda' || type === 'habitacion';

const codeOf = (year: string, n: number) => `ARR-${year}-${String(n).padStart(4, '0')}`;

/**
 * The contract codes of the plan: 'ARR-<year of start>-<sequence within that year>', numbered in
 * order of start date, as an agency numbers the contracts it signs.
 */
export function demoContractCodes(plan: DemoPortfolioPlan, cal: DemoCalendar): Map<string, string> {
  const ordered = plan.contracts.map((c, i) => ({ key: c.key, start: cal.date(c.startMonth, 1), i })).sort((a, b) => a.start.localeCompare(b.start) || a.i - b.i);
  const perYear = new Map<string, number>();
  const codes = new Map<string, string>();
  for (const { key, start } of ordered) {
    const year = start.slice(0, 4);
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    codes.set(key, codeOf(year, n));
  }
  return codes;
}

/**
 * Whether any row the portfolio would key on (a referencia catastral, a contract code) exists:
 * then the portfolio was seeded before (perhaps changed by users since) and is left alone.
 */
async function alreadySeeded(trx: Knex.Transaction, codes: string[]): Promise<boolean> {
  const property = await trx('main_properties').whereIn('refCatastral', DEMO_REF_CATASTRALES).first('id');
  if (property) return true;
  return Boolean(await trx('contracts').whereIn('contractCode', codes).first('id'));
}

/** A map that throws on a missing key: a typo in the plan fails the seed instead of writing nulls. */
class Ids {
  private readonly ids = new Map<string, number>();

  constructor(private readonly what: string) {}

  set(key: string, id: number): void {
    this.ids.set(key, id);
  }

  get(key: string): number {
    const id = this.ids.get(key);
    if (id === undefined) throw new Error(`Demo seed: unknown ${this.what} '${key}'`);
    return id;
  }
}

async function idsBy(trx: Knex.Transaction, table: string, column: string, what: string): Promise<Ids> {
  const ids = new Ids(what);
  for (const row of await trx(table).select('id', column)) ids.set(row[column], row.id);
  return ids;
}

/** Late morning in Madrid of a 'YYYY-MM-DD' day, as an instant (for createdAt columns). */
const instantOf = (isoDate: string) => new Date(`${isoDate}T10:00:00Z`);
const earliest = (a: Date, b: Date) => (a < b ? a : b);

interface TransactionRow {
  rentableUnitId: number | null;
  mainPropertyId: number;
  categoryId: number;
  contractId: number | null;
  type: TransactionType;
  amount: string;
  transactionDate: string;
  description: string;
  paymentMethod: string;
  status: TransactionStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** Ids of what the plan names (emails, type and category names, keys), filled as rows are inserted. */
interface PlanIds {
  users: Ids;
  unitTypes: Ids;
  categories: Ids;
  /** By referencia catastral. */
  properties: Ids;
  units: Ids;
  contracts: Ids;
  incidents: Ids;
}

type PlannedUnit = { unit: DemoUnit; property: DemoProperty };

const unitsOf = (plan: DemoPortfolioPlan): Map<string, PlannedUnit> =>
  new Map(plan.properties.flatMap((property) => property.units.map((unit) => [unit.key, { unit, property }] as const)));

/**
 * Writes the demo portfolio of {@link demoPortfolioPlan} inside `trx`, unless it is there already
 * (see {@link alreadySeeded}). The users it names and the demo agency must exist.
 */
export async function seedDemoPortfolio(trx: Knex.Transaction, cal: DemoCalendar, agencyId: number): Promise<boolean> {
  const plan = demoPortfolioPlan(cal);
  const codes = demoContractCodes(plan, cal);
  if (await alreadySeeded(trx, [...codes.values()])) return false;

  const ids: PlanIds = {
    users: await idsBy(trx, 'users', 'email', 'user'),
    unitTypes: await idsBy(trx, 'unit_types', 'typeName', 'unit type'),
    categories: await idsBy(trx, 'transaction_categories', 'categoryName', 'transaction category'),
    properties: new Ids('property'),
    units: new Ids('unit'),
    contracts: new Ids('contract'),
    incidents: new Ids('incident'),
  };
  await trx('owner_delegations')
    .insert(plan.delegations.map((d) => ({ ownerUserId: ids.users.get(d.owner), delegateUserId: ids.users.get(d.delegate) })))
    .onConflict(['ownerUserId', 'delegateUserId'])
    .ignore();
  await insertProperties(trx, plan, cal, agencyId, ids);
  await insertContracts(trx, plan, cal, codes, ids);
  await insertIncidents(trx, plan, cal, ids);
  await trx('transactions').insert(plannedTransactions(plan, cal, ids));
  await insertMessaging(trx, plan, cal, ids);
  await seedDemoMaintenance(trx, cal, agencyId);
  return true;
}

/** Properties, their units (Alquilado exactly when an Activo contract rents them) and residential details. */
async function insertProperties(trx: Knex.Transaction, plan: DemoPortfolioPlan, cal: DemoCalendar, agencyId: number, ids: PlanIds): Promise<void> {
  const registeredAt = new Map(plan.properties.map((p) => [p, cal.ago(p.registeredMonthsAgo * 30)]));
  const propertyRows = plan.properties.map((p) => ({
    ownerUserId: ids.users.get(p.owner),
    managerAgencyId: p.managedByAgency ? agencyId : null,
    propertyName: p.propertyName,
    addressStreet: p.addressStreet,
    addressNumber: p.addressNumber,
    addressDetails: p.addressDetails,
    city: 'Madrid',
    province: 'Madrid',
    postalCode: p.postalCode,
    country: 'España',
    refCatastral: p.refCatastral,
    totalAreaM2: p.totalAreaM2,
    buildYear: p.buildYear,
    notes: p.notes ?? null,
    isArchived: p.isArchived ?? false,
    createdAt: registeredAt.get(p),
    updatedAt: p.costs.untilMonth === undefined ? registeredAt.get(p) : instantOf(cal.endOf(p.costs.untilMonth)),
  }));
  for (const row of await trx('main_properties').insert(propertyRows).returning(['id', 'refCatastral'])) ids.properties.set(row.refCatastral, row.id);

  const rented = new Set(plan.contracts.filter((c) => c.status === 'Activo').map((c) => c.unit));
  const units = [...unitsOf(plan).values()];
  const inserted: { id: number; mainPropertyId: number; unitName: string }[] = await trx('rentable_units')
    .insert(
      units.map(({ unit, property }) => ({
        mainPropertyId: ids.properties.get(property.refCatastral),
        unitTypeId: ids.unitTypes.get(unit.type),
        unitName: unit.unitName,
        description: unit.description,
        areaM2: unit.areaM2,
        currentStatus: rented.has(unit.key) ? 'Alquilado' : (unit.idleStatus ?? 'Disponible'),
        baseRentPrice: unit.baseRentPrice,
        // pg would send a JS array as a Postgres array, not as JSON.
        amenities: JSON.stringify(unit.amenities),
        isActive: unit.isActive ?? true,
        createdAt: registeredAt.get(property),
        updatedAt: registeredAt.get(property),
      })),
    )
    .returning(['id', 'mainPropertyId', 'unitName']);
  for (const { unit, property } of units) {
    const row = inserted.find((r) => r.mainPropertyId === ids.properties.get(property.refCatastral) && r.unitName === unit.unitName);
    ids.units.set(unit.key, row!.id);
  }
  await trx('unit_details_residential').insert(
    units
      .filter(({ unit }) => unit.residential)
      .map(({ unit }) => ({
        rentableUnitId: ids.units.get(unit.key),
        isFurnished: false,
        hasTerrace: false,
        hasElevator: false,
        hasAirConditioning: false,
        allowsPets: false,
        ...unit.residential,
      })),
  );
}

/** Contracts, with the LAU deposit of their unit's use, and who signed them. */
async function insertContracts(trx: Knex.Transaction, plan: DemoPortfolioPlan, cal: DemoCalendar, codes: Map<string, string>, ids: PlanIds): Promise<void> {
  const units = unitsOf(plan);
  const rows = plan.contracts.map((c) => {
    const startDate = cal.date(c.startMonth, 1);
    const endDate = c.endMonth === null ? null : cal.endOf(c.endMonth);
    // Signed ten days before it starts; one starting within days was signed yesterday.
    const createdAt = earliest(new Date(instantOf(startDate).getTime() - 10 * DAY), cal.ago(1, 6));
    return {
      rentableUnitId: ids.units.get(c.unit),
      contractCode: codes.get(c.key)!,
      startDate,
      endDate,
      rentAmount: c.rentAmount,
      paymentDay: c.paymentDay,
      depositAmount: fromCents(toCents(legalDeposit(Number(c.rentAmount), isDwelling(units.get(c.unit)!.unit.type)))),
      depositStatus: c.depositStatus,
      status: c.status,
      renewalNoticeDays: c.renewalNoticeDays,
      terminationReason: c.terminationReason ?? null,
      notes: c.notes ?? null,
      rentUpdateMechanism: c.rentUpdate ?? 'none',
      leaseUse: isDwelling(units.get(c.unit)!.unit.type) ? 'vivienda' : 'otro',
      signedOn: startDate,
      createdAt,
      updatedAt: c.status === 'Finalizado' && endDate ? instantOf(endDate) : createdAt,
    };
  });
  for (const row of await trx('contracts').insert(rows).returning(['id', 'contractCode'])) {
    ids.contracts.set(plan.contracts[rows.findIndex((r) => r.contractCode === row.contractCode)]!.key, row.id);
  }
  await trx('tenants_contracts').insert(
    plan.contracts.flatMap((c) => c.tenants.map((email, i) => ({ tenantUserId: ids.users.get(email), contractId: ids.contracts.get(c.key), isPrimaryTenant: i === 0 }))),
  );
}

async function insertIncidents(trx: Knex.Transaction, plan: DemoPortfolioPlan, cal: DemoCalendar, ids: PlanIds): Promise<void> {
  const rows = plan.incidents.map((i) => {
    const createdAt = cal.ago(i.createdDaysAgo, 3);
    const resolvedAt = i.resolvedDaysAgo === undefined ? null : cal.ago(i.resolvedDaysAgo, 2);
    return {
      rentableUnitId: ids.units.get(i.unit),
      contractId: i.contract ? ids.contracts.get(i.contract) : null,
      reportedByUserId: ids.users.get(i.reportedBy),
      assignedToUserId: i.assignedTo ? ids.users.get(i.assignedTo) : null,
      incidentCategory: i.incidentCategory,
      title: i.title,
      description: i.description,
      status: i.status,
      priority: i.priority,
      costEstimate: i.costEstimate ?? null,
      finalCost: i.finalCost ?? null,
      resolutionNotes: i.resolutionNotes ?? null,
      closedAt: i.status === 'Cerrada' ? resolvedAt : null,
      createdAt,
      updatedAt: resolvedAt ?? createdAt,
    };
  });
  for (const row of await trx('incidents').insert(rows).returning(['id', 'title'])) {
    ids.incidents.set(plan.incidents.find((i) => i.title === row.title)!.key, row.id);
  }
  // Whoever the incident is assigned to has answered in its comments (issue 12).
  const comments = plan.incidents
    .filter((i) => i.assignedTo)
    .map((i) => ({
      incidentId: ids.incidents.get(i.key),
      userId: ids.users.get(i.assignedTo!),
      content: i.resolutionNotes ?? 'Recibido. Lo revisamos y te avisamos antes de ir.',
      createdAt: cal.ago(i.resolvedDaysAgo ?? i.createdDaysAgo, 2),
    }));
  if (comments.length) await trx('incident_comments').insert(comments);
}

type PlannedTransaction = Omit<TransactionRow, 'createdAt' | 'updatedAt'>;

/**
 * Twelve months of money, oldest first: each contract's rent on its payment day (Pendiente when
 * the day is still to come or the tenant pays late), the agency's fee on what it collected, the
 * running costs of every property and the final cost of repaired incidents. Only rents carry a
 * contract: an owner's expenses are not the tenant's to see.
 */
function plannedTransactions(plan: DemoPortfolioPlan, cal: DemoCalendar, ids: PlanIds): TransactionRow[] {
  const units = unitsOf(plan);
  const transactions: TransactionRow[] = [];
  const move = (row: PlannedTransaction) => {
    const at = earliest(instantOf(row.transactionDate), cal.now);
    transactions.push({ ...row, createdAt: at, updatedAt: at });
  };
  for (const c of plan.contracts) {
    if (c.status === 'Pendiente') continue;
    const { unit, property } = units.get(c.unit)!;
    for (let offset = Math.max(FIRST_MONTH, c.startMonth); offset <= Math.min(0, c.endMonth ?? 0); offset += 1) {
      const date = cal.date(offset, c.paymentDay);
      const pending = cal.isFuture(date) || (offset === 0 && c.paysLate === true);
      const where = { rentableUnitId: ids.units.get(c.unit), mainPropertyId: ids.properties.get(property.refCatastral), transactionDate: date };
      move({
        ...where,
        contractId: ids.contracts.get(c.key),
        categoryId: ids.categories.get('Alquiler'),
        type: 'Ingreso',
        amount: c.rentAmount,
        description: `Renta de ${cal.monthName(offset)} · ${unit.unitName}`,
        paymentMethod: c.paymentMethod,
        status: pending ? 'Pendiente' : 'Completado',
      });
      if (property.managedByAgency && !pending) {
        move({
          ...where,
          contractId: null,
          categoryId: ids.categories.get('Gestión'),
          type: 'Gasto',
          amount: fromCents(Math.round((toCents(c.rentAmount) * AGENCY_FEE_PER_10000) / 10_000)),
          description: `Honorarios de gestión (8 % + IVA) de ${cal.monthName(offset)} · ${unit.unitName}`,
          paymentMethod: 'Domiciliación',
          status: 'Completado',
        });
      }
    }
  }
  for (const property of plan.properties) addRunningCosts(property, cal, ids.properties.get(property.refCatastral), ids.categories, move);
  for (const i of plan.incidents) {
    if (!i.finalCost || i.resolvedDaysAgo === undefined) continue;
    move({
      rentableUnitId: ids.units.get(i.unit),
      mainPropertyId: ids.properties.get(units.get(i.unit)!.property.refCatastral),
      contractId: null,
      categoryId: ids.categories.get('Reparaciones'),
      type: 'Gasto',
      amount: i.finalCost,
      transactionDate: toIsoDate(cal.ago(i.resolvedDaysAgo, 2))!,
      description: `Reparación: ${i.title}`,
      paymentMethod: 'Transferencia',
      status: 'Completado',
    });
  }
  return transactions.sort((a, b) => a.transactionDate.localeCompare(b.transactionDate));
}

/** Conversations with their participants and messages, then notifications. */
async function insertMessaging(trx: Knex.Transaction, plan: DemoPortfolioPlan, cal: DemoCalendar, ids: PlanIds): Promise<void> {
  const related = (ref: DemoEntityRef | undefined): { relatedEntityType: string | null; relatedEntityId: number | null } => {
    if (!ref) return { relatedEntityType: null, relatedEntityId: null };
    if (ref.type === 'contract') return { relatedEntityType: 'contract', relatedEntityId: ids.contracts.get(ref.key) };
    if (ref.type === 'incident') return { relatedEntityType: 'incident', relatedEntityId: ids.incidents.get(ref.key) };
    return { relatedEntityType: 'property', relatedEntityId: ids.properties.get(ref.refCatastral) };
  };
  for (const conversation of plan.conversations) {
    const [{ id }] = await trx('conversations')
      .insert({ title: conversation.title, ...related(conversation.related), createdAt: cal.ago(0, conversation.messages[0]!.hoursAgo) })
      .returning('id');
    await trx('conversation_participants').insert(conversation.participants.map((email) => ({ conversationId: id, userId: ids.users.get(email) })));
    await trx('messages').insert(
      conversation.messages.map((m) => {
        const sentAt = cal.ago(0, m.hoursAgo);
        return {
          conversationId: id,
          senderUserId: ids.users.get(m.from),
          content: m.content,
          sentAt,
          readAt: m.read ? earliest(new Date(sentAt.getTime() + 20 * MINUTE), cal.now) : null,
        };
      }),
    );
  }
  await trx('notifications').insert(
    plan.notifications.map((n) => ({
      recipientUserId: ids.users.get(n.to),
      title: n.title,
      message: n.message,
      notificationType: n.notificationType,
      ...related(n.related),
      isRead: n.isRead,
      createdAt: cal.ago(0, n.hoursAgo),
    })),
  );
}

/** Community fees, IBI, insurance and (shared flats) utilities over the twelve months, never in the future. */
function addRunningCosts(
  property: DemoProperty,
  cal: DemoCalendar,
  mainPropertyId: number,
  categories: Ids,
  move: (row: PlannedTransaction) => void,
): void {
  const { costs } = property;
  const expense = (categoryName: string, cents: number, transactionDate: string, description: string) => {
    if (cal.isFuture(transactionDate)) return;
    move({
      rentableUnitId: null,
      mainPropertyId,
      contractId: null,
      categoryId: categories.get(categoryName),
      type: 'Gasto',
      amount: fromCents(cents),
      transactionDate,
      description,
      paymentMethod: 'Domiciliación',
      status: 'Completado',
    });
  };
  for (let offset = FIRST_MONTH; offset <= (costs.untilMonth ?? 0); offset += 1) {
    const { year, month } = cal.monthOf(offset);
    expense('Comunidad', costs.comunidad, cal.date(offset, 2), `Cuota de comunidad de ${cal.monthName(offset)}`);
    if (month === costs.ibiMonth) expense('IBI', costs.ibi, cal.date(offset, 10), `IBI ${year}`);
    if (month === costs.seguroMonth) expense('Seguro', costs.seguro, cal.date(offset, 15), `Seguro multirriesgo del hogar ${year}-${year + 1}`);
    if (costs.suministros) {
      // Bills vary a little from month to month; winter adds heating.
      const cents = costs.suministros + ((month * 7_919) % 1_500) + (WINTER_UTILITIES[month] ?? 0);
      expense('Suministros', cents, cal.date(offset, 20), `Luz, gas e internet de ${cal.monthName(offset)}`);
    }
  }
}

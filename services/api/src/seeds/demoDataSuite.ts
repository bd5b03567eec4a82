/**
 * What every seeded demo portfolio must satisfy, whatever the day it was seeded on: a jest suite
 * shared by demo.test.ts (seeded today) and demoDates.test.ts (seeded on awkward days). Only
 * plain selects here: the checks recompute everything in JS from the rows.
 */
import {
  CONTRACT_STATUSES,
  ContractSchema,
  ContractsCreateSchema,
  ConversationListItemSchema,
  CurrentUserSchema,
  DEPOSIT_STATUSES,
  INCIDENT_CATEGORIES,
  INCIDENT_PRIORITIES,
  INCIDENT_STATUSES,
  IncidentSchema,
  IncidentsCreateSchema,
  MessageSchema,
  NotificationSchema,
  PropertiesCreateSchema,
  PropertySchema,
  RentableUnitSchema,
  TransactionCategorySchema,
  TransactionSchema,
  TransactionsCreateSchema,
  UNIT_TYPE_NAMES,
  UnitTypeSchema,
} from '@arrendia/api-contract';
import {
  isValidIban,
  isValidNifCif,
  isValidPostalCode,
  isValidRefCatastral,
  isValidSpanishPhone,
  provinceFromPostalCode,
  toCents,
} from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { DemoCalendar } from './demoCalendar';

/** Postal codes of the five districts of the demo (spec §2 catalogue filter). */
const DISTRICT_POSTAL_CODES: Readonly<Record<string, readonly string[]>> = {
  Chamberí: ['28003', '28010', '28015'],
  Malasaña: ['28004', '28015'],
  Centro: ['28012', '28013', '28014'],
  'La Latina': ['28005'],
  Salamanca: ['28001', '28006'],
};

/** A row as the API would send it: Dates become ISO strings. */
const json = <T>(row: T): T => JSON.parse(JSON.stringify(row));

/** Fails listing the schema's own issues when `value` does not have the shape a screen reads. */
function expectShape(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
}
/** A row as a form would send it: no nulls (an empty field is left out). */
const formOf = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(json(row)).filter(([, v]) => v !== null));

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

// Raw rows of many tables, checked column by column: typing each would only restate the migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

/** Rows of every demo table, loaded once per suite. */
interface Rows {
  users: Row[];
  agencies: Row[];
  roles: Row[];
  delegations: Row[];
  properties: Row[];
  unitTypes: Row[];
  units: Row[];
  details: Row[];
  contracts: Row[];
  tenantsContracts: Row[];
  categories: Row[];
  transactions: Row[];
  incidents: Row[];
  conversations: Row[];
  participants: Row[];
  messages: Row[];
  notifications: Row[];
}

async function loadRows(knex: Knex): Promise<Rows> {
  const all = (table: string) => knex(table).select('*');
  const [users, agencies, roles, delegations, properties, unitTypes, units, details, contracts, tenantsContracts, categories, transactions, incidents, conversations, participants, messages, notifications] =
    await Promise.all(
      [
        'users',
        'agencies',
        'roles',
        'owner_delegations',
        'main_properties',
        'unit_types',
        'rentable_units',
        'unit_details_residential',
        'contracts',
        'tenants_contracts',
        'transaction_categories',
        'transactions',
        'incidents',
        'conversations',
        'conversation_participants',
        'messages',
        'notifications',
      ].map(all),
    );
  return { users, agencies, roles, delegations, properties, unitTypes, units, details, contracts, tenantsContracts, categories, transactions, incidents, conversations, participants, messages, notifications };
}

/**
 * Defines the checks of a seeded demo database. `get` gives the database and the calendar the
 * seed ran with; it is called in beforeAll, after the caller's own beforeAll seeded.
 */
export function describeDemoData(get: () => { knex: Knex; cal: DemoCalendar }): void {
  let rows: Rows;
  let cal: DemoCalendar;
  const userId = (email: string) => rows.users.find((u) => u.email === email)!.id as number;
  const unitOf = (id: number) => rows.units.find((u) => u.id === id)!;
  const propertyOf = (id: number) => rows.properties.find((p) => p.id === id)!;
  const typeOf = (unit: Row) => rows.unitTypes.find((t) => t.id === unit.unitTypeId)!.typeName as string;
  const tenantsOf = (contractId: number) => rows.tenantsContracts.filter((tc) => tc.contractId === contractId);

  beforeAll(async () => {
    const context = get();
    cal = context.cal;
    rows = await loadRows(context.knex);
  });

  describe('people', () => {
    it('gives every user a valid NIF/NIE, Spanish phone and, when set, IBAN and fiscal address in Madrid', () => {
      expect(rows.users.length).toBeGreaterThanOrEqual(19);
      for (const user of rows.users) {
        expect([user.email, isValidNifCif(user.nifCif)]).toEqual([user.email, true]);
        expect([user.email, isValidSpanishPhone(user.telefono)]).toEqual([user.email, true]);
        if (user.ibanBancaria !== null) expect([user.email, isValidIban(user.ibanBancaria)]).toEqual([user.email, true]);
        if (user.direccionFiscal !== null) {
          const postalCode = /\b(\d{5}) Madrid$/.exec(user.direccionFiscal)?.[1] ?? '';
          expect([user.email, provinceFromPostalCode(postalCode)]).toEqual([user.email, 'Madrid']);
        }
      }
      for (const agency of rows.agencies) expect(isValidNifCif(agency.cifAgencia)).toBe(true);
    });

    it('gives every user the current-user shape of the contract, its address confirmed (no banner in the demo)', () => {
      for (const user of rows.users) {
        const role = rows.roles.find((r) => r.id === user.roleId)!;
        const current = CurrentUserSchema.parse(json({ ...user, role: { roleId: role.id, roleName: role.roleName }, emailVerified: user.emailVerifiedAt != null }));
        expect([user.email, current.emailVerified]).toEqual([user.email, true]);
      }
    });

    it('has four extra owners, two of them delegating to delegado@demo, eight extra tenants and two agents in the agency', () => {
      const roleOf = (user: Row) => rows.roles.find((r) => r.id === user.roleId)!.roleName;
      const count = (roleName: string) => rows.users.filter((u) => roleOf(u) === roleName).length;
      expect({ owners: count('propietario_individual'), tenants: count('inquilino'), agents: count('agente') }).toEqual({ owners: 5, tenants: 9, agents: 2 });
      expect(rows.delegations.map((d) => d.delegateUserId)).toEqual([userId('delegado@demo.arrendia.es'), userId('delegado@demo.arrendia.es')]);
    });
  });

  describe('properties and units', () => {
    it('places a dozen properties in the five districts with matching Madrid postal codes and valid referencias catastrales', () => {
      expect(rows.properties).toHaveLength(12);
      const districts = new Set<string>();
      for (const p of rows.properties) {
        const district = /\(([^)]+)\)$/.exec(p.propertyName)?.[1] ?? '';
        districts.add(district);
        expect([p.propertyName, DISTRICT_POSTAL_CODES[district]?.includes(p.postalCode)]).toEqual([p.propertyName, true]);
        expect(isValidPostalCode(p.postalCode)).toBe(true);
        expect(isValidRefCatastral(p.refCatastral)).toBe(true);
        expect(p).toMatchObject({ city: 'Madrid', province: 'Madrid', country: 'España' });
        expectShape(PropertySchema, json(p));
        expect(PropertiesCreateSchema.parse(formOf(p))).toMatchObject({ refCatastral: p.refCatastral, postalCode: p.postalCode });
      }
      expect([...districts].sort()).toEqual(Object.keys(DISTRICT_POSTAL_CODES).sort());
    });

    it('gives the demo owner five properties (one archived), the agency four of other owners and the delegated owners three', () => {
      const owner = userId('owner@demo.arrendia.es');
      const agency = rows.agencies.find((a) => a.cifAgencia === 'B86543212')!;
      const principals = rows.delegations.map((d) => d.ownerUserId);
      const own = rows.properties.filter((p) => p.ownerUserId === owner);
      const managed = rows.properties.filter((p) => p.managerAgencyId === agency.id);
      const delegated = rows.properties.filter((p) => principals.includes(p.ownerUserId));

      expect({ own: own.length, archived: own.filter((p) => p.isArchived).length, managed: managed.length, delegated: delegated.length }).toEqual({
        own: 5,
        archived: 1,
        managed: 4,
        delegated: 3,
      });
      expect(managed.every((p) => p.ownerUserId !== owner && !principals.includes(p.ownerUserId))).toBe(true);
    });

    it('has units of every type, with residential details exactly for dwellings and rooms, and a shared flat of 3-4 rooms', () => {
      expect(new Set(rows.units.map(typeOf))).toEqual(new Set(UNIT_TYPE_NAMES));
      const residential = rows.units.filter((u) => ['vivienda', 'habitacion'].includes(typeOf(u))).map((u) => u.id);
      expect(rows.details.map((d) => d.rentableUnitId).sort((a, b) => a - b)).toEqual(residential.sort((a, b) => a - b));
      const roomsPerProperty = new Map<number, number>();
      for (const u of rows.units.filter((u) => typeOf(u) === 'habitacion')) roomsPerProperty.set(u.mainPropertyId, (roomsPerProperty.get(u.mainPropertyId) ?? 0) + 1);
      expect([...roomsPerProperty.values()].every((n) => n >= 3 && n <= 4)).toBe(true);
      for (const u of rows.units) expectShape(RentableUnitSchema, json(u));
      for (const t of rows.unitTypes) expectShape(UnitTypeSchema, t);
    });

    it('asks Madrid rents: rooms 450-650, flats 1.100-2.400, garages 90-150', () => {
      const ranges: Record<string, [number, number]> = { habitacion: [450, 650], vivienda: [1100, 2400], garaje: [90, 150] };
      for (const u of rows.units) {
        const range = ranges[typeOf(u)];
        if (!range) continue;
        const euros = toCents(u.baseRentPrice) / 100;
        expect([u.unitName, euros >= range[0] && euros <= range[1]]).toEqual([u.unitName, true]);
      }
    });

    it('marks a unit Alquilado exactly when it has an Activo contract', () => {
      const rented = new Set(rows.contracts.filter((c) => c.status === 'Activo').map((c) => c.rentableUnitId));
      for (const u of rows.units) expect([u.unitName, u.currentStatus === 'Alquilado']).toEqual([u.unitName, rented.has(u.id)]);
    });
  });

  describe('contracts', () => {
    it('has contracts in every status and every deposit status, each valid for the contract form and shape', () => {
      expect(new Set(rows.contracts.map((c) => c.status))).toEqual(new Set(CONTRACT_STATUSES));
      expect(new Set(rows.contracts.map((c) => c.depositStatus))).toEqual(new Set(DEPOSIT_STATUSES));
      for (const c of rows.contracts) {
        expectShape(ContractSchema, json(c));
        expect(ContractsCreateSchema.parse(formOf(c))).toMatchObject({ contractCode: c.contractCode, status: c.status });
        expect(c.contractCode).toMatch(new RegExp(`^ARR-${c.startDate.slice(0, 4)}-\\d{4}$`));
        expect(c.paymentDay).toBeGreaterThanOrEqual(1);
        expect(c.paymentDay).toBeLessThanOrEqual(10);
        expect([30, 60]).toContain(c.renewalNoticeDays);
      }
    });

    it('asks the LAU deposit: one month for dwellings and rooms, two for other uses', () => {
      for (const c of rows.contracts) {
        const months = ['vivienda', 'habitacion'].includes(typeOf(unitOf(c.rentableUnitId))) ? 1 : 2;
        expect([c.contractCode, toCents(c.depositAmount)]).toEqual([c.contractCode, toCents(c.rentAmount) * months]);
      }
    });

    it('dates each status consistently with today: Pendiente starts later, Activo runs today, Finalizado ended with a reason', () => {
      for (const c of rows.contracts) {
        const runsToday = c.startDate <= cal.today && (c.endDate === null || c.endDate >= cal.today);
        if (c.status === 'Pendiente') expect(c.startDate > cal.today).toBe(true);
        if (c.status === 'Activo') expect([c.contractCode, runsToday]).toEqual([c.contractCode, true]);
        if (c.status === 'Finalizado') {
          expect(c.endDate < cal.today).toBe(true);
          expect(c.terminationReason).toBeTruthy();
        }
      }
    });

    it('links every contract to its tenants, one of them primary, and only to tenants', () => {
      const tenantRole = rows.roles.find((r) => r.roleName === 'inquilino')!.id;
      for (const c of rows.contracts) {
        const links = tenantsOf(c.id);
        expect(links.filter((l) => l.isPrimaryTenant)).toHaveLength(1);
        for (const l of links) expect(rows.users.find((u) => u.id === l.tenantUserId)!.roleId).toBe(tenantRole);
      }
    });

    it("gives the demo tenant one Activo contract on a demo owner's unit and a past Finalizado one elsewhere", () => {
      const tenant = userId('tenant@demo.arrendia.es');
      const owner = userId('owner@demo.arrendia.es');
      const own = rows.tenantsContracts.filter((tc) => tc.tenantUserId === tenant).map((tc) => rows.contracts.find((c) => c.id === tc.contractId)!);
      const active = own.filter((c) => c.status === 'Activo');
      const past = own.filter((c) => c.status === 'Finalizado');
      expect(active).toHaveLength(1);
      expect(propertyOf(unitOf(active[0].rentableUnitId).mainPropertyId).ownerUserId).toBe(owner);
      expect(past).toHaveLength(1);
      expect(past[0].rentableUnitId).not.toBe(active[0].rentableUnitId);
    });
  });

  describe('incidents', () => {
    it('has every status, priority and category, each valid for the incident form and shape', () => {
      expect(new Set(rows.incidents.map((i) => i.status))).toEqual(new Set(INCIDENT_STATUSES));
      expect(new Set(rows.incidents.map((i) => i.priority))).toEqual(new Set(INCIDENT_PRIORITIES));
      expect(new Set(rows.incidents.map((i) => i.incidentCategory))).toEqual(new Set(INCIDENT_CATEGORIES));
      for (const i of rows.incidents) {
        expectShape(IncidentSchema, json(i));
        expect(IncidentsCreateSchema.parse(formOf(i))).toMatchObject({ title: i.title });
      }
    });

    it('closes exactly the Cerrada ones, after they were reported', () => {
      for (const i of rows.incidents) {
        expect([i.title, i.closedAt !== null]).toEqual([i.title, i.status === 'Cerrada']);
        if (i.closedAt) expect(i.closedAt.getTime()).toBeGreaterThan(i.createdAt.getTime());
        expect(i.createdAt.getTime()).toBeLessThanOrEqual(cal.now.getTime());
      }
    });

    it("ties a tenant's incident to one of its own contracts on that very unit", () => {
      for (const i of rows.incidents.filter((i) => i.contractId !== null)) {
        const contract = rows.contracts.find((c) => c.id === i.contractId)!;
        expect(contract.rentableUnitId).toBe(i.rentableUnitId);
        expect(tenantsOf(contract.id).map((l) => l.tenantUserId)).toContain(i.reportedByUserId);
      }
    });

    it('gives the demo tenant two or three incidents', () => {
      const mine = rows.incidents.filter((i) => i.reportedByUserId === userId('tenant@demo.arrendia.es'));
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(3);
    });
  });

  describe('transactions', () => {
    it('covers twelve distinct months, this Madrid month the last', () => {
      const months = [...new Set(rows.transactions.map((t) => monthOf(t.transactionDate)))].sort();
      expect(months).toHaveLength(12);
      expect(months[11]).toBe(monthOf(cal.today));
    });

    it('records nothing completed in the future; only rents of this month may be pending', () => {
      for (const t of rows.transactions) if (t.transactionDate > cal.today) expect(t.status).toBe('Pendiente');
      const pending = rows.transactions.filter((t) => t.status === 'Pendiente');
      expect(pending.length).toBeGreaterThanOrEqual(1);
      for (const t of pending) expect([t.type, monthOf(t.transactionDate), t.contractId !== null]).toEqual(['Ingreso', monthOf(cal.today), true]);
    });

    it("always has completed income this month on the demo owner's properties", () => {
      const owned = rows.properties.filter((p) => p.ownerUserId === userId('owner@demo.arrendia.es') && !p.isArchived).map((p) => p.id);
      const income = rows.transactions.filter(
        (t) => owned.includes(t.mainPropertyId) && t.type === 'Ingreso' && t.status === 'Completado' && monthOf(t.transactionDate) === monthOf(cal.today),
      );
      expect(income.length).toBeGreaterThan(0);
    });

    it('fills property, unit, contract and category consistently, with amounts in cents', () => {
      const withCents = rows.transactions.filter((t) => toCents(t.amount) % 100 !== 0);
      expect(withCents.length).toBeGreaterThan(20);
      for (const t of rows.transactions) {
        const category = rows.categories.find((c) => c.id === t.categoryId)!;
        expect([t.description, category.isExpense]).toEqual([t.description, t.type === 'Gasto']);
        if (t.rentableUnitId !== null) expect(unitOf(t.rentableUnitId).mainPropertyId).toBe(t.mainPropertyId);
        if (t.contractId !== null) {
          const contract = rows.contracts.find((c) => c.id === t.contractId)!;
          expect(contract.rentableUnitId).toBe(t.rentableUnitId);
          // Rent falls within the contract, on its payment day.
          expect(t.transactionDate >= contract.startDate && (contract.endDate === null || t.transactionDate <= contract.endDate)).toBe(true);
          expect(Number(t.transactionDate.slice(8))).toBe(contract.paymentDay);
          expect(t.amount).toBe(contract.rentAmount);
        }
        expectShape(TransactionSchema, json(t));
        expect(TransactionsCreateSchema.parse(formOf(t))).toMatchObject({ type: t.type });
      }
      for (const c of rows.categories) expectShape(TransactionCategorySchema, c);
    });

    it('pays the rent of every Activo contract this month, and the expenses of every kind over the year', () => {
      for (const c of rows.contracts.filter((c) => c.status === 'Activo')) {
        const rent = rows.transactions.filter((t) => t.contractId === c.id && monthOf(t.transactionDate) === monthOf(cal.today));
        expect([c.contractCode, rent.length]).toEqual([c.contractCode, 1]);
      }
      const expenseCategories = new Set(rows.transactions.filter((t) => t.type === 'Gasto').map((t) => rows.categories.find((c) => c.id === t.categoryId)!.categoryName));
      for (const name of ['Comunidad', 'IBI', 'Seguro', 'Reparaciones', 'Suministros']) expect(expenseCategories).toContain(name);
    });

    it('records the final cost of repaired incidents as a repair expense on that unit', () => {
      for (const i of rows.incidents.filter((i) => i.finalCost !== null)) {
        const expense = rows.transactions.find((t) => t.description === `Reparación: ${i.title}`);
        expect(expense).toMatchObject({ amount: i.finalCost, rentableUnitId: i.rentableUnitId, type: 'Gasto' });
      }
    });
  });

  describe('messaging and notifications', () => {
    it('holds conversations between their participants only, with read and unread messages', () => {
      expect(rows.conversations.length).toBeGreaterThanOrEqual(3);
      for (const conversation of rows.conversations) {
        expectShape(ConversationListItemSchema.shape.conversation, json(conversation));
        const members = rows.participants.filter((p) => p.conversationId === conversation.id).map((p) => p.userId);
        const messages = rows.messages.filter((m) => m.conversationId === conversation.id);
        expect(members.length).toBeGreaterThanOrEqual(2);
        expect(messages.length).toBeGreaterThanOrEqual(2);
        for (const m of messages) {
          expect(members).toContain(m.senderUserId);
          expectShape(MessageSchema, json(m));
          if (m.readAt) expect(m.readAt.getTime()).toBeGreaterThanOrEqual(m.sentAt.getTime());
        }
      }
      expect(new Set(rows.messages.map((m) => m.readAt === null))).toEqual(new Set([true, false]));
    });

    it('pairs owner and tenant, agency and owner, tenant and agency', () => {
      const roleOfUser = (id: number) => rows.roles.find((r) => r.id === rows.users.find((u) => u.id === id)!.roleId)!.roleName;
      const pairs = rows.conversations.map((c) =>
        rows.participants
          .filter((p) => p.conversationId === c.id)
          .map((p) => roleOfUser(p.userId))
          .sort()
          .join('+'),
      );
      expect(pairs).toEqual(expect.arrayContaining(['inquilino+propietario_individual', 'admin_agencia+propietario_individual', 'admin_agencia+inquilino']));
    });

    it('notifies the demo owner, manager and tenant, each with read and unread notices of the four activity types', () => {
      expect(new Set(rows.notifications.map((n) => n.notificationType))).toEqual(new Set(['new_incident', 'payment_received', 'contract_signed', 'incident_resolved']));
      for (const email of ['owner@demo.arrendia.es', 'manager@demo.arrendia.es', 'tenant@demo.arrendia.es']) {
        const mine = rows.notifications.filter((n) => n.recipientUserId === userId(email));
        expect([email, new Set(mine.map((n) => n.isRead))]).toEqual([email, new Set([true, false])]);
      }
      for (const n of rows.notifications) expectShape(NotificationSchema, json(n));
    });
  });
}

import type { RoleName } from '@arrendia/permissions';
import type { ContractStatus, IncidentPriority, IncidentStatus, TransactionType, UnitStatus, UnitTypeName } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type supertest from 'supertest';
import { Contract } from '../models/Contract';
import { Incident } from '../models/Incident';
import { MainProperty } from '../models/MainProperty';
import { RentableUnit } from '../models/RentableUnit';
import { Transaction } from '../models/Transaction';
import { Role } from '../models/Role';
import { User } from '../models/User';
import { hashPassword } from '../passwords';
import { newRecoveryCodes, newTotpSecret } from '../twoFactor';

export const FACTORY_PASSWORD = 'contraseña-de-prueba';

/** Hashes are slow on purpose: one per distinct password per test file is enough. */
const hashes = new Map<string, Promise<string>>();
const hashed = (plain: string) => {
  if (!hashes.has(plain)) hashes.set(plain, hashPassword(plain));
  return hashes.get(plain)!;
};

let sequence = 0;

export interface UserFactoryInput {
  roleName?: RoleName;
  agencyId?: number | null;
  email?: string;
  password?: string;
  isActive?: boolean;
  firstName?: string;
  lastName?: string;
  /** Whether its address is confirmed (default: yes, as every account made before issue 34). */
  emailVerified?: boolean;
}

/** Inserts a user (default: an active propietario_individual, its address confirmed) and returns it with its role. */
export async function buildUser(knex: Knex, input: UserFactoryInput = {}): Promise<User> {
  const n = ++sequence;
  const role = await Role.query(knex).findOne({ roleName: input.roleName ?? 'propietario_individual' }).throwIfNotFound();
  const user = await User.query(knex).insertAndFetch({
    roleId: role.id,
    email: input.email ?? `usuario${n}.${Date.now()}@prueba.arrendia.es`,
    password: await hashed(input.password ?? FACTORY_PASSWORD),
    firstName: input.firstName ?? 'Ana',
    lastName: input.lastName ?? `García ${n}`,
    isActive: input.isActive ?? true,
    agencyId: input.agencyId ?? null,
    emailVerifiedAt: input.emailVerified === false ? null : new Date(),
  });
  user.role = role;
  return user;
}

/** An agency with a valid-format CIF unique to the test run. */
export async function buildAgency(knex: Knex, input: { nombreAgencia?: string } = {}): Promise<{ id: number }> {
  const n = ++sequence;
  const [row] = await knex('agencies')
    .insert({ nombreAgencia: input.nombreAgencia ?? `Agencia ${n}`, cifAgencia: `B${String(10000000 + n * 7919 + (Date.now() % 1000)).slice(-8)}` })
    .returning('id');
  return row;
}

/** Records that `ownerUserId` delegated its portfolio to `delegateUserId`. */
/** Two-factor authentication on for the user, as if set up and confirmed: the app's secret and the recovery codes. */
export async function enableTwoFactorFor(knex: Knex, userId: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = newTotpSecret();
  const { codes, hashes } = newRecoveryCodes(userId);
  await knex('users')
    .where({ id: userId })
    .update({ twoFactorSecret: secret, twoFactorEnabledAt: new Date(), twoFactorLastStep: null, twoFactorRecoveryCodes: JSON.stringify(hashes) });
  return { secret, recoveryCodes: codes };
}

export async function delegate(knex: Knex, ownerUserId: number, delegateUserId: number): Promise<void> {
  await knex('owner_delegations').insert({ ownerUserId, delegateUserId });
}

export interface PropertyFactoryInput {
  ownerUserId: number;
  managerAgencyId?: number | null;
  propertyName?: string;
  city?: string;
  isArchived?: boolean;
  refCatastral?: string | null;
}

/** A property in Madrid (default: active, no catastral reference). */
export async function buildProperty(knex: Knex, input: PropertyFactoryInput): Promise<MainProperty> {
  const n = ++sequence;
  return MainProperty.query(knex).insertAndFetch({
    ownerUserId: input.ownerUserId,
    managerAgencyId: input.managerAgencyId ?? null,
    propertyName: input.propertyName ?? `Piso de prueba ${n}`,
    addressStreet: 'Calle de Fuencarral',
    addressNumber: String(n),
    city: input.city ?? 'Madrid',
    province: 'Madrid',
    postalCode: '28004',
    refCatastral: input.refCatastral ?? null,
    totalAreaM2: '85.50',
    isArchived: input.isArchived ?? false,
  });
}

export interface UnitFactoryInput {
  mainPropertyId: number;
  typeName?: UnitTypeName;
  unitName?: string;
  currentStatus?: UnitStatus;
  baseRentPrice?: string;
  isActive?: boolean;
}

/** A rentable unit (default: a vivienda, Disponible, 950 €, active). */
export async function buildUnit(knex: Knex, input: UnitFactoryInput): Promise<RentableUnit> {
  const n = ++sequence;
  const type = await knex('unit_types').where({ typeName: input.typeName ?? 'vivienda' }).first();
  return RentableUnit.query(knex).insertAndFetch({
    mainPropertyId: input.mainPropertyId,
    unitTypeId: type.id,
    unitName: input.unitName ?? `Unidad ${n}`,
    currentStatus: input.currentStatus ?? 'Disponible',
    baseRentPrice: input.baseRentPrice ?? '950.00',
    isActive: input.isActive ?? true,
  });
}

export interface ContractFactoryInput {
  rentableUnitId: number;
  tenantUserIds?: number[];
  status?: ContractStatus;
  rentAmount?: string;
  startDate?: string;
  endDate?: string | null;
  contractCode?: string;
  terminationReason?: string | null;
  paymentDay?: number;
  renewalNoticeDays?: number;
}

/** A contract on a unit, linked to its tenants (default: Activo, 950 €/mes, one year from 2026-01-01). */
export async function buildContract(knex: Knex, input: ContractFactoryInput): Promise<Contract> {
  const n = ++sequence;
  const contract = await Contract.query(knex).insertAndFetch({
    rentableUnitId: input.rentableUnitId,
    contractCode: input.contractCode ?? `CTR-TEST-${n}-${Date.now()}`,
    startDate: input.startDate ?? '2026-01-01',
    endDate: input.endDate === undefined ? '2026-12-31' : input.endDate,
    rentAmount: input.rentAmount ?? '950.00',
    paymentDay: input.paymentDay ?? 1,
    depositAmount: input.rentAmount ?? '950.00',
    ...(input.renewalNoticeDays === undefined ? {} : { renewalNoticeDays: input.renewalNoticeDays }),
    status: input.status ?? 'Activo',
    terminationReason: input.terminationReason ?? (input.status === 'Finalizado' ? 'Fin del plazo pactado' : null),
  });
  for (const [i, tenantUserId] of (input.tenantUserIds ?? []).entries()) {
    await knex('tenants_contracts').insert({ tenantUserId, contractId: contract.id, isPrimaryTenant: i === 0 });
  }
  return contract;
}

export interface IncidentFactoryInput {
  rentableUnitId: number;
  reportedByUserId?: number | null;
  contractId?: number | null;
  status?: IncidentStatus;
  priority?: IncidentPriority;
  title?: string;
  description?: string;
  createdAt?: Date;
}

/** An incident (default: Abierta, Media, Fontanería). */
export async function buildIncident(knex: Knex, input: IncidentFactoryInput): Promise<Incident> {
  const n = ++sequence;
  return Incident.query(knex).insertAndFetch({
    rentableUnitId: input.rentableUnitId,
    reportedByUserId: input.reportedByUserId ?? null,
    contractId: input.contractId ?? null,
    incidentCategory: 'Fontanería',
    title: input.title ?? `Fuga en el baño ${n}`,
    description: input.description ?? 'Gotea el grifo del lavabo.',
    status: input.status ?? 'Abierta',
    priority: input.priority ?? 'Media',
    closedAt: input.status === 'Cerrada' ? new Date() : null,
    ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
  });
}

export interface TransactionFactoryInput {
  mainPropertyId: number;
  rentableUnitId?: number | null;
  contractId?: number | null;
  type?: TransactionType;
  amount?: string;
  transactionDate?: string;
  categoryName?: string;
  status?: 'Completado' | 'Pendiente' | 'Fallido';
}

/** A transaction (default: an income of 950 € in category Alquiler, today). */
export async function buildTransaction(knex: Knex, input: TransactionFactoryInput): Promise<Transaction> {
  const type = input.type ?? 'Ingreso';
  const category = await knex('transaction_categories')
    .where({ categoryName: input.categoryName ?? (type === 'Ingreso' ? 'Alquiler' : 'Reparaciones') })
    .first();
  return Transaction.query(knex).insertAndFetch({
    mainPropertyId: input.mainPropertyId,
    rentableUnitId: input.rentableUnitId ?? null,
    contractId: input.contractId ?? null,
    categoryId: category.id,
    type,
    amount: input.amount ?? '950.00',
    transactionDate: input.transactionDate ?? new Date().toISOString().slice(0, 10),
    description: type === 'Ingreso' ? 'Cobro de la renta' : 'Reparación',
    status: input.status ?? 'Completado',
  });
}

/** A conversation between `userIds`, with one message from the first of them. */
export async function buildConversation(knex: Knex, userIds: number[], title = 'Consulta sobre el contrato'): Promise<{ id: number }> {
  const [conversation] = await knex('conversations').insert({ title }).returning('id');
  await knex('conversation_participants').insert(userIds.map((userId) => ({ conversationId: conversation.id, userId })));
  await knex('messages').insert({ conversationId: conversation.id, senderUserId: userIds[0], content: 'Hola, ¿podemos hablar del contrato?' });
  return conversation;
}

/** A published listing of a unit and a visitor's lead on it, as the public property page leaves them. */
export async function buildLead(knex: Knex, input: { rentableUnitId: number; agencyId?: number | null; recipientUserId?: number | null; assignedAgentUserId?: number | null; status?: string; name?: string }): Promise<{ id: number; listingId: number }> {
  const n = ++sequence;
  const existing = await knex('unit_listings').where('rentableUnitId', input.rentableUnitId).first('id');
  const listingId: number =
    existing?.id ??
    (
      await knex('unit_listings')
        .insert({
          rentableUnitId: input.rentableUnitId,
          listingType: 'Apartamento',
          title: `Piso en alquiler ${n}`,
          address: 'Calle de Prueba 1',
          district: 'Centro',
          price: '950.00',
          description: 'Piso luminoso',
          fullDescription: 'Piso luminoso y tranquilo',
          contactName: 'Agencia',
          contactPhone: '+34 600 000 000',
          contactEmail: 'contacto@prueba.arrendia.es',
        })
        .returning('id')
    )[0].id;
  const [lead] = await knex('leads')
    .insert({
      listingId,
      agencyId: input.agencyId ?? null,
      recipientUserId: input.recipientUserId ?? null,
      assignedAgentUserId: input.assignedAgentUserId ?? null,
      status: input.status ?? 'Nuevo',
      name: input.name ?? `Cliente ${n}`,
      email: `cliente${n}@example.com`,
      message: 'Me interesa el piso',
    })
    .returning('id');
  return { id: lead.id, listingId };
}

/**
 * A cookie-keeping client of `t` signed in as `user` (with the factory password unless told),
 * optionally as a given browser.
 */
export async function signIn(t: { agent(): supertest.Agent }, user: { email: string }, options: { password?: string; userAgent?: string } = {}): Promise<supertest.Agent> {
  const agent = t.agent();
  if (options.userAgent) agent.set('User-Agent', options.userAgent);
  await agent.post('/api/auth/login').send({ email: user.email, password: options.password ?? FACTORY_PASSWORD }).expect(200);
  return agent;
}

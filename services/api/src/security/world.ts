/**
 * The authorization matrix's world: two of everything, so that every role has rows in its scope and
 * rows outside it (issue 15, point 1).
 *
 * Four "cells" of the portfolio, each a property with a rented unit (its Activo contract, tenant,
 * incident, money, documents, conversation, rent charge, maintenance) and a spare unit:
 * - A:  owner A's, managed by nobody;
 * - AX: owner A's, managed by agency X (its agent in charge: agentX);
 * - B:  owner B's, managed by nobody;
 * - BY: owner B's, managed by agency Y (its agent in charge: agentY).
 * delegateA holds owner A's portfolio (A and AX); each cell's tenant is party to that cell's contract only.
 * Each building also has a neighbour: another tenant renting another unit, with its own contract,
 * incident, income and rent charge, which the cell's staff see and the cell's tenant must not.
 * Cell B's property still names agentX as its agent in charge, with an inventory agentX attached,
 * as an agency leaves them behind: neither is agentX's any more.
 *
 * The static part (who is who, who sees which cell) is what the matrix states; `buildWorld` seeds it
 * and signs every user in once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import sharp from 'sharp';
import supertest from 'supertest';
import { issuePasswordReset } from '../commands/passwordResetter';
import { sessionHandle } from '../commands/accountSettings';
import { storeDocument } from '../commands/documentStore';
import { addListingPhoto } from '../commands/listingPublisher';
import { listingPhotosDir, prepareListingPhoto } from '../storage/listingPhotos';
import { inviteTenant } from '../commands/tenantInviter';
import { inviteOwner } from '../commands/ownerInviter';
import { replaceProfilePhoto } from '../commands/accountSettings';
import type { User } from '../models/User';
import { documentsDir, reportsDir, storeFile } from '../storage/files';
import {
  buildAgency,
  buildContract,
  buildConversation,
  buildIncident,
  buildLead,
  buildProperty,
  buildTransaction,
  buildUnit,
  buildUser,
  delegate,
  FACTORY_PASSWORD,
} from '../test/factories';
import { listen } from '../test/sse';
import { startTestApp, type TestApp } from '../test/support';

// ---------------------------------------------------------------------------------------------
// Who is who (static: the matrix computes its expectations from this alone)

export const CELLS = ['A', 'AX', 'B', 'BY'] as const;
export type Cell = (typeof CELLS)[number];
export type AgencyKey = 'X' | 'Y';

export const USER_KEYS = ['super', 'ownerA', 'ownerB', 'adminX', 'agentX', 'adminY', 'agentY', 'delegateA', 'tenantA', 'tenantAX', 'tenantB', 'tenantBY'] as const;
export type UserKey = (typeof USER_KEYS)[number];
export const ACTOR_KEYS = ['anonymous', ...USER_KEYS] as const;
export type ActorKey = (typeof ACTOR_KEYS)[number];

export interface Profile {
  role: RoleName;
  agency: AgencyKey | null;
  /** The cells whose properties the user works on (its staff scope). */
  cells: readonly Cell[];
  /** The cell whose contract the user rents (tenants). */
  tenantOf: Cell | null;
}

export const PROFILES: Readonly<Record<UserKey, Profile>> = {
  super: { role: 'super_admin', agency: null, cells: CELLS, tenantOf: null },
  ownerA: { role: 'propietario_individual', agency: null, cells: ['A', 'AX'], tenantOf: null },
  ownerB: { role: 'propietario_individual', agency: null, cells: ['B', 'BY'], tenantOf: null },
  adminX: { role: 'admin_agencia', agency: 'X', cells: ['AX'], tenantOf: null },
  agentX: { role: 'agente', agency: 'X', cells: ['AX'], tenantOf: null },
  adminY: { role: 'admin_agencia', agency: 'Y', cells: ['BY'], tenantOf: null },
  agentY: { role: 'agente', agency: 'Y', cells: ['BY'], tenantOf: null },
  delegateA: { role: 'propietario_delegado', agency: null, cells: ['A', 'AX'], tenantOf: null },
  tenantA: { role: 'inquilino', agency: null, cells: [], tenantOf: 'A' },
  tenantAX: { role: 'inquilino', agency: null, cells: [], tenantOf: 'AX' },
  tenantB: { role: 'inquilino', agency: null, cells: [], tenantOf: 'B' },
  tenantBY: { role: 'inquilino', agency: null, cells: [], tenantOf: 'BY' },
};

export const CELL_OWNER: Readonly<Record<Cell, UserKey>> = { A: 'ownerA', AX: 'ownerA', B: 'ownerB', BY: 'ownerB' };
export const CELL_AGENCY: Readonly<Record<Cell, AgencyKey | null>> = { A: null, AX: 'X', B: null, BY: 'Y' };
export const CELL_TENANT: Readonly<Record<Cell, UserKey>> = { A: 'tenantA', AX: 'tenantAX', B: 'tenantB', BY: 'tenantBY' };
/** Who uploaded the cell's document (its staff). */
export const CELL_STAFF: Readonly<Record<Cell, UserKey>> = { A: 'ownerA', AX: 'adminX', B: 'ownerB', BY: 'adminY' };
/** The agent in charge of the cell's property (main_properties.assignedAgentUserId). */
export const CELL_AGENT: Readonly<Record<Cell, UserKey | null>> = { A: null, AX: 'agentX', B: null, BY: 'agentY' };
/** The two people of each cell's conversation: its staff (who wrote the first message) and its tenant. */
export const CONVERSATION_PARTIES: Readonly<Record<Cell, readonly UserKey[]>> = {
  A: ['ownerA', 'tenantA'],
  AX: ['agentX', 'tenantAX'],
  B: ['ownerB', 'tenantB'],
  BY: ['agentY', 'tenantBY'],
};
/** The cell across the portfolio: another owner and another agency (A↔B, AX↔BY). */
export const OTHER_CELL: Readonly<Record<Cell, Cell>> = { A: 'B', AX: 'BY', B: 'A', BY: 'AX' };

/** Distinct amounts per cell: any subset of cells sums to a different figure. */
export const CELL_INCOME: Readonly<Record<Cell, number>> = { A: 1000, AX: 2000, B: 4000, BY: 8000 };
export const CELL_EXPENSE: Readonly<Record<Cell, number>> = { A: 100, AX: 200, B: 400, BY: 800 };
/** The income on each cell's neighbour contract (staff see it, the cell's tenant does not). */
export const NEIGHBOUR_INCOME: Readonly<Record<Cell, number>> = { A: 10, AX: 20, B: 40, BY: 80 };

export const cellLabel = (cell: Cell) =>
  `${cell} (owner ${cell.startsWith('A') ? 'A' : 'B'}${CELL_AGENCY[cell] ? `, agency ${CELL_AGENCY[cell]}` : ', no agency'})`;

/**
 * The contacts key of each cell's neighbour: a tenant renting another unit of the same building,
 * who is no actor of the matrix (its rows are what the cell's tenant must not see).
 */
export const neighbourKey = (cell: Cell) => `neighbour ${cell}`;

// ---------------------------------------------------------------------------------------------
// Who sees what (static)

export const isUser = (a: ActorKey): a is UserKey => a !== 'anonymous';
export const roleOf = (a: ActorKey): RoleName | null => (isUser(a) ? PROFILES[a].role : null);
/** Works on the cell's property: its owner, its agency's staff, the delegate of its owner, the super admin. */
export const staffSees = (a: ActorKey, cell: Cell) => isUser(a) && PROFILES[a].cells.includes(cell);
/** Staff of the cell, or the tenant of its contract. */
export const partySees = (a: ActorKey, cell: Cell) => staffSees(a, cell) || (isUser(a) && PROFILES[a].tenantOf === cell);
/** Leads and visits: the agency's staff, the super admin. */
export const agencySees = (a: ActorKey, cell: Cell) =>
  isUser(a) && (PROFILES[a].role === 'super_admin' || (PROFILES[a].agency !== null && PROFILES[a].agency === CELL_AGENCY[cell]));
/** Providers: the cell's account (A/B: its owner's; AX/BY: its agency's) and the super admin. */
export const providerSees = (a: ActorKey, cell: Cell) => {
  if (!isUser(a)) return false;
  const p = PROFILES[a];
  if (p.role === 'super_admin') return true;
  if (CELL_AGENCY[cell]) return (p.role === 'admin_agencia' || p.role === 'agente') && p.agency === CELL_AGENCY[cell];
  return p.role === 'propietario_individual' && CELL_OWNER[cell] === a;
};
export const conversationSees = (a: ActorKey, cell: Cell) => isUser(a) && CONVERSATION_PARTIES[cell].includes(a);

/**
 * Who `a` may start a conversation with (policies/conversation.ts, stated independently): the owners
 * of the properties it sees, their agencies' users, their owners' delegates and, for staff, the tenants
 * of their contracts; never itself.
 */
export function contactsOf(a: UserKey): string[] {
  const p = PROFILES[a];
  const cells: readonly Cell[] = p.tenantOf ? [p.tenantOf] : p.cells;
  const out = new Set<string>();
  for (const cell of cells) {
    out.add(CELL_OWNER[cell]);
    const agency = CELL_AGENCY[cell];
    if (agency) for (const u of USER_KEYS) if (PROFILES[u].agency === agency) out.add(u);
    if (CELL_OWNER[cell] === 'ownerA') out.add('delegateA');
    if (p.role !== 'inquilino') {
      out.add(CELL_TENANT[cell]);
      out.add(neighbourKey(cell));
    }
  }
  out.delete(a);
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// The seeded world

export interface CellRows {
  property: number;
  unit: number;
  spareUnit: number;
  contract: number;
  incident: number;
  incomeTx: number;
  expenseTx: number;
  /** A PDF attached to the property, uploaded by the cell's staff. */
  document: number;
  /** A PNG attached to the incident (a document too). */
  photo: number;
  conversation: number;
  rentCharge: number;
  task: number;
  plan: number;
  provider: number;
  lead: number;
  listing: number;
  /** A photo of the listing, kept at its sizes (storage/listingPhotos). */
  listingPhoto: number;
  /** Only AX and BY have one (agency pipelines). */
  visit: number | null;
  /** The neighbour's unit in the same building, rented under its own contract, with its incident, income and charge. */
  neighbour: { user: number; unit: number; contract: number; incident: number; incomeTx: number; rentCharge: number };
}

export interface World {
  t: TestApp;
  base: string;
  dir: string;
  users: Record<UserKey, User>;
  agencies: Record<AgencyKey, number>;
  cells: Record<Cell, CellRows>;
  /** A document on cell B's property uploaded by agentX when its agency managed it (see buildWorld). */
  staleDocument: number;
  /** The reports on file, by their author. */
  reports: Partial<Record<UserKey, number>>;
  notifications: Record<UserKey, number>;
  categories: { income: number; expense: number };
  /** The token of a pending invitation to contract A for a throwaway tenant account. */
  invitationToken: string;
  invitationEmail: string;
  /** The token of agency X's pending invitation (issue 32) for a throwaway owner account. */
  ownerInvitationToken: string;
  /** ownerA's profile photo's stored name. */
  photoName: string;
  /** Pending consent requests made by owner B: to delegateA's email, and to agency X for cell B's property. */
  consentRequests: { delegation: number; management: number };
  /** A signed-in client per user and anonymous (kept for the whole file). */
  client(a: ActorKey): supertest.Agent;
  /** The Cookie header of each user's session (for the events stream, which supertest cannot stream). */
  cookies: Record<UserKey, string>;
  /** Sessions opened by the POST /api/auth/login cases, used up by the logout cases. */
  spareCookies: Partial<Record<ActorKey, string>>;
  id(a: UserKey): number;
  close(): Promise<void>;
  fresh: Fresh;
}

/** Throwaway rows for the cases that change or delete what they are called on. */
export interface Fresh {
  property(cell: Cell): Promise<number>;
  document(cell: Cell): Promise<number>;
  /** On the cell's contract, or on its neighbour's. */
  incident(cell: Cell, neighbour?: boolean): Promise<number>;
  rentCharge(cell: Cell, neighbour?: boolean): Promise<number>;
  user(role?: RoleName, agency?: AgencyKey | null): Promise<User>;
  session(user: UserKey): Promise<string>;
  resetToken(): Promise<string>;
  invitation(cell: Cell, email: string): Promise<string>;
  /** A pending invitation of adminX to agency X's portfolio for `email`, as its token. */
  ownerInvitation(email: string): Promise<string>;
  /**
   * A pending consent request (issue 30), written straight to the table (no notification): a fresh
   * owner asking delegateA to take its portfolio, or asking agency X to manage a fresh property of its own.
   */
  consentRequest(kind: 'delegation' | 'management'): Promise<number>;
  /** A free unit of the cell's property, with no advert. */
  unit(cell: Cell): Promise<number>;
  /** A published advert of a fresh unit of the cell's property. */
  listing(cell: Cell): Promise<number>;
  /** A photo of a fresh advert of the cell, as 'listingId/photos/photoId'. */
  listingPhoto(cell: Cell): Promise<string>;
  email(prefix: string): string;
  serial(): number;
}

/** A real PNG (the listing photos are decoded and resized, not only sniffed), made once. */
let realPng: Promise<Buffer> | undefined;
export const realPngBytes = () => (realPng ??= sharp({ create: { width: 48, height: 36, channels: 3, background: '#4a8' } }).png().toBuffer());

export const pdfBytes = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 65)]);
export const pngBytes = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

const NAMES: Record<UserKey, [string, string]> = {
  super: ['Sara', 'Admin Matriz'],
  ownerA: ['Alicia', 'Propietaria Matriz'],
  ownerB: ['Bruno', 'Propietario Matriz'],
  adminX: ['Xavier', 'Gestor Matriz'],
  agentX: ['Ximena', 'Agente Matriz'],
  adminY: ['Yago', 'Gestor Matriz'],
  agentY: ['Yolanda', 'Agente Matriz'],
  delegateA: ['Diego', 'Delegado Matriz'],
  tenantA: ['Teresa', 'Inquilina Matriz'],
  tenantAX: ['Tomás', 'Inquilino Matriz'],
  tenantB: ['Tania', 'Inquilina Matriz'],
  tenantBY: ['Toni', 'Inquilino Matriz'],
};

async function signInOnce(base: string, email: string): Promise<{ agent: supertest.Agent; cookie: string }> {
  const agent = supertest.agent(base);
  const res = await agent.post('/api/auth/login').send({ email, password: FACTORY_PASSWORD });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
  const setCookie = res.headers['set-cookie'] as unknown as string[];
  return { agent, cookie: setCookie.map((c) => c.split(';')[0]).join('; ') };
}

const inTrx = <T>(knex: Knex, fn: (trx: Knex.Transaction) => Promise<T>) => knex.transaction(fn);

/** Seeds the world on a fresh app and signs every user in. */
export async function buildWorld(): Promise<World> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-matrix-'));
  const t = await startTestApp({ documentsDir: dir });
  const server = await listen(t.app);
  const knex = t.knex;
  let serial = 0;
  const next = () => ++serial;

  const agencies = { X: (await buildAgency(knex, { nombreAgencia: 'Agencia Matriz X' })).id, Y: (await buildAgency(knex, { nombreAgencia: 'Agencia Matriz Y' })).id };
  const users = {} as Record<UserKey, User>;
  for (const key of USER_KEYS) {
    const p = PROFILES[key];
    users[key] = await buildUser(knex, {
      roleName: p.role,
      agencyId: p.agency ? agencies[p.agency] : null,
      email: `${key.toLowerCase()}@matriz.arrendia.es`,
      firstName: NAMES[key][0],
      lastName: NAMES[key][1],
    });
  }
  await delegate(knex, users.ownerA.id, users.delegateA.id);

  const categories = {
    income: (await knex('transaction_categories').where({ categoryName: 'Alquiler' }).first('id')).id as number,
    expense: (await knex('transaction_categories').where({ categoryName: 'Reparaciones' }).first('id')).id as number,
  };
  const providerOf = async (cell: Cell) => {
    const agency = CELL_AGENCY[cell];
    const [row] = await knex('providers')
      .insert({
        name: `Fontanería Matriz ${cell}`,
        trade: 'Fontanería',
        nifCif: '12345678Z',
        ownerUserId: agency ? null : users[CELL_OWNER[cell]].id,
        agencyId: agency ? agencies[agency] : null,
      })
      .returning('id');
    return row.id as number;
  };

  /** A listing photo uploaded by `user`, its files on disk as an upload leaves them. */
  const storedListingPhoto = async (listingId: number, user: User) => {
    const photo = await prepareListingPhoto(await realPngBytes());
    return inTrx(knex, (trx) => addListingPhoto(trx, user, listingPhotosDir(t.config), listingId, photo));
  };

  const cells = {} as Record<Cell, CellRows>;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const today = day(0);
  for (const cell of CELLS) {
    const owner = users[CELL_OWNER[cell]];
    const agency = CELL_AGENCY[cell];
    const tenant = users[CELL_TENANT[cell]];
    const staff = users[CELL_STAFF[cell]];
    const property = await buildProperty(knex, { ownerUserId: owner.id, managerAgencyId: agency ? agencies[agency] : null, propertyName: `Piso Matriz ${cell}` });
    const agent = CELL_AGENT[cell];
    if (agent) await knex('main_properties').where({ id: property.id }).update({ assignedAgentUserId: users[agent].id });
    const unit = await buildUnit(knex, { mainPropertyId: property.id, unitName: `Vivienda Matriz ${cell}`, currentStatus: 'Alquilado' });
    const spareUnit = await buildUnit(knex, { mainPropertyId: property.id, unitName: `Libre Matriz ${cell}` });
    // Ending within a month: 'Próximas tareas' lists every contract.
    const contract = await buildContract(knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], contractCode: `MTX-${cell}`, startDate: day(-200), endDate: day(30) });
    const incident = await buildIncident(knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id, title: `Fuga Matriz ${cell}` });
    const incomeTx = await buildTransaction(knex, { mainPropertyId: property.id, rentableUnitId: unit.id, contractId: contract.id, amount: CELL_INCOME[cell].toFixed(2) });
    await knex('transactions').where({ id: incomeTx.id }).update({ description: `Renta Matriz ${cell}` });
    const expenseTx = await buildTransaction(knex, { mainPropertyId: property.id, type: 'Gasto', amount: CELL_EXPENSE[cell].toFixed(2) });
    const document = await inTrx(knex, (trx) =>
      storeDocument(trx, staff, dir, { bytes: pdfBytes(), originalName: `escritura-${cell}.pdf`, fileType: 'application/pdf', category: 'contrato', relatedEntityType: 'property', relatedEntityId: property.id }),
    );
    const photo = await inTrx(knex, (trx) =>
      storeDocument(trx, tenant, dir, { bytes: pngBytes(), originalName: `fuga-${cell}.png`, fileType: 'image/png', category: 'otro', relatedEntityType: 'incident', relatedEntityId: incident.id }),
    );
    const conversation = await buildConversation(knex, CONVERSATION_PARTIES[cell].map((k) => users[k].id), `Conversación Matriz ${cell}`);
    const [charge] = await knex('rent_charges')
      .insert({ contractId: contract.id, period: '2026-11', dueDate: '2026-11-01', amount: '950.00', reference: `MTX-${cell}-2026-11`, status: 'Pendiente' })
      .returning('id');
    const provider = await providerOf(cell);
    const [task] = await knex('maintenance_tasks')
      .insert({ mainPropertyId: property.id, rentableUnitId: unit.id, providerId: provider, title: `Revisión Matriz ${cell}`, scheduledDate: '2027-01-15' })
      .returning('id');
    const [plan] = await knex('maintenance_plans')
      .insert({ mainPropertyId: property.id, title: `Caldera Matriz ${cell}`, intervalMonths: 12, nextDate: '2027-03-01' })
      .returning('id');
    const lead = await buildLead(knex, {
      rentableUnitId: spareUnit.id,
      agencyId: agency ? agencies[agency] : null,
      recipientUserId: owner.id,
      assignedAgentUserId: agent ? users[agent].id : null,
      name: `Cliente Matriz ${cell}`,
    });
    let visit: number | null = null;
    if (agent) {
      const startsAt = new Date(Date.now() + 30 * 86_400_000);
      const [row] = await knex('visits')
        .insert({ leadId: lead.id, contactName: `Cliente Matriz ${cell}`, rentableUnitId: spareUnit.id, agentUserId: users[agent].id, startsAt, endsAt: new Date(startsAt.getTime() + 45 * 60_000) })
        .returning('id');
      visit = row.id;
    }
    const neighbourUser = await buildUser(knex, { roleName: 'inquilino', email: `vecino.${cell.toLowerCase()}@vecinos.arrendia.es`, firstName: 'Nuria', lastName: `Vecina ${cell}` });
    const neighbourUnit = await buildUnit(knex, { mainPropertyId: property.id, unitName: `Vecino Matriz ${cell}`, currentStatus: 'Alquilado' });
    const neighbourContract = await buildContract(knex, { rentableUnitId: neighbourUnit.id, tenantUserIds: [neighbourUser.id], contractCode: `MTX-${cell}-vecino`, startDate: day(-200), endDate: day(30) });
    const neighbourIncident = await buildIncident(knex, { rentableUnitId: neighbourUnit.id, reportedByUserId: neighbourUser.id, contractId: neighbourContract.id, title: `Fuga Matriz ${cell} vecino` });
    const neighbourIncome = await buildTransaction(knex, { mainPropertyId: property.id, rentableUnitId: neighbourUnit.id, contractId: neighbourContract.id, amount: NEIGHBOUR_INCOME[cell].toFixed(2) });
    await knex('transactions').where({ id: neighbourIncome.id }).update({ description: `Renta Matriz ${cell} vecino` });
    const [neighbourCharge] = await knex('rent_charges')
      .insert({ contractId: neighbourContract.id, period: '2026-11', dueDate: '2026-11-01', amount: '900.00', reference: `MTX-${cell}-V-2026-11`, status: 'Pendiente' })
      .returning('id');
    // 'Actividad Reciente' reads the audit log: one row per audited record of the cell.
    await knex('audit_log').insert([
      { userId: staff.id, action: 'create', tableName: 'contracts', recordId: String(neighbourContract.id), newValues: { contractCode: `MTX-${cell}-vecino` } },
      { userId: neighbourUser.id, action: 'create', tableName: 'incidents', recordId: String(neighbourIncident.id), newValues: { title: `Fuga Matriz ${cell} vecino` } },
      {
        userId: staff.id,
        action: 'create',
        tableName: 'transactions',
        recordId: String(neighbourIncome.id),
        newValues: { type: 'Ingreso', amount: NEIGHBOUR_INCOME[cell].toFixed(2), description: `Renta Matriz ${cell} vecino` },
      },
      { userId: staff.id, action: 'create', tableName: 'main_properties', recordId: String(property.id), newValues: { propertyName: `Piso Matriz ${cell}` } },
      { userId: staff.id, action: 'create', tableName: 'contracts', recordId: String(contract.id), newValues: { contractCode: `MTX-${cell}` } },
      { userId: tenant.id, action: 'create', tableName: 'incidents', recordId: String(incident.id), newValues: { title: `Fuga Matriz ${cell}` } },
      { userId: staff.id, action: 'create', tableName: 'transactions', recordId: String(incomeTx.id), newValues: { type: 'Ingreso', amount: CELL_INCOME[cell].toFixed(2), description: `Renta Matriz ${cell}` } },
    ]);
    cells[cell] = {
      property: property.id,
      unit: unit.id,
      spareUnit: spareUnit.id,
      contract: contract.id,
      incident: incident.id,
      incomeTx: incomeTx.id,
      expenseTx: expenseTx.id,
      document: document.id,
      photo: photo.id,
      conversation: conversation.id,
      rentCharge: charge.id,
      task: task.id,
      plan: plan.id,
      provider,
      lead: lead.id,
      listing: lead.listingId,
      listingPhoto: await storedListingPhoto(lead.listingId, staff),
      visit,
      neighbour: { user: neighbourUser.id, unit: neighbourUnit.id, contract: neighbourContract.id, incident: neighbourIncident.id, incomeTx: neighbourIncome.id, rentCharge: neighbourCharge.id },
    };
  }

  // Owner B's own property still names agentX as the agent in charge: what an agency leaves behind
  // when its agent moves to another agency (PATCH /api/users/:id keeps main_properties.assignedAgentUserId)
  // or when it stops managing the property. agentX's figures must not count it any more.
  await knex('main_properties').where({ id: cells.B.property }).update({ assignedAgentUserId: users.agentX.id });
  // And an inventory agentX attached to that property back then: owner B's document now, not agentX's.
  const staleDocument = await inTrx(knex, (trx) =>
    storeDocument(trx, users.agentX, dir, { bytes: pdfBytes(), originalName: 'inventario-B.pdf', fileType: 'application/pdf', category: 'inventario', relatedEntityType: 'property', relatedEntityId: cells.B.property }),
  );

  const reports: Partial<Record<UserKey, number>> = {};
  for (const key of ['super', 'ownerA', 'ownerB', 'adminX', 'adminY', 'delegateA'] as const) {
    const filePath = await storeFile(reportsDir(t.config), pdfBytes());
    const [row] = await knex('reports')
      .insert({ userId: users[key].id, reportType: 'financial', periodFrom: '2026-01-01', periodTo: today, fileName: `informe-${key}.pdf`, filePath, fileSizeKb: 1 })
      .returning('id');
    reports[key] = row.id;
  }
  const notifications = {} as Record<UserKey, number>;
  for (const key of USER_KEYS) {
    const [row] = await knex('notifications').insert({ recipientUserId: users[key].id, title: `Aviso Matriz ${key}`, message: 'Aviso de la matriz' }).returning('id');
    notifications[key] = row.id;
  }
  const photoOwner = await inTrx(knex, (trx) => replaceProfilePhoto(trx, users.ownerA, path.join(documentsDir(t.config), 'profile-photos'), pngBytes()));
  const photoName = String(photoOwner.profileImageUrl).split('/').pop()!;

  const fresh: Fresh = {
    serial: next,
    email: (prefix) => `${prefix}.${next()}.${Date.now()}@matriz.arrendia.es`,
    async property(cell) {
      const agency = CELL_AGENCY[cell];
      const p = await buildProperty(knex, { ownerUserId: users[CELL_OWNER[cell]].id, managerAgencyId: agency ? agencies[agency] : null, propertyName: `Desechable Matriz ${cell} ${next()}` });
      // In the charge of the cell's agent, as the cell's own property is (an agent edits only those).
      const agent = CELL_AGENT[cell];
      if (agent) await knex('main_properties').where({ id: p.id }).update({ assignedAgentUserId: users[agent].id });
      return p.id;
    },
    async unit(cell) {
      return (await buildUnit(knex, { mainPropertyId: cells[cell].property, unitName: `Desechable Matriz ${cell} ${next()}` })).id;
    },
    async listing(cell) {
      const unit = await fresh.unit(cell);
      return (await buildLead(knex, { rentableUnitId: unit })).listingId;
    },
    async listingPhoto(cell) {
      const listing = await fresh.listing(cell);
      return `${listing}/photos/${await storedListingPhoto(listing, users[CELL_STAFF[cell]])}`;
    },
    async document(cell) {
      const row = await inTrx(knex, (trx) =>
        storeDocument(trx, users[CELL_STAFF[cell]], dir, {
          bytes: pdfBytes(),
          originalName: `desechable-${cell}.pdf`,
          fileType: 'application/pdf',
          category: 'recibo',
          relatedEntityType: 'property',
          relatedEntityId: cells[cell].property,
        }),
      );
      return row.id;
    },
    async incident(cell, neighbour = false) {
      const r = cells[cell];
      const i = neighbour
        ? await buildIncident(knex, { rentableUnitId: r.neighbour.unit, reportedByUserId: r.neighbour.user, contractId: r.neighbour.contract, title: `Desechable Matriz ${cell}` })
        : await buildIncident(knex, { rentableUnitId: r.unit, reportedByUserId: users[CELL_TENANT[cell]].id, contractId: r.contract, title: `Desechable Matriz ${cell}` });
      return i.id;
    },
    async rentCharge(cell, neighbour = false) {
      const n = next();
      const year = 2030 + Math.floor(n / 12);
      const period = `${year}-${String((n % 12) + 1).padStart(2, '0')}`;
      const contractId = neighbour ? cells[cell].neighbour.contract : cells[cell].contract;
      const [row] = await knex('rent_charges')
        .insert({ contractId, period, dueDate: `${period}-01`, amount: '950.00', reference: `MTX-${cell}-${neighbour ? 'V-' : ''}${period}`, status: 'Pendiente' })
        .returning('id');
      return row.id;
    },
    async user(role = 'propietario_individual', agency = null) {
      return buildUser(knex, { roleName: role, agencyId: agency ? agencies[agency] : null, email: fresh.email('desechable'), lastName: 'Desechable' });
    },
    async session(user) {
      const sid = randomUUID();
      const now = Date.now();
      await knex('sessions').insert({ sid, sess: JSON.stringify({ userId: users[user].id, key: randomUUID(), createdAt: now, seenAt: now, throwaway: true }), expire: new Date(now + 3_600_000) });
      return sessionHandle(sid);
    },
    async resetToken() {
      const target = await fresh.user();
      const { link } = await inTrx(knex, (trx) => issuePasswordReset(trx, users.super.id, target.id));
      return link.split('/').pop()!;
    },
    async invitation(cell, email) {
      const { token } = await inTrx(knex, (trx) => inviteTenant(trx, users[CELL_OWNER[cell]], { email, contractId: cells[cell].contract }, { publicUrl: t.config.publicUrl }));
      return token;
    },
    async ownerInvitation(email) {
      const { token } = await inTrx(knex, (trx) => inviteOwner(trx, users.adminX, { email, firstName: 'Olga', lastName: 'Invitada' }));
      return token;
    },
    async consentRequest(kind) {
      const owner = await fresh.user();
      const values =
        kind === 'delegation'
          ? { kind, email: users.delegateA.email.toLowerCase() }
          : { kind: 'agency_management', agencyId: agencies.X, mainPropertyId: (await buildProperty(knex, { ownerUserId: owner.id, propertyName: `Solicitud Matriz ${next()}` })).id };
      const [row] = await knex('consent_requests').insert({ ...values, requestedByUserId: owner.id, ownerUserId: owner.id }).returning('id');
      return row.id;
    },
  };

  const [pendingDelegation] = await knex('consent_requests')
    .insert({ kind: 'delegation', requestedByUserId: users.ownerB.id, ownerUserId: users.ownerB.id, email: users.delegateA.email.toLowerCase() })
    .returning('id');
  const [pendingManagement] = await knex('consent_requests')
    .insert({ kind: 'agency_management', requestedByUserId: users.ownerB.id, ownerUserId: users.ownerB.id, agencyId: agencies.X, mainPropertyId: cells.B.property })
    .returning('id');

  const invitee = await fresh.user('inquilino');
  const invitationToken = await fresh.invitation('A', invitee.email);
  const ownerInvitationToken = await fresh.ownerInvitation((await fresh.user('propietario_individual')).email);

  const clients = {} as Record<ActorKey, supertest.Agent>;
  const cookies = {} as Record<UserKey, string>;
  clients.anonymous = supertest.agent(server.base);
  for (const key of USER_KEYS) {
    const { agent, cookie } = await signInOnce(server.base, users[key].email);
    clients[key] = agent;
    cookies[key] = cookie;
  }

  return {
    t,
    base: server.base,
    dir,
    users,
    agencies,
    cells,
    staleDocument: staleDocument.id,
    reports,
    notifications,
    categories,
    invitationToken,
    invitationEmail: invitee.email,
    ownerInvitationToken,
    photoName,
    consentRequests: { delegation: pendingDelegation.id, management: pendingManagement.id },
    cookies,
    spareCookies: {},
    fresh,
    client: (a) => (a === 'anonymous' ? supertest.agent(server.base) : clients[a]),
    id: (a) => users[a].id,
    async close() {
      await server.close();
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

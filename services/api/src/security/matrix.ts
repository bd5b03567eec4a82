import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
/**
 * The authorization matrix (issue 15, point 1): every API route, who may call it (function level),
 * which rows each caller reaches through it (object level) and which fields it may set (property
 * level), stated against the world of ./world.ts. authorizationMatrix.test.ts enumerates the real
 * router, refuses a route missing here (or an entry whose route is gone), generates the cases
 * route × actor × target row (× forbidden field) and runs them.
 *
 * Answers the API gives today, asserted as such: a signed-out call is 401; a role without the
 * permission is 403 `forbidden`; a row outside the caller's scope is 404 (its existence is hidden)
 * unless an entry says otherwise; an unknown field is 400 on the strict forms and dropped on the
 * others, and either way nothing the caller may not set is stored.
 */
import { SEARCH_LIMIT } from '@arrendia/api-contract';
import { cifControl } from '@arrendia/locale-es';
import { can, type Action, type RoleName } from '@arrendia/permissions';
import type supertest from 'supertest';
import { sessionHandle } from '../commands/accountSettings';
import { exportStorage, settleDataExports } from '../commands/dataExporter';
import { settleImportJobs } from '../commands/importCommitter';
import { createImportPreview } from '../commands/importer';
import { hashToken } from '../queries/tenantInvitations';
import { buildTransaction, enableTwoFactorFor, FACTORY_PASSWORD } from '../test/factories';
import { totpCode } from '../twoFactor';
import {
  ACTOR_KEYS,
  CELL_AGENCY,
  CELL_AGENT,
  CELL_EXPENSE,
  CELL_INCOME,
  CELL_OWNER,
  CELL_STAFF,
  CELL_TENANT,
  CELLS,
  CONVERSATION_PARTIES,
  NEIGHBOUR_INCOME,
  OTHER_CELL,
  PROFILES,
  USER_KEYS,
  agencySees,
  cellLabel,
  contactsOf,
  conversationSees,
  isUser,
  neighbourKey,
  partySees,
  pdfBytes,
  pngBytes,
  providerSees,
  realPngBytes,
  staffSees,
  type ActorKey,
  type AgencyKey,
  type Cell,
  type UserKey,
  type World,
} from './world';

// ---------------------------------------------------------------------------------------------
// Types

/** Who passes the function-level gate: an action of ACTION_ACCESS, any signed-in user, or anyone. */
export type Gate = Action | 'signedIn' | 'public';

/** What a case looks at in an answer (supertest's Response, or the events stream's headers). */
export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  text?: string;
}

export interface Case {
  route: string;
  actor: ActorKey;
  target: string | null;
  /** The forbidden field a mass-assignment case adds, or null. */
  variant: string | null;
  expected: number;
}

export interface CaseCtx extends Case {
  w: World;
  /** The actor's signed-in client (a cookieless one for anonymous). */
  http: supertest.Agent;
  /** A throwaway row made for this case by the entry's `fresh`, when the case is expected to succeed. */
  fresh: number | string | null;
}

/** Rows a refused call must leave exactly as they were. */
export interface Guard {
  table: string;
  where: Record<string, unknown>;
  whereRaw?: [string, string[]];
}

export interface RouteSpec {
  gate: Gate;
  /** The answer to an actor past the gate on a target it sees. */
  ok: number;
  /** Static target keys (the rows the route is called on, by path or body); omitted when it takes none. */
  targets?: readonly string[];
  /** Whether an actor sees a target (default: every target). */
  sees?: (a: ActorKey, target: string) => boolean;
  /** The answer to an actor past the gate on a target it does not see (default 404). */
  hidden?: number;
  /** Business answers for particular actors, targets or variants, once past gate and scope. */
  rule?: (a: ActorKey, target: string | null, variant: string | null) => number | undefined;
  /** The pairs the route is exercised with (default: every actor on every target). */
  applies?: (a: ActorKey, target: string | null) => boolean;
  /** Mass assignment: one case per field, for each actor past the gate on each plain target it sees. */
  variants?: readonly string[];
  /** The actors the variants are sent by (default: all of them). */
  variantsFor?: (a: ActorKey) => boolean;
  send(c: CaseCtx): PromiseLike<Answer>;
  /** Checks an answer that had the expected status; returns the problems found. */
  verify?(c: CaseCtx, res: Answer): Promise<string[]> | string[];
  guard?(c: CaseCtx): Guard | Guard[] | null;
  /** A throwaway target for a case expected to succeed (routes that change or delete their target). */
  fresh?(c: CaseCtx): Promise<number | string>;
  /** Make the throwaway target for every case, not only for those expected to succeed. */
  freshForAll?: boolean;
  /**
   * Run order: 0 reads; 1 marking messages read (after the reads that count them unread); 2 writes;
   * 3 and up the calls on the callers' own sessions and passwords (sign-in, sign-out, ending
   * sessions, the password change last).
   */
  phase?: number;
}

// ---------------------------------------------------------------------------------------------
// Expectations and case generation

const roleOf = (a: ActorKey): RoleName | null => (isUser(a) ? PROFILES[a].role : null);

export function passesGate(gate: Gate, a: ActorKey): boolean {
  if (gate === 'public') return true;
  if (!isUser(a)) return false;
  return gate === 'signedIn' || can(PROFILES[a].role, gate);
}

export function expectedStatus(spec: RouteSpec, a: ActorKey, target: string | null, variant: string | null): number {
  if (!passesGate(spec.gate, a)) return isUser(a) ? 403 : 401;
  if (target !== null && spec.sees && !spec.sees(a, target)) return spec.hidden ?? 404;
  return spec.rule?.(a, target, variant) ?? spec.ok;
}

export function casesOf(route: string, spec: RouteSpec): Case[] {
  const cases: Case[] = [];
  const targets = spec.targets ?? [null];
  for (const actor of ACTOR_KEYS) {
    for (const target of targets) {
      if (spec.applies && !spec.applies(actor, target)) continue;
      cases.push({ route, actor, target, variant: null, expected: expectedStatus(spec, actor, target, null) });
      const sees = target === null || !spec.sees || spec.sees(actor, target);
      if (!passesGate(spec.gate, actor) || !sees || (spec.variantsFor && !spec.variantsFor(actor))) continue;
      // The fields are the body's, not the row's: sent on the plain targets, not again on the neighbours' and crossed ones.
      if (target !== null && /[+:]/.test(target)) continue;
      for (const variant of spec.variants ?? []) cases.push({ route, actor, target, variant, expected: expectedStatus(spec, actor, target, variant) });
    }
  }
  return cases;
}

export const describeTarget = (target: string) => {
  if ((CELLS as readonly string[]).includes(target)) return `cell ${cellLabel(target as Cell)}`;
  const [cell, rest] = target.split(':');
  if (rest === 'neighbour') return `the neighbour's row in cell ${cellLabel(cell as Cell)} (another tenant, same building)`;
  return target;
};

export function describeCase(c: Case): string {
  const who = isUser(c.actor) ? `${roleOf(c.actor)} (${c.actor})` : 'anonymous';
  return `${c.route} as ${who}${c.target === null ? '' : ` → ${describeTarget(c.target)}`}${c.variant ? ` + forbidden field ${c.variant}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Helpers the entries share

const cellOf = (target: string | null): Cell => (target ?? '').split(/[+:]/)[0] as Cell;
const otherCell = (c: Case) => OTHER_CELL[cellOf(c.target)];
const me = (c: CaseCtx) => c.w.id(c.actor as UserKey);
const list = <T>(body: unknown) => (Array.isArray(body) ? (body as T[]) : []);
const cellTargets = CELLS as readonly string[];

/** A pending invitation (issue 34) to the target cell's contract, made by the cell's owner; its id. */
async function pendingInvitation(c: CaseCtx): Promise<number> {
  const cell = cellOf(c.target);
  const [{ id }] = await c.w.t
    .knex('tenant_invitations')
    .insert({ tokenHash: randomBytes(32).toString('hex'), email: c.w.fresh.email('pendiente'), contractId: c.w.cells[cell].contract, invitedByUserId: c.w.id(CELL_OWNER[cell]), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning('id');
  return id as number;
}

/** A live email-confirmation link (issue 34) of `userId` for `email`, written straight to the table (no mail): its id and token. */
async function emailLink(c: CaseCtx, userId: number, purpose: 'verify' | 'change', email: string): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [{ id }] = await c.w.t
    .knex('email_verifications')
    .insert({ userId, email, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning('id');
  return { id: id as number, token };
}

/** Whether an email-confirmation link is still live (neither used nor expired). */
const linkIsLive = async (c: CaseCtx, id: number) => {
  const row = await rowById(c, 'email_verifications', id);
  return Boolean(row && !row.usedAt && new Date(row.expiresAt).getTime() > Date.now());
};

/** GET /api/tenant-invitations: each actor lists only invitations of contracts it manages. */
function scopedListOfInvitations(): RouteSpec {
  return read(
    '/api/tenant-invitations?pageSize=100',
    async (c, res) => {
      const contracts = (res.body as { contractId: number }[]).map((i) => i.contractId);
      const foreign = CELLS.filter((cell) => !staffSees(c.actor, cell)).map((cell) => c.w.cells[cell].contract);
      return contracts.filter((id) => foreign.includes(id)).map((id) => `lists an invitation of contract ${id}, which it does not manage`);
    },
    'tenants:invite',
  );
}
/** The cells' contracts (their tenant's) and the neighbours' contracts in the same buildings. */
const partyTargets = CELLS.flatMap((cell) => [cell, `${cell}:neighbour`]);
const isNeighbour = (target: string | null) => Boolean(target?.endsWith(':neighbour'));
const contractOf = (c: CaseCtx) => (isNeighbour(c.target) ? c.w.cells[cellOf(c.target)].neighbour.contract : c.w.cells[cellOf(c.target)].contract);
const incidentOf = (c: CaseCtx) => (isNeighbour(c.target) ? c.w.cells[cellOf(c.target)].neighbour.incident : c.w.cells[cellOf(c.target)].incident);
const chargeOf = (c: CaseCtx) => (isNeighbour(c.target) ? c.w.cells[cellOf(c.target)].neighbour.rentCharge : c.w.cells[cellOf(c.target)].rentCharge);
const rentedUnitOf = (c: CaseCtx) => (isNeighbour(c.target) ? c.w.cells[cellOf(c.target)].neighbour.unit : c.w.cells[cellOf(c.target)].unit);
const visibleCells = (a: ActorKey, sees: (a: ActorKey, cell: Cell) => boolean) => CELLS.filter((cell) => sees(a, cell));
const sum = (cells: readonly Cell[], amounts: Readonly<Record<Cell, number>>) => cells.reduce((n, cell) => n + amounts[cell], 0).toFixed(2);
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
/** Income visible to `a`: staff see their cells' money (the neighbours' rent too), a tenant the income on its own contract. */
const incomeOf = (a: ActorKey) => {
  const staff = visibleCells(a, staffSees);
  const total = visibleCells(a, partySees).reduce((n, cell) => n + CELL_INCOME[cell], 0) + staff.reduce((n, cell) => n + NEIGHBOUR_INCOME[cell], 0);
  return total.toFixed(2);
};
const expensesOf = (a: ActorKey) => sum(visibleCells(a, staffSees), CELL_EXPENSE);
/** Open incidents visible to `a`: two per cell for its staff (the tenant's and the neighbour's), a tenant's own one. */
const openIncidentsOf = (a: ActorKey) => visibleCells(a, partySees).length + visibleCells(a, staffSees).length;

type RowKind = 'property' | 'unit' | 'contract' | 'incident' | 'transaction' | 'document' | 'conversation' | 'rentCharge' | 'task' | 'plan' | 'provider' | 'lead' | 'visit';

/** Every world row of a kind, with its label and who sees it. */
interface WorldRow {
  id: number;
  cell: Cell;
  label: string;
  sees: (a: ActorKey) => boolean;
}

function rowsOf(w: World, kind: RowKind): WorldRow[] {
  return CELLS.flatMap((cell) => {
    const r = w.cells[cell];
    const row = (id: number | null, what: string, sees: (a: ActorKey, cell: Cell) => boolean) => (id === null ? [] : [{ id, cell, label: `${what} of cell ${cell}`, sees: (a: ActorKey) => sees(a, cell) }]);
    switch (kind) {
      case 'property':
        return row(r.property, 'property', staffSees);
      case 'unit':
        return [...row(r.unit, 'rented unit', staffSees), ...row(r.spareUnit, 'spare unit', staffSees), ...row(r.neighbour.unit, "neighbour's unit", staffSees)];
      case 'contract':
        return [...row(r.contract, 'contract', partySees), ...row(r.neighbour.contract, "neighbour's contract", staffSees)];
      case 'incident':
        return [...row(r.incident, 'incident', partySees), ...row(r.neighbour.incident, "neighbour's incident", staffSees)];
      case 'transaction':
        return [
          ...row(r.incomeTx, 'income (on the contract)', partySees),
          ...row(r.expenseTx, 'expense', staffSees),
          ...row(r.neighbour.incomeTx, "income on the neighbour's contract", staffSees),
        ];
      case 'document':
        return [
          ...row(r.document, 'property document', staffSees),
          ...row(r.photo, 'incident photo', staffSees),
          // Owner B's now, whoever uploaded it (agentX, when agency X managed the property).
          ...row(cell === 'B' ? w.staleDocument : null, 'inventory agentX uploaded (agency X no longer manages the property)', staffSees),
        ];
      case 'conversation':
        return row(r.conversation, 'conversation', conversationSees);
      case 'rentCharge':
        return [...row(r.rentCharge, 'rent charge', partySees), ...row(r.neighbour.rentCharge, "neighbour's rent charge", staffSees)];
      case 'task':
        return row(r.task, 'maintenance task', staffSees);
      case 'plan':
        return row(r.plan, 'maintenance plan', staffSees);
      case 'provider':
        return row(r.provider, 'provider', providerSees);
      case 'lead':
        return row(r.lead, 'lead', leadSees);
      case 'visit':
        return row(r.visit, 'visit', agencySees);
    }
  });
}

/**
 * The scope check of a list: every id returned is a world row the actor sees, and (`complete`) every
 * row it sees is there, so an empty answer cannot pass for a scoped one.
 */
function checkIds(c: CaseCtx, kind: RowKind, ids: number[], complete = true, sees?: (a: ActorKey, cell: Cell) => boolean, only?: (row: WorldRow) => boolean): string[] {
  const rows = rowsOf(c.w, kind).map((r) => {
    const visible = sees ? (a: ActorKey) => sees(a, r.cell) : r.sees;
    // Outside the filter a row is not expected even when in scope.
    return only ? { ...r, sees: (a: ActorKey) => visible(a) && only(r) } : { ...r, sees: visible };
  });
  const problems: string[] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row) problems.push(`returned ${kind} ${id}, which is no row of the world`);
    else if (!row.sees(c.actor)) problems.push(`returned the ${row.label}, outside the caller's scope`);
  }
  if (complete) for (const row of rows) if (row.sees(c.actor) && !ids.includes(row.id)) problems.push(`left out the ${row.label}, which the caller may see`);
  return problems;
}

/** Compares figures; each difference is a problem. */
function same(what: Record<string, [unknown, unknown]>): string[] {
  return Object.entries(what)
    .filter(([, [got, want]]) => JSON.stringify(got) !== JSON.stringify(want))
    .map(([name, [got, want]]) => `${name} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)} for the caller's scope`);
}

const rowById = async (c: CaseCtx, table: string, id: unknown) => c.w.t.knex(table).where({ id }).first();

/** Checks stored columns of a row against the values the caller was allowed to set. */
async function stored(c: CaseCtx, table: string, id: unknown, want: Record<string, unknown>): Promise<string[]> {
  const row = await rowById(c, table, id);
  if (!row) return [`no ${table} row ${String(id)} was stored`];
  return Object.entries(want)
    .filter(([column, value]) => JSON.stringify(row[column]) !== JSON.stringify(value))
    .map(([column, value]) => `stored ${table}.${column} = ${JSON.stringify(row[column])}, expected ${JSON.stringify(value)}`);
}

const json = (http: supertest.Agent, method: 'post' | 'patch' | 'put' | 'delete', url: string, body?: object) => {
  const req = http[method](url);
  return body === undefined ? req : req.send(body);
};

/** A date far ahead, different per case: visits of one agent never overlap. */
const visitSlot = (w: World) => new Date(Date.UTC(2031, 0, 1, 9) + w.fresh.serial() * 2 * 3_600_000).toISOString();

/** The user key of a world user id, for reading lists of people. */
const userKeyOf = (w: World, id: number) => USER_KEYS.find((k) => w.id(k) === id);

/** A one-property CSV for the imports' cases (issue 35): its name differs per case. */
const importCsv = (n: number, postalCode = '28013') => Buffer.from(`Nombre;Calle;Ciudad;Provincia;Código postal\nCasa Matriz ${n};Calle Mayor;Madrid;Madrid;${postalCode}\n`);

/**
 * A preview for the imports' cases: the caller's own when it may import and the target is 'own' (the
 * super admin's for owner A), else a throwaway owner's, which only the super admin reaches.
 */
async function freshImport(c: CaseCtx, options: { validRows?: boolean } = {}): Promise<number> {
  const own = c.target === 'own' && passesGate('imports:write', c.actor);
  const user = own ? c.w.users[c.actor as UserKey] : await c.w.fresh.user();
  const forUserId = own && roleOf(c.actor) === 'super_admin' ? c.w.id('ownerA') : undefined;
  const bytes = importCsv(c.w.fresh.serial(), options.validRows === false ? '99999' : '28013');
  return c.w.t.knex.transaction((trx) => createImportPreview(trx, user, { bytes, fileName: 'matriz.csv', fields: { entity: 'properties', forUserId } }));
}

/**
 * A ready data export (issue 35) with its ZIP in the exports folder: the caller's own when it is
 * signed in and the target is 'own', else a throwaway user's, which nobody else reaches.
 */
async function freshExport(c: CaseCtx): Promise<number> {
  const userId = c.target === 'own' && isUser(c.actor) ? me(c) : (await c.w.fresh.user()).id;
  const storedName = `matriz-${c.w.fresh.serial()}.zip`;
  const dir = exportStorage(c.w.t.config).exportsDir;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, storedName), Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1'));
  const now = Date.now();
  const [{ id }] = await c.w.t
    .knex('data_exports')
    .insert({ userId, status: 'ready', storedName, sizeBytes: 22, finishedAt: new Date(now), expiresAt: new Date(now + 86_400_000) })
    .returning('id');
  return id as number;
}

/** Whose account an import by the case's caller goes to: its own, or the one the super admin names. */
function importAccount(c: CaseCtx): number {
  if (roleOf(c.actor) !== 'super_admin') return me(c);
  if (c.variant === 'agencyId') return c.w.id('adminY');
  return c.w.id(c.variant === 'forUserId' ? 'ownerB' : 'ownerA');
}

/**
 * A proposed rent update of a cell's contract (issue 36), as the daily job writes it: 3 % allowed on
 * 900 €. Each call its own anniversary, so any number of cases may make one.
 */
async function rentUpdateOf(c: CaseCtx, cell: Cell = cellOf(c.target)): Promise<number> {
  const n = c.w.fresh.serial();
  const [{ id }] = await c.w.t.knex('rent_updates')
    .insert({
      contractId: c.w.cells[cell].contract,
      anniversary: `${2100 + n}-06-01`,
      status: 'propuesta',
      mechanism: 'fixed_percentage',
      referenceMonth: `${2100 + n}-04`,
      oldRent: '900.00',
      clausePercent: '3',
      allowedPercent: '3',
      percent: '3',
      newRent: '927.00',
      explanation: JSON.stringify(['Cláusula: porcentaje fijo del 3 %.']),
    })
    .returning('id');
  return id as number;
}

// ---------------------------------------------------------------------------------------------
// The table

/** The staff of another cell: who may not be given an incident of this one. */
const foreignAssignee = (cell: Cell): UserKey => (CELL_OWNER[cell] === 'ownerA' ? 'ownerB' : 'ownerA');
/** Whose property an agency user or a delegate names when creating one (the form requires an owner). */
const ownerFor = (a: UserKey): UserKey => (PROFILES[a].agency === 'Y' ? 'ownerB' : 'ownerA');
const sideOf = (a: ActorKey): 'A' | 'B' => (isUser(a) && (PROFILES[a].agency === 'Y' || a === 'ownerB') ? 'B' : 'A');

const propertyBody = (c: CaseCtx) => {
  const a = c.actor as UserKey;
  const role = roleOf(a);
  const body: Record<string, unknown> = {
    propertyName: `Alta Matriz ${c.w.fresh.serial()}`,
    addressStreet: 'Calle de Alcalá',
    addressNumber: '10',
    city: 'Madrid',
    province: 'Madrid',
    postalCode: '28014',
  };
  if (role === 'admin_agencia' || role === 'agente' || role === 'propietario_delegado') body.ownerUserId = c.w.id(ownerFor(a));
  const foreignSide = sideOf(a) === 'A' ? 'B' : 'A';
  switch (c.variant) {
    case 'ownerUserId':
      body.ownerUserId = c.w.id(foreignSide === 'A' ? 'ownerA' : 'ownerB');
      break;
    case 'managerAgencyId':
      body.managerAgencyId = c.w.agencies[foreignSide === 'A' ? 'X' : 'Y'];
      break;
    case 'isArchived':
      body.isArchived = true;
      break;
    case 'assignedAgentUserId':
      body.assignedAgentUserId = c.w.id(foreignSide === 'A' ? 'agentX' : 'agentY');
      break;
  }
  return body;
};

/** What a created property must hold for its creator (policies/property.ts). */
function expectedParties(c: CaseCtx): { ownerUserId: number; managerAgencyId: number | null } {
  const a = c.actor as UserKey;
  const p = PROFILES[a];
  const foreignSide = sideOf(a) === 'A' ? 'B' : 'A';
  const foreignOwner = c.w.id(foreignSide === 'A' ? 'ownerA' : 'ownerB');
  const foreignAgency = c.w.agencies[foreignSide === 'A' ? 'X' : 'Y'];
  // Only the super admin binds an agency at once; an owner's or a delegate's choice is a request the agency accepts (issue 30).
  const agency = p.agency ? c.w.agencies[p.agency] : c.variant === 'managerAgencyId' && p.role === 'super_admin' ? foreignAgency : null;
  if (p.role === 'super_admin') return { ownerUserId: c.variant === 'ownerUserId' ? foreignOwner : me(c), managerAgencyId: agency };
  if (p.role === 'propietario_individual') return { ownerUserId: me(c), managerAgencyId: agency };
  return { ownerUserId: c.variant === 'ownerUserId' ? foreignOwner : c.w.id(ownerFor(a)), managerAgencyId: agency };
}

const contractBody = (c: CaseCtx) => {
  const cell = cellOf(c.target);
  const body: Record<string, unknown> = { contractCode: `MTX-ALTA-${c.w.fresh.serial()}`, rentableUnitId: c.w.cells[cell].spareUnit, startDate: '2027-01-01', endDate: '2027-12-31', rentAmount: 800, status: 'Pendiente' };
  const other = c.w.cells[otherCell(c)];
  if (c.variant === 'id') body.id = other.contract;
  if (c.variant === 'propertyId') body.propertyId = other.property;
  if (c.variant === 'renewalNoticeSentAt') body.renewalNoticeSentAt = '2026-01-01T00:00:00Z';
  // A tenant of another landlord's contract, who never agreed to this one (issue 30).
  if (c.variant === 'tenantUserIds') body.tenantUserIds = [c.w.id(CELL_TENANT[otherCell(c)])];
  return body;
};

const incidentBody = (c: CaseCtx) => {
  const cell = cellOf(c.target);
  const other = c.w.cells[otherCell(c)];
  const body: Record<string, unknown> = { rentableUnitId: rentedUnitOf(c), incidentCategory: 'Fontanería', title: `Aviso Matriz ${c.w.fresh.serial()}`, description: 'Gotea el techo del baño.' };
  if (c.variant === 'reportedByUserId') body.reportedByUserId = c.w.id(CELL_TENANT[otherCell(c)]);
  if (c.variant === 'contractId') body.contractId = other.contract;
  if (c.variant === 'status') body.status = 'Cerrada';
  if (c.variant === 'assignedToUserId') body.assignedToUserId = c.w.id(foreignAssignee(cell));
  return body;
};

const attachedEntity = (c: CaseCtx): { type: 'property' | 'unit' | 'contract' | 'incident' | 'tenant'; id: number } => {
  const rows = c.w.cells[cellOf(c.target)];
  if (c.target!.endsWith(':unit')) return { type: 'unit', id: rows.unit };
  if (c.target!.endsWith(':contract')) return { type: 'contract', id: rows.contract };
  if (c.target!.endsWith(':incident')) return { type: 'incident', id: rows.incident };
  if (c.target!.endsWith(':tenant')) return { type: 'tenant', id: c.w.id(CELL_TENANT[cellOf(c.target)]) };
  return { type: 'property', id: rows.property };
};

const maintenanceWhere = (c: CaseCtx) => {
  const cell = cellOf(c.target);
  const where: Record<string, unknown> = { mainPropertyId: c.w.cells[cell].property };
  if (c.target?.endsWith('+foreignProvider')) where.providerId = c.w.cells[OTHER_CELL[cell]].provider;
  if (c.target?.endsWith('+foreignIncident')) where.incidentId = c.w.cells[OTHER_CELL[cell]].incident;
  if (c.target?.endsWith('+foreignUnit')) where.rentableUnitId = c.w.cells[OTHER_CELL[cell]].unit;
  if (c.variant === 'ownerUserId') where.ownerUserId = c.w.id(foreignAssignee(cell));
  return where;
};
const maintenanceTargets = (...foreign: string[]) => [...cellTargets, ...CELLS.flatMap((cell) => foreign.map((what) => `${cell}+${what}`))];
/** Past the property's scope, a provider of another account is a 400 on the field; the super admin's are all its own. */
const foreignProviderRule = (a: ActorKey, target: string | null, variant: string | null) => {
  if (variant) return 400;
  if (target?.endsWith('+foreignProvider') && !providerSees(a, OTHER_CELL[cellOf(target)])) return 400;
  if (target?.endsWith('+foreignIncident') || target?.endsWith('+foreignUnit')) return 400;
  return undefined;
};

const reportBody = (c: CaseCtx) => {
  const body: Record<string, unknown> = { reportType: 'tenants', from: '2026-01-01', to: '2026-11-30' };
  if (c.target === 'principal A') body.ownerUserId = c.w.id('ownerA');
  if (c.target === 'principal B') body.ownerUserId = c.w.id('ownerB');
  if (c.variant === 'userId') body.userId = c.w.id('ownerB');
  return body;
};
/** Whose portfolio a report may cover (reportableOwnerIds): the super admin any owner's, an owner its own, a delegate its principals'. */
const reportSees = (a: ActorKey, target: string) => {
  if (target === 'own scope') return true;
  const owner: UserKey = target === 'principal A' ? 'ownerA' : 'ownerB';
  return a === 'super' || a === owner || (a === 'delegateA' && owner === 'ownerA');
};

/** A scheduled report of `user`'s whole portfolio on file (straight to the table; the one it has of that type if any). */
async function scheduleOf(w: World, user: UserKey, reportType: 'occupancy' | 'tenants'): Promise<number> {
  const values = { userId: w.id(user), reportType, frequency: 'mensual', propertyId: null };
  await w.t.knex('report_schedules').insert(values).onConflict().ignore();
  return (await w.t.knex('report_schedules').where(values).first('id')).id;
}
/** Another user who has scheduled reports: the caller's must never show or reach theirs. */
const otherReporter = (a: ActorKey): UserKey => (a === 'ownerB' ? 'ownerA' : 'ownerB');
/** A schedule of the whole portfolio, or of the property of a cell (only one the caller sees: otherwise 400 on propertyId). */
const scheduleBody = (c: CaseCtx) => ({
  reportType: 'financial',
  frequency: 'trimestral',
  propertyId: c.target === 'whole portfolio' ? null : c.w.cells[cellOf(c.target)].property,
  ...(c.variant === 'userId' ? { userId: c.w.id('ownerB') } : {}),
});

/**
 * Answering a consent request (issue 30): only the party asked (delegateA for a delegation to its
 * email, agency X's admin for a property offered to X); anyone else gets 404 and binds nothing.
 * Each case answers a throwaway request of its own.
 */
function consentAnswer(answer: 'accept' | 'decline'): RouteSpec {
  const kindOf = (c: CaseCtx) => c.target as 'delegation' | 'management';
  return {
    gate: 'signedIn',
    ok: 200,
    targets: ['delegation', 'management'],
    sees: (a, target) => (target === 'delegation' ? a === 'delegateA' : a === 'adminX'),
    freshForAll: true,
    fresh: (c) => c.w.fresh.consentRequest(kindOf(c)),
    send: (c) => c.http.post(`/api/consent-requests/${c.fresh}/${answer}`),
    verify: async (c) => {
      const request = await rowById(c, 'consent_requests', c.fresh);
      const problems = same({ status: [request?.status, answer === 'accept' ? 'Aceptada' : 'Rechazada'] });
      if (kindOf(c) === 'delegation') {
        const bound = c.w.t.knex('owner_delegations').where({ ownerUserId: request.ownerUserId, delegateUserId: c.w.id('delegateA') });
        if (Boolean(await bound.clone().first()) !== (answer === 'accept')) problems.push(`the delegation is ${answer === 'accept' ? 'missing' : 'there'}`);
        // The world keeps delegateA's portfolio as the matrix states it.
        await bound.delete();
      } else {
        const property = await rowById(c, 'main_properties', request.mainPropertyId);
        problems.push(...same({ managerAgencyId: [property?.managerAgencyId, answer === 'accept' ? c.w.agencies.X : null] }));
        await c.w.t.knex('main_properties').where({ id: request.mainPropertyId }).delete();
      }
      return problems;
    },
    guard: (c) => [
      { table: 'consent_requests', where: { id: c.fresh } },
      { table: 'owner_delegations', where: { delegateUserId: c.w.id('delegateA') } },
      { table: 'main_properties', where: { managerAgencyId: c.w.agencies.X } },
    ],
    phase: 2,
  };
}

const userTargets = ['ownerA', 'tenantB', 'agentY'] as const;
/** The super admin's writes on users run on a throwaway account; everybody else is refused before reading it. */
const userWrite = (
  path: (id: number | string) => string,
  method: 'post' | 'patch',
  body: (c: CaseCtx) => object | undefined,
  want: Record<string, unknown>,
  variants?: readonly string[],
): RouteSpec => ({
  gate: 'users:manage',
  ok: 200,
  targets: userTargets,
  variants,
  rule: (_a, _t, variant) => (variant ? 400 : undefined),
  fresh: async (c) => (await c.w.fresh.user()).id,
  send: (c) => json(c.http, method, path(c.fresh ?? c.w.id(c.target as UserKey)), body(c)),
  verify: async (c) => {
    const row = await c.w.t.knex('users').join('roles', 'roles.id', 'users.roleId').where('users.id', c.fresh).first('users.*', 'roles.roleName');
    return Object.entries(want)
      .filter(([column, value]) => row?.[column] !== value)
      .map(([column, value]) => `stored users.${column} = ${JSON.stringify(row?.[column])}, expected ${JSON.stringify(value)}`);
  },
  guard: (c) => ({ table: 'users', where: { id: c.w.id(c.target as UserKey) } }),
  phase: 2,
});

const settingsProfile = (c: CaseCtx) => {
  const u = c.w.users[isUser(c.actor) ? c.actor : 'tenantA'];
  const body: Record<string, unknown> = { firstName: u.firstName, lastName: u.lastName, email: u.email };
  if (c.variant === 'roleId') body.roleId = 1;
  if (c.variant === 'isActive') body.isActive = false;
  if (c.variant === 'agencyId') body.agencyId = c.w.agencies.Y;
  if (c.variant === 'monthlyTarget') body.monthlyTarget = '99999.00';
  return body;
};

/** GET with no target: 200 to whoever passes the gate, the answer checked by `verify`. */
const read = (url: string, verify?: RouteSpec['verify'], gate: Gate = 'signedIn'): RouteSpec => ({ gate, ok: 200, send: (c) => c.http.get(url), verify });
/** A list of rows of one kind, checked against the caller's scope. */
const scopedList = (gate: Gate, url: string, kind: RowKind, ids: (body: unknown) => number[]): RouteSpec =>
  read(url, (c, res) => checkIds(c, kind, ids(res.body)), gate);

/**
 * A list filtered by the id of a row of each cell (`?propertyId=`, `?contractId=`…): a filter naming a
 * foreign row answers an empty page, never that row's children; a row in scope answers just its own.
 */
const filteredList = (
  gate: Gate,
  url: string,
  kind: RowKind,
  ids: (body: unknown) => number[],
  param: string,
  value: (w: World, cell: Cell) => number,
  only: (target: Cell, row: WorldRow) => boolean = (t, row) => t === row.cell,
): RouteSpec => ({
  gate,
  ok: 200,
  targets: ['no filter', ...cellTargets],
  send: (c) => c.http.get(c.target === 'no filter' ? url : `${url}${url.includes('?') ? '&' : '?'}${param}=${value(c.w, cellOf(c.target))}`),
  verify: (c, res) => checkIds(c, kind, ids(res.body), true, undefined, c.target === 'no filter' ? undefined : (row) => only(cellOf(c.target), row)),
});

/** The records of a CSV after its header line (a quoted cell may hold line breaks). */
function csvRecords(text: string): number {
  let lines = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) lines += 1;
  }
  return lines - 1;
}

/** A list's CSV holds as many rows as the list answers the same caller (whose scope the list's own entry checks). */
async function csvMatchesList(c: CaseCtx, res: Answer, listUrl: string): Promise<string[]> {
  const listed = await c.http.get(listUrl);
  return same({
    'content-type': [res.headers['content-type'], 'text/csv; charset=utf-8'],
    rows: [csvRecords(res.text ?? ''), Number(listed.headers['x-total-count'])],
  });
}

/** GET <list>.csv (issue 35): the list's gate, and the list's rows for whoever passes it. */
const csvList = (gate: Gate, listPath: string): RouteSpec => read(`${listPath}.csv`, (c, res) => csvMatchesList(c, res, listPath), gate);

const ADMIN_ONLY_READS = ['GET /api/users/stats', 'GET /api/users/roles', 'GET /api/users/agencies', 'GET /api/admin/audit-log/facets', 'GET /api/admin/overview'];

export const MATRIX: Record<string, RouteSpec> = {
  // --- Public: anyone, signed in or not --------------------------------------------------------
  'GET /api/health': read('/api/health', undefined, 'public'),
  'GET /api/login': {
    gate: 'public',
    ok: 302,
    // Back to this site only: a foreign `next` is dropped.
    targets: ['/contracts', '//evil.example'],
    send: (c) => c.http.get(`/api/login?next=${encodeURIComponent(c.target!)}`),
    verify: (c, res) => same({ location: [res.headers.location, c.target === '/contracts' ? '/?login=1&next=%2Fcontracts' : '/?login=1'] }),
  },
  'GET /api/remotes': read('/api/remotes', (_c, res) => (list(res.body).length > 0 ? [] : ['no enabled remote listed']), 'public'),
  'GET /api/public/listings': read('/api/public/listings', undefined, 'public'),
  'GET /api/public/listings/:id': {
    gate: 'public',
    ok: 200,
    targets: cellTargets,
    send: (c) => c.http.get(`/api/public/listings/${c.w.cells[cellOf(c.target)].listing}`),
  },
  'GET /api/public/listing-photos/:photoId/:width': {
    gate: 'public',
    ok: 200,
    targets: cellTargets,
    send: (c) => c.http.get(`/api/public/listing-photos/${c.w.cells[cellOf(c.target)].listingPhoto}/320`).set('Accept', 'image/webp'),
    verify: (_c, res) => same({ type: [res.headers['content-type'], 'image/webp'] }),
  },
  // The matrix's app runs with DEMO_MODE off, as production does.
  'GET /api/public/site': { gate: 'public', ok: 200, send: (c) => c.http.get('/api/public/site'), verify: (_c, res) => same({ demoAccounts: [(res.body as { demoAccounts: unknown }).demoAccounts, false] }) },
  'GET /api/placeholder/:w/:h': { gate: 'public', ok: 200, send: (c) => c.http.get('/api/placeholder/300/200') },
  'GET /api/tenant-invitations/:token': {
    gate: 'public',
    ok: 200,
    targets: ['pending invitation', 'unknown token'],
    sees: (_a, target) => target === 'pending invitation',
    send: (c) => c.http.get(`/api/tenant-invitations/${c.target === 'pending invitation' ? c.w.invitationToken : 'x'.repeat(43)}`),
  },
  'GET /api/owner-invitations/:token': {
    gate: 'public',
    ok: 200,
    targets: ['pending invitation', 'unknown token'],
    sees: (_a, target) => target === 'pending invitation',
    send: (c) => c.http.get(`/api/owner-invitations/${c.target === 'pending invitation' ? c.w.ownerInvitationToken : 'x'.repeat(43)}`),
  },
  'GET /api/password-resets/:token': {
    gate: 'public',
    ok: 200,
    targets: ['pending link', 'unknown token'],
    sees: (_a, target) => target === 'pending link',
    fresh: (c) => c.w.fresh.resetToken(),
    send: (c) => c.http.get(`/api/password-resets/${c.fresh ?? 'y'.repeat(43)}`),
  },
  'POST /api/public/leads': {
    gate: 'public',
    ok: 404,
    // Stored leads are throttled per address (5 per 10 minutes): every actor writes about a listing
    // that does not exist, and a visitor stores four real leads, each with a field it may not set.
    variants: ['agencyId', 'assignedAgentUserId', 'recipientUserId', 'status'],
    variantsFor: (a) => a === 'anonymous',
    rule: (_a, _t, variant) => (variant ? 201 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { listingId: c.variant ? c.w.cells.AX.listing : 999_999, name: 'Visitante Matriz', email: 'visitante@example.com', message: 'Me interesa' };
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies.Y;
      if (c.variant === 'assignedAgentUserId') body.assignedAgentUserId = c.w.id('agentY');
      if (c.variant === 'recipientUserId') body.recipientUserId = c.w.id('ownerB');
      if (c.variant === 'status') body.status = 'Cerrado';
      return c.http.post('/api/public/leads').send(body);
    },
    verify: (c, res) =>
      c.variant
        ? stored(c, 'leads', (res.body as { id: number }).id, { agencyId: c.w.agencies.X, assignedAgentUserId: c.w.id('agentX'), recipientUserId: c.w.id('ownerA'), status: 'Nuevo' })
        : [],
    guard: (c) => (c.variant ? null : { table: 'leads', where: { name: 'Visitante Matriz' } }),
    phase: 2,
  },
  'POST /api/auth/password-reset': {
    gate: 'public',
    ok: 202,
    // The same answer for every actor and address; a link is made only for an active account. Each
    // case asks for the link of an account of its own: RESETS_PER_EMAIL would refuse the sixth.
    fresh: async (c) => (await c.w.fresh.user()).email,
    send: (c) => c.http.post('/api/auth/password-reset').send({ email: c.fresh }),
  },
  'POST /api/auth/register': {
    gate: 'public',
    ok: 201,
    // Self-registration makes an individual owner of no agency, whatever the body says.
    variants: ['roleName', 'roleId', 'agencyId', 'isActive'],
    variantsFor: (a) => a === 'anonymous',
    send: (c) => {
      const body: Record<string, unknown> = { email: c.w.fresh.email('alta'), password: 'contraseña-segura-1', firstName: 'Nueva', lastName: 'Cuenta' };
      if (c.variant === 'roleName') body.roleName = 'super_admin';
      if (c.variant === 'roleId') body.roleId = 1;
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies.X;
      if (c.variant === 'isActive') body.isActive = false;
      return c.http.post('/api/auth/register').send(body);
    },
    verify: async (c, res) => {
      const id = (res.body as { id: number }).id;
      const row = await c.w.t.knex('users').join('roles', 'roles.id', 'users.roleId').where('users.id', id).first('roles.roleName', 'users.agencyId', 'users.isActive');
      return same({ role: [row?.roleName, 'propietario_individual'], agencyId: [row?.agencyId, null], isActive: [row?.isActive, true] });
    },
    phase: 2,
  },
  'POST /api/tenant-invitations/:token/accept': {
    gate: 'public',
    ok: 200,
    // An invitation addressed to an existing account is that account's alone: anyone else (signed in
    // as someone else, or not at all) is refused and nothing is linked. A new address creates its
    // tenant account (signed out only: accepting signs the new tenant in).
    targets: ['invitation to an existing account', 'invitation to a new address'],
    applies: (a, target) => target === 'invitation to an existing account' || a === 'anonymous',
    sees: (_a, target) => target === 'invitation to a new address',
    hidden: 409,
    fresh: (c) => c.w.fresh.invitation('B', c.w.fresh.email('invitado')),
    send: (c) =>
      c.http.post(`/api/tenant-invitations/${c.fresh ?? c.w.invitationToken}/accept`).send(c.fresh ? { firstName: 'Nuevo', lastName: 'Inquilino', password: 'contraseña-segura-1' } : {}),
    verify: async (c, res) => {
      const id = (res.body as { id: number }).id;
      const links = await c.w.t.knex('tenants_contracts').where({ tenantUserId: id }).pluck('contractId');
      return same({ contracts: [links, [c.w.cells.B.contract]] });
    },
    guard: (c) => ({ table: 'tenants_contracts', where: { contractId: c.w.cells.A.contract } }),
    phase: 2,
  },
  'POST /api/owner-invitations/:token/accept': {
    gate: 'public',
    ok: 200,
    // As a tenant's: an invitation to an existing account is that account's alone (anyone else is
    // refused, nothing is bound); a new address creates its owner account (signed out only).
    targets: ['invitation to an existing account', 'invitation to a new address'],
    applies: (a, target) => target === 'invitation to an existing account' || a === 'anonymous',
    sees: (_a, target) => target === 'invitation to a new address',
    hidden: 409,
    fresh: (c) => c.w.fresh.ownerInvitation(c.w.fresh.email('propietaria')),
    send: (c) =>
      c.http.post(`/api/owner-invitations/${c.fresh ?? c.w.ownerInvitationToken}/accept`).send(c.fresh ? { firstName: 'Nueva', lastName: 'Propietaria', password: 'contraseña-segura-1' } : {}),
    verify: async (c, res) => {
      const id = (res.body as { id: number }).id;
      const joined = await c.w.t.knex('owner_invitations').where({ acceptedByUserId: id }).pluck('agencyId');
      return same({ agencies: [joined, [c.w.agencies.X]] });
    },
    guard: (c) => ({ table: 'owner_invitations', where: { agencyId: c.w.agencies.X }, whereRaw: ['"acceptedByUserId" is not null', []] }),
    phase: 2,
  },
  'POST /api/password-resets/:token': {
    gate: 'public',
    ok: 200,
    targets: ['pending link', 'unknown token'],
    sees: (_a, target) => target === 'pending link',
    fresh: (c) => c.w.fresh.resetToken(),
    send: (c) => c.http.post(`/api/password-resets/${c.fresh ?? 'y'.repeat(43)}`).send({ password: 'contraseña-nueva-1' }),
    phase: 2,
  },

  'POST /api/auth/verify-email/:token': {
    gate: 'public',
    ok: 200,
    // The token names its account: whoever opens the link (signed in as anyone, or not at all)
    // confirms that account's address. A throwaway unconfirmed account and its link per case.
    targets: ['pending link', 'unknown token'],
    sees: (_a, target) => target === 'pending link',
    fresh: async (c) => {
      const user = await c.w.fresh.user();
      await c.w.t.knex('users').where({ id: user.id }).update({ emailVerifiedAt: null });
      return (await emailLink(c, user.id, 'verify', user.email)).token;
    },
    send: (c) => c.http.post(`/api/auth/verify-email/${c.fresh ?? 'y'.repeat(43)}`),
    verify: async (c) => {
      const link = await c.w.t.knex('email_verifications').where({ tokenHash: hashToken(String(c.fresh)) }).first('userId', 'usedAt');
      const owner = await rowById(c, 'users', link?.userId);
      const problems = [...(link?.usedAt ? [] : ['the link was not spent']), ...(owner?.emailVerifiedAt ? [] : ["the link's account is not confirmed"])];
      if (isUser(c.actor) && (await rowById(c, 'users', me(c))).email !== c.w.users[c.actor].email) problems.push("the caller's own address changed");
      return problems;
    },
    guard: () => ({ table: 'email_verifications', where: {} }),
    phase: 2,
  },

  // --- Session -------------------------------------------------------------------------------------
  'GET /api/auth/user': read('/api/auth/user', (c, res) => same({ id: [(res.body as { id: number }).id, me(c)] })),
  'POST /api/auth/login': {
    gate: 'public',
    ok: 200,
    // Each user signs in again (a spare session the logout cases use up); anonymous signs in as tenantA.
    send: async (c) => {
      const who: UserKey = isUser(c.actor) ? c.actor : 'tenantA';
      const res = await c.w.client('anonymous').post('/api/auth/login').send({ email: c.w.users[who].email, password: FACTORY_PASSWORD });
      const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
      if (setCookie) c.w.spareCookies[c.actor] = setCookie.map((x) => x.split(';')[0]).join('; ');
      return res;
    },
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.w.id(isUser(c.actor) ? c.actor : 'tenantA')] }),
    phase: 3,
  },
  'POST /api/auth/verify-email/resend': {
    gate: 'signedIn',
    ok: 200,
    // Something to confirm: a pending new address of the caller's (its own stays confirmed). The new
    // link goes to that address, for the caller only; the earlier link stops working.
    fresh: async (c) => (isUser(c.actor) ? (await emailLink(c, me(c), 'change', c.w.fresh.email('pendiente'))).id : 0),
    freshForAll: true,
    send: (c) => c.http.post('/api/auth/verify-email/resend'),
    verify: async (c, res) => {
      const earlier = await rowById(c, 'email_verifications', c.fresh);
      const latest = await c.w.t.knex('email_verifications').where({ userId: me(c) }).orderBy('id', 'desc').first();
      return [
        ...same({ email: [(res.body as { email: string }).email, earlier?.email], newLinkEmail: [latest?.email, earlier?.email], newLinkPurpose: [latest?.purpose, 'change'] }),
        ...((await linkIsLive(c, Number(c.fresh))) ? ['the earlier link still works'] : []),
      ];
    },
    guard: () => ({ table: 'email_verifications', where: {} }),
    phase: 2,
  },
  'POST /api/auth/logout': {
    gate: 'public',
    ok: 204,
    // Ends the spare session; the actor's own session must survive it.
    send: (c) => {
      const req = c.w.client('anonymous').post('/api/auth/logout');
      const cookie = c.w.spareCookies[c.actor];
      return cookie ? req.set('Cookie', cookie) : req;
    },
    verify: async (c) => {
      if (!isUser(c.actor)) return [];
      const problems: string[] = [];
      if ((await c.http.get('/api/auth/user')).status !== 200) problems.push("logging a spare session out ended the actor's own session");
      const cookie = c.w.spareCookies[c.actor];
      if (cookie && (await c.w.client('anonymous').get('/api/auth/user').set('Cookie', cookie)).status !== 401) problems.push('the logged-out session still works');
      return problems;
    },
    phase: 4,
  },
  'GET /api/events': {
    gate: 'signedIn',
    ok: 200,
    // Server-sent events: only the status and the headers, then the stream is closed.
    send: async (c) => {
      const abort = new AbortController();
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (isUser(c.actor)) headers.cookie = c.w.cookies[c.actor];
      const res = await fetch(`${c.w.base}/api/events`, { headers, signal: abort.signal });
      const body: unknown = res.status === 200 ? null : await res.json();
      abort.abort();
      return { status: res.status, body, headers: Object.fromEntries(res.headers.entries()) };
    },
    verify: (_c, res) => same({ 'content-type': [res.headers['content-type'], 'text/event-stream; charset=utf-8'], 'cache-control': [res.headers['cache-control'], 'no-store, no-transform'] }),
  },

  // --- Shell: search, badges, dashboards -----------------------------------------------------
  'GET /api/search': read('/api/search?q=Matriz', (c, res) => {
    const body = res.body as { properties: { id: number }[]; tenants: { id: number }[]; contracts: { id: number }[] };
    const role = PROFILES[c.actor as UserKey].role;
    // At most SEARCH_LIMIT of each kind: the contracts of a wide scope fill it.
    const visibleContracts = rowsOf(c.w, 'contract').filter((r) => r.sees(c.actor)).length;
    const problems = [
      ...(can(role, 'properties:read') ? checkIds(c, 'property', body.properties.map((p) => p.id)) : same({ properties: [body.properties, []] })),
      ...(can(role, 'contracts:read')
        ? [...checkIds(c, 'contract', body.contracts.map((p) => p.id), false), ...same({ contracts: [body.contracts.length, Math.min(visibleContracts, SEARCH_LIMIT)] })]
        : same({ contracts: [body.contracts, []] })),
    ];
    const tenants = sorted(body.tenants.map((p) => p.id));
    const staffRoles: RoleName[] = ['super_admin', 'propietario_individual', 'admin_agencia', 'agente'];
    const wantTenants = staffRoles.includes(role) ? sorted(visibleCells(c.actor, staffSees).map((cell) => c.w.id(CELL_TENANT[cell]))) : [];
    return [...problems, ...same({ tenants: [tenants, wantTenants] })];
  }),
  'GET /api/badges': read(
    '/api/badges',
    (c, res) => {
      const body = res.body as { openIncidents: number; unreadMessages: number };
      // Each cell's conversation holds one message of its staff, unread by its tenant.
      const unread = CELLS.filter((cell) => CELL_TENANT[cell] === c.actor).length;
      return same({ openIncidents: [body.openIncidents, openIncidentsOf(c.actor)], unreadMessages: [body.unreadMessages, unread] });
    },
  ),
  'GET /api/dashboard/metrics': read(
    '/api/dashboard/metrics',
    (c, res) => {
      const body = res.body as { activeProperties: number; monthlyIncome: string; openIncidents: number };
      return same({
        activeProperties: [body.activeProperties, visibleCells(c.actor, partySees).length],
        monthlyIncome: [body.monthlyIncome, incomeOf(c.actor)],
        openIncidents: [body.openIncidents, openIncidentsOf(c.actor)],
      });
    },
    'dashboard:read',
  ),
  'GET /api/dashboard/trends': read(
    '/api/dashboard/trends',
    (c, res) => {
      const body = res.body as { monthlyIncome: string; totalUnits: number; rentedUnits: number };
      // A tenant counts the units of its building (scopeUnits); each building has three, two rented.
      const cells = visibleCells(c.actor, partySees);
      return same({ monthlyIncome: [body.monthlyIncome, incomeOf(c.actor)], totalUnits: [body.totalUnits, cells.length * 3], rentedUnits: [body.rentedUnits, cells.length * 2] });
    },
    'dashboard:read',
  ),
  'GET /api/activity': read(
    '/api/activity?limit=50',
    (c, res) => {
      // Each world record's audit row names its cell ('Piso Matriz AX', 'MTX-AX', 'Renta Matriz AX'…).
      const items = list<{ description: string; link: string | null }>(res.body);
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const item of items) {
        const cell = /(?:Matriz |MTX-)(AX|BY|A|B)\b/.exec(item.description)?.[1] as Cell | undefined;
        if (!cell) {
          problems.push(`an activity item names no world row: ${item.description}`);
          continue;
        }
        const base = /^Propiedad/.test(item.description) ? 'property' : /^Contrato/.test(item.description) ? 'contract' : /incidencia/i.test(item.description) ? 'incident' : 'income';
        const kind = /vecino/.test(item.description) ? `neighbour's ${base}` : base;
        seen.add(`${kind}:${cell}`);
        // A tenant sees its own building, contract, incident and income, never its neighbour's.
        const sees = kind.startsWith('neighbour') ? staffSees(c.actor, cell) : partySees(c.actor, cell);
        if (!sees) problems.push(`showed the ${kind} of cell ${cell}: ${item.description}`);
      }
      for (const cell of CELLS) {
        for (const kind of ['property', 'contract', 'incident', 'income', "neighbour's contract", "neighbour's incident", "neighbour's income"]) {
          const sees = kind.startsWith('neighbour') ? staffSees(c.actor, cell) : partySees(c.actor, cell);
          if (sees && !seen.has(`${kind}:${cell}`)) problems.push(`left out the ${kind} of cell ${cell}`);
        }
      }
      return problems;
    },
    'dashboard:read',
  ),
  'GET /api/tasks': read(
    '/api/tasks?limit=100',
    (c, res) => {
      const tasks = list<{ kind: string; link: string }>(res.body);
      const contracts = tasks.filter((x) => x.kind !== 'incident').map((x) => Number(x.link.split('/').pop()));
      const incidents = tasks.filter((x) => x.kind === 'incident').map((x) => Number(x.link.split('/').pop()));
      return [...checkIds(c, 'contract', [...new Set(contracts)]), ...checkIds(c, 'incident', incidents)];
    },
    'dashboard:read',
  ),
  'GET /api/unit-types': read('/api/unit-types'),
  'GET /api/transaction-categories': read('/api/transaction-categories'),

  // --- Properties ----------------------------------------------------------------------------------
  'GET /api/properties': filteredList(
    'properties:read',
    '/api/properties?pageSize=100',
    'property',
    (b) => list<{ id: number }>(b).map((p) => p.id),
    'ownerId',
    (w, cell) => w.id(CELL_OWNER[cell]),
    (target, row) => CELL_OWNER[target] === CELL_OWNER[row.cell],
  ),
  // The owners a user may name for a new property: its agency's clients, a delegate's principals,
  // every owner for the super admin, nobody for an owner (its properties are its own).
  'GET /api/properties/owners': read(
    '/api/properties/owners',
    (c, res) => {
      const ids = list<{ id: number }>(res.body).map((o) => o.id);
      const role = roleOf(c.actor);
      if (role === 'super_admin') return ids.includes(c.w.id('ownerA')) && ids.includes(c.w.id('ownerB')) ? [] : ['the list lacks the world owners'];
      const owners = role === 'propietario_individual' ? [] : [...new Set(PROFILES[c.actor as UserKey].cells.map((cell) => c.w.id(CELL_OWNER[cell])))];
      return same({ owners: [ids, owners] });
    },
    'properties:write',
  ),
  'GET /api/properties/:id': {
    gate: 'properties:read',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/properties/${c.w.cells[cellOf(c.target)].property}`),
    verify: (c, res) => {
      const body = res.body as { id: number; contracts: { contract: { id: number } }[]; incidents: { incident: { id: number } }[]; recentTransactions: { transaction: { id: number } }[] };
      const cell = cellOf(c.target);
      return [
        ...same({ id: [body.id, c.w.cells[cell].property] }),
        ...checkIds(c, 'contract', body.contracts.map((x) => x.contract.id), false),
        ...checkIds(c, 'incident', body.incidents.map((x) => x.incident.id), false),
        ...checkIds(c, 'transaction', body.recentTransactions.map((x) => x.transaction.id), false),
      ];
    },
  },
  'POST /api/properties': {
    gate: 'properties:write',
    ok: 201,
    variants: ['ownerUserId', 'managerAgencyId', 'isArchived', 'assignedAgentUserId'],
    rule: (a, _t, variant) => {
      const role = roleOf(a);
      // An owner creates only its own, a delegate only its principals', agency staff only for owners
      // of their agency's portfolio (issue 30), and only for their agency.
      if (variant === 'ownerUserId' && role !== 'super_admin') return 400;
      if (variant === 'managerAgencyId' && (role === 'admin_agencia' || role === 'agente')) return 400;
      return undefined;
    },
    send: (c) => c.http.post('/api/properties').send(propertyBody(c)),
    verify: async (c, res) => {
      const id = (res.body as { id: number }).id;
      const problems = await stored(c, 'main_properties', id, { ...expectedParties(c), isArchived: false, assignedAgentUserId: null });
      const role = roleOf(c.actor);
      if (c.variant === 'managerAgencyId' && (role === 'propietario_individual' || role === 'propietario_delegado')) {
        const asked = await c.w.t.knex('consent_requests').where({ mainPropertyId: id, kind: 'agency_management', status: 'Pendiente' }).pluck('agencyId');
        problems.push(...same({ 'agency asked': [asked, [c.w.agencies[sideOf(c.actor) === 'A' ? 'Y' : 'X']]] }));
      }
      // Removed at once: the world stays as the matrix states it (owners' plan limits, contacts, agencies).
      await c.w.t.knex('main_properties').where({ id }).delete();
      return problems;
    },
    guard: (c) => ({ table: 'main_properties', where: { ownerUserId: c.w.id(sideOf(c.actor) === 'A' ? 'ownerB' : 'ownerA') } }),
    phase: 2,
  },
  'PATCH /api/properties/:id': {
    gate: 'properties:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    variants: ['ownerUserId', 'managerAgencyId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    fresh: (c) => (c.variant ? Promise.resolve(c.w.cells[cellOf(c.target)].property) : c.w.fresh.property(cellOf(c.target))),
    send: (c) => {
      const body: Record<string, unknown> = { isArchived: true };
      if (c.variant === 'ownerUserId') body.ownerUserId = c.w.id(foreignAssignee(cellOf(c.target)));
      if (c.variant === 'managerAgencyId') body.managerAgencyId = c.w.agencies[CELL_AGENCY[cellOf(c.target)] === 'X' ? 'Y' : 'X'];
      return c.http.patch(`/api/properties/${c.fresh ?? c.w.cells[cellOf(c.target)].property}`).send(body);
    },
    verify: (c) => stored(c, 'main_properties', c.fresh, { isArchived: true }),
    guard: (c) => ({ table: 'main_properties', where: { id: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'DELETE /api/properties/:id': {
    gate: 'properties:write',
    ok: 204,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => c.w.fresh.property(cellOf(c.target)),
    send: (c) => c.http.delete(`/api/properties/${c.fresh ?? c.w.cells[cellOf(c.target)].property}`),
    verify: async (c) => ((await rowById(c, 'main_properties', c.fresh)) ? ['the property is still there'] : []),
    guard: (c) => ({ table: 'main_properties', where: { id: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'GET /api/properties/:id/units': {
    gate: 'properties:read',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/properties/${c.w.cells[cellOf(c.target)].property}/units`),
    verify: (c, res) => {
      const r = c.w.cells[cellOf(c.target)];
      return same({ units: [list<{ id: number }>(res.body).map((u) => u.id).sort((a, b) => a - b), [r.unit, r.spareUnit, r.neighbour.unit].sort((a, b) => a - b)] });
    },
  },
  'POST /api/properties/:id/units': {
    gate: 'properties:write',
    ok: 201,
    targets: cellTargets,
    sees: staffSeesTarget,
    // A strict form: the property, the id and the Alquilado status are not the caller's to send.
    variants: ['mainPropertyId', 'id', 'isActive'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { unitType: 'trastero', unitName: `Trastero Matriz ${c.actor} ${Date.now()}-${Math.random()}` };
      if (c.variant === 'mainPropertyId') body.mainPropertyId = c.w.cells[otherCell(c)].property;
      if (c.variant === 'id') body.id = c.w.cells[otherCell(c)].spareUnit;
      if (c.variant === 'isActive') body.isActive = false;
      return c.http.post(`/api/properties/${c.w.cells[cellOf(c.target)].property}/units`).send(body);
    },
    verify: async (c, res) => {
      const id = (res.body as { id: number }).id;
      const problems = await stored(c, 'rentable_units', id, { mainPropertyId: c.w.cells[cellOf(c.target)].property, isActive: true, currentStatus: 'Disponible' });
      // Removed at once: the world's units stay as the matrix states them.
      await c.w.t.knex('rentable_units').where({ id }).delete();
      return problems;
    },
    guard: (c) => ({ table: 'rentable_units', where: { mainPropertyId: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'PATCH /api/units/:id': {
    gate: 'properties:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    variants: ['mainPropertyId', 'currentStatus'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { description: `Revisada por ${c.actor}` };
      if (c.variant === 'mainPropertyId') body.mainPropertyId = c.w.cells[otherCell(c)].property;
      // Alquilado is the contracts' to set, never a person's.
      if (c.variant === 'currentStatus') body.currentStatus = 'Alquilado';
      return c.http.patch(`/api/units/${c.w.cells[cellOf(c.target)].spareUnit}`).send(body);
    },
    verify: (c) => stored(c, 'rentable_units', c.w.cells[cellOf(c.target)].spareUnit, { description: `Revisada por ${c.actor}`, currentStatus: 'Disponible', mainPropertyId: c.w.cells[cellOf(c.target)].property }),
    guard: (c) => ({ table: 'rentable_units', where: { id: c.w.cells[cellOf(c.target)].spareUnit } }),
    phase: 2,
  },
  'POST /api/units/:id/listing': {
    gate: 'properties:write',
    ok: 201,
    targets: cellTargets,
    sees: staffSeesTarget,
    // A strict form: the unit is the path's, the counters and the state are not the caller's to send.
    variants: ['rentableUnitId', 'views', 'isPublished'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    fresh: (c) => c.w.fresh.unit(cellOf(c.target)),
    send: (c) => {
      const body: Record<string, unknown> = { listingType: 'Garaje', title: `Anuncio Matriz ${c.actor}`, district: 'Centro', description: 'Plaza amplia', price: 90, contactPhone: '600000000' };
      if (c.variant === 'rentableUnitId') body.rentableUnitId = c.w.cells[otherCell(c)].spareUnit;
      if (c.variant === 'views') body.views = 1000;
      if (c.variant === 'isPublished') body.isPublished = false;
      return c.http.post(`/api/units/${c.fresh ?? c.w.cells[cellOf(c.target)].spareUnit}/listing`).send(body);
    },
    verify: (c, res) => stored(c, 'unit_listings', (res.body as { id: number }).id, { rentableUnitId: c.fresh, isPublished: true, views: 0 }),
    guard: (c) => ({ table: 'unit_listings', where: { rentableUnitId: c.w.cells[cellOf(c.target)].spareUnit } }),
    phase: 2,
  },
  'GET /api/listings/:id': {
    gate: 'properties:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/listings/${c.w.cells[cellOf(c.target)].listing}`),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.w.cells[cellOf(c.target)].listing] }),
  },
  'PATCH /api/listings/:id': {
    gate: 'properties:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    variants: ['rentableUnitId', 'views'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { title: `Anuncio revisado por ${c.actor}` };
      if (c.variant === 'rentableUnitId') body.rentableUnitId = c.w.cells[otherCell(c)].spareUnit;
      if (c.variant === 'views') body.views = 1000;
      return c.http.patch(`/api/listings/${c.w.cells[cellOf(c.target)].listing}`).send(body);
    },
    verify: (c) => stored(c, 'unit_listings', c.w.cells[cellOf(c.target)].listing, { title: `Anuncio revisado por ${c.actor}`, rentableUnitId: c.w.cells[cellOf(c.target)].spareUnit }),
    guard: (c) => ({ table: 'unit_listings', where: { id: c.w.cells[cellOf(c.target)].listing } }),
    phase: 2,
  },
  'DELETE /api/listings/:id': {
    gate: 'properties:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => c.w.fresh.listing(cellOf(c.target)),
    send: (c) => c.http.delete(`/api/listings/${c.fresh ?? c.w.cells[cellOf(c.target)].listing}`),
    verify: (c) => stored(c, 'unit_listings', c.fresh, { isPublished: false }),
    guard: (c) => ({ table: 'unit_listings', where: { id: c.w.cells[cellOf(c.target)].listing } }),
    phase: 2,
  },
  'POST /api/listings/:id/photos': {
    gate: 'properties:write',
    ok: 201,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => c.w.fresh.listing(cellOf(c.target)),
    send: async (c) => c.http.post(`/api/listings/${c.fresh ?? c.w.cells[cellOf(c.target)].listing}/photos`).attach('file', await realPngBytes(), 'foto.png'),
    verify: async (c, res) => stored(c, 'listing_photos', (res.body as { id: number }).id, { listingId: c.fresh, uploadedByUserId: me(c) }),
    guard: (c) => ({ table: 'listing_photos', where: { listingId: c.w.cells[cellOf(c.target)].listing } }),
    phase: 2,
  },
  'PUT /api/listings/:id/photos/order': {
    gate: 'properties:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.put(`/api/listings/${c.w.cells[cellOf(c.target)].listing}/photos/order`).send({ photoIds: [c.w.cells[cellOf(c.target)].listingPhoto] }),
    verify: (c, res) => same({ photos: [list<{ id: number }>(res.body).map((p) => p.id), [c.w.cells[cellOf(c.target)].listingPhoto]] }),
    guard: (c) => ({ table: 'listing_photos', where: { listingId: c.w.cells[cellOf(c.target)].listing } }),
    phase: 2,
  },
  'DELETE /api/listings/:id/photos/:photoId': {
    gate: 'properties:write',
    ok: 204,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => c.w.fresh.listingPhoto(cellOf(c.target)),
    send: (c) => {
      const r = c.w.cells[cellOf(c.target)];
      return c.http.delete(`/api/listings/${c.fresh ?? `${r.listing}/photos/${r.listingPhoto}`}`);
    },
    verify: async (c) => ((await rowById(c, 'listing_photos', Number(String(c.fresh).split('/').pop()))) ? ['the photo is still there'] : []),
    guard: (c) => ({ table: 'listing_photos', where: { id: c.w.cells[cellOf(c.target)].listingPhoto } }),
    phase: 2,
  },
  'GET /api/properties/:id/agents': {
    gate: 'properties:assign',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/properties/${c.w.cells[cellOf(c.target)].property}/agents`),
    verify: (c, res) => {
      const agent = CELL_AGENT[cellOf(c.target)];
      return same({ agents: [list<{ id: number }>(res.body).map((a) => a.id), agent ? [c.w.id(agent)] : []] });
    },
  },
  'PUT /api/properties/:id/agent': {
    gate: 'properties:assign',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    // The other agency's agent: no one the manager may put in charge (relationships.ts).
    variants: ['agentUserId'],
    // A property no agency manages has no agent to put in charge; another agency's agent is a 400.
    rule: (_a, target, variant) => (target && CELL_AGENCY[cellOf(target)] === null ? 409 : variant ? 400 : undefined),
    send: (c) => {
      const cell = cellOf(c.target);
      const agent = c.variant ? CELL_AGENT[cell === 'AX' ? 'BY' : 'AX'] : CELL_AGENT[cell];
      // Without the variant, the agent already in charge: an allowed call that leaves the world as it is.
      return c.http.put(`/api/properties/${c.w.cells[cell].property}/agent`).send({ agentUserId: agent ? c.w.id(agent) : null });
    },
    verify: (c) => {
      const agent = CELL_AGENT[cellOf(c.target)];
      return stored(c, 'main_properties', c.w.cells[cellOf(c.target)].property, { assignedAgentUserId: agent ? c.w.id(agent) : null });
    },
    guard: (c) => ({ table: 'main_properties', where: { id: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'PUT /api/properties/:id/agency': {
    gate: 'properties:agency',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => {
      const agency = CELL_AGENCY[cellOf(c.target)];
      // The agency already managing it (or none): an allowed call that leaves the world as it is.
      return c.http.put(`/api/properties/${c.w.cells[cellOf(c.target)].property}/agency`).send({ managerAgencyId: agency ? c.w.agencies[agency] : null });
    },
    verify: (c) => {
      const agency = CELL_AGENCY[cellOf(c.target)];
      return stored(c, 'main_properties', c.w.cells[cellOf(c.target)].property, { managerAgencyId: agency ? c.w.agencies[agency] : null });
    },
    guard: (c) => ({ table: 'main_properties', where: { id: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'GET /api/units': filteredList('units:read', '/api/units', 'unit', (b) => list<{ id: number }>(b).map((u) => u.id), 'propertyId', (w, cell) => w.cells[cell].property),
  'GET /api/analytics/occupancy': read(
    '/api/analytics/occupancy?months=3',
    (c, res) => checkIds(c, 'property', (res.body as { properties: { propertyId: number }[] }).properties.map((p) => p.propertyId)),
    'properties:read',
  ),

  // --- Contracts -----------------------------------------------------------------------------------
  'GET /api/contracts': filteredList('contracts:read', '/api/contracts?pageSize=100', 'contract', (b) => list<{ contract: { id: number } }>(b).map((x) => x.contract.id), 'propertyId', (w, cell) => w.cells[cell].property),
  'GET /api/contracts/:id': {
    gate: 'contracts:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/contracts/${contractOf(c)}`),
    verify: (c, res) => {
      const body = res.body as { contract: { id: number }; transactions: { transaction: { id: number } }[] };
      return [...same({ id: [body.contract.id, contractOf(c)] }), ...checkIds(c, 'transaction', body.transactions.map((x) => x.transaction.id), false)];
    },
  },
  'GET /api/contracts/:id/pdf': {
    gate: 'contracts:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/contracts/${contractOf(c)}/pdf`).buffer(true),
    verify: (_c, res) => same({ 'content-type': [res.headers['content-type'], 'application/pdf'] }),
  },
  'GET /api/contracts/:id/rent-history': {
    gate: 'contracts:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/contracts/${contractOf(c)}/rent-history`),
    verify: (_c, res) => {
      const rows = res.body as { validFrom: string; reason: string }[];
      return same({ first: [rows[0]?.reason, 'Renta inicial del contrato'] });
    },
  },
  'POST /api/contracts': {
    gate: 'contracts:write',
    ok: 201,
    targets: cellTargets,
    sees: staffSeesTarget,
    variants: ['id', 'propertyId', 'renewalNoticeSentAt', 'tenantUserIds'],
    // Only the super admin names any tenant; the landlord side names its own tenants, others by invitation.
    rule: (a, _t, variant) => (variant === 'tenantUserIds' && roleOf(a) !== 'super_admin' ? 400 : undefined),
    send: (c) => c.http.post('/api/contracts').send(contractBody(c)),
    verify: async (c, res) => {
      const id = (res.body as { contract: { id: number } }).contract.id;
      const problems = await stored(c, 'contracts', id, { rentableUnitId: c.w.cells[cellOf(c.target)].spareUnit, renewalNoticeSentAt: null });
      if (id === c.w.cells[otherCell(c)].contract) problems.push('the new contract took the id of an existing one');
      // The super admin's contract with another cell's tenant is undone: that tenant stays a party of its own cell only.
      if (c.variant === 'tenantUserIds') await c.w.t.knex('contracts').where({ id }).delete();
      return problems;
    },
    guard: (c) => [
      { table: 'contracts', where: { rentableUnitId: c.w.cells[cellOf(c.target)].spareUnit } },
      { table: 'tenants_contracts', where: { tenantUserId: c.w.id(CELL_TENANT[otherCell(c)]) } },
    ],
    phase: 2,
  },
  'PATCH /api/contracts/:id': {
    gate: 'contracts:write',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    variants: ['rentableUnitId', 'contractCode', 'tenantUserIds'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { notes: `Nota de la matriz ${c.actor}` };
      const other = c.w.cells[otherCell(c)];
      if (c.variant === 'rentableUnitId') body.rentableUnitId = other.spareUnit;
      if (c.variant === 'contractCode') body.contractCode = 'MTX-ROBADO';
      if (c.variant === 'tenantUserIds') body.tenantUserIds = [c.w.id(CELL_TENANT[otherCell(c)])];
      return c.http.patch(`/api/contracts/${contractOf(c)}`).send(body);
    },
    verify: (c) => stored(c, 'contracts', contractOf(c), { notes: `Nota de la matriz ${c.actor}` }),
    guard: (c) => [
      { table: 'contracts', where: { id: contractOf(c) } },
      { table: 'tenants_contracts', where: { contractId: contractOf(c) } },
    ],
    phase: 2,
  },
  'GET /api/tenants': read(
    '/api/tenants?pageSize=100',
    (c, res) => {
      const rows = list<{ tenant: { id: number }; contract: { id: number } }>(res.body);
      const problems = checkIds(c, 'contract', rows.map((r) => r.contract.id));
      for (const r of rows) {
        const party = CELLS.some((x) => (c.w.cells[x].contract === r.contract.id && c.w.id(CELL_TENANT[x]) === r.tenant.id) || (c.w.cells[x].neighbour.contract === r.contract.id && c.w.cells[x].neighbour.user === r.tenant.id));
        if (!party) problems.push(`listed user ${r.tenant.id} as a tenant of contract ${r.contract.id}`);
      }
      return problems;
    },
    'tenants:read',
  ),
  'POST /api/tenant-invitations': {
    gate: 'tenants:invite',
    ok: 201,
    targets: partyTargets,
    sees: staffSeesTarget,
    variants: ['invitedByUserId', 'expiresAt'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { email: c.w.fresh.email('invitacion'), contractId: contractOf(c) };
      if (c.variant === 'invitedByUserId') body.invitedByUserId = c.w.id(CELL_OWNER[otherCell(c)]);
      if (c.variant === 'expiresAt') body.expiresAt = '2099-01-01T00:00:00Z';
      return c.http.post('/api/tenant-invitations').send(body);
    },
    verify: (c, res) => stored(c, 'tenant_invitations', (res.body as { id: number }).id, { contractId: contractOf(c), invitedByUserId: me(c) }),
    guard: (c) => ({ table: 'tenant_invitations', where: { contractId: contractOf(c) } }),
    phase: 2,
  },

  'GET /api/tenant-invitations': scopedListOfInvitations(),
  'POST /api/tenant-invitations/:id/resend': {
    gate: 'tenants:invite',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    // A pending invitation of the target cell's contract, for every actor: one who does not manage
    // that contract gets 404 and the invitation is left as it was.
    fresh: (c) => pendingInvitation(c),
    freshForAll: true,
    send: (c) => c.http.post(`/api/tenant-invitations/${c.fresh}/resend`),
    guard: (c) => ({ table: 'tenant_invitations', where: { id: c.fresh } }),
    phase: 2,
  },
  // The right to erasure (issue 35). Right after the reads (phase 1.5): the world is still as
  // world.ts built it (one super admin, each agency's only manager, every cell's contract in force),
  // which the refusals assume, and no write case has added a second super admin or manager yet.
  'POST /api/tenants/:id/erasure': {
    gate: 'tenants:erase',
    ok: 200,
    // A cell's former tenant (a throwaway account whose contract there has ended), or ':current', the cell's own tenant, whose contract is in force.
    targets: [...cellTargets, ...cellTargets.map((cell) => `${cell}:current`)],
    sees: staffSeesTarget,
    rule: (_a, target) => (target?.endsWith(':current') ? 409 : undefined),
    fresh: (c) => (c.target!.endsWith(':current') ? Promise.resolve(c.w.id(CELL_TENANT[cellOf(c.target)])) : formerTenant(c)),
    freshForAll: true,
    send: (c) => c.http.post(`/api/tenants/${c.fresh}/erasure`),
    verify: async (c) => {
      const row = await rowById(c, 'users', c.fresh);
      return row?.erasedAt && !row.isActive && row.firstName === 'Persona' ? [] : ['the former tenant was not erased'];
    },
    guard: (c) => [
      { table: 'users', where: { id: c.fresh } },
      { table: 'tenants_contracts', where: { tenantUserId: c.fresh } },
    ],
    phase: 1.5,
  },
  'POST /api/account/erasure': {
    gate: 'settings:own',
    ok: 200,
    variants: ['wrong current password'],
    rule: (a, _t, variant) => (variant ? 400 : selfErasureRefusal(a)),
    // A success erases a throwaway account of the caller's role and agency, signed in for the case:
    // the world's own accounts go on serving the other routes. A refusal is the caller's own.
    fresh: async (c) => {
      const p = PROFILES[c.actor as UserKey];
      return (await c.w.fresh.user(p.role, p.agency)).id;
    },
    send: async (c) => {
      const body = { currentPassword: c.variant ? 'no-es-la-contraseña' : FACTORY_PASSWORD };
      if (c.fresh === null) return c.http.post('/api/account/erasure').send(body);
      const http = c.w.client('anonymous');
      await http.post('/api/auth/login').send({ email: (await rowById(c, 'users', c.fresh)).email, password: FACTORY_PASSWORD }).expect(200);
      return http.post('/api/account/erasure').send(body);
    },
    verify: async (c) => {
      const row = await rowById(c, 'users', c.fresh);
      return row?.erasedAt && !row.isActive && row.email === `eliminado-${c.fresh}@arrendia.invalid` ? [] : ['the account was not erased'];
    },
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 1.5,
  },

  'DELETE /api/tenant-invitations/:id': {
    gate: 'tenants:invite',
    ok: 204,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => pendingInvitation(c),
    freshForAll: true,
    send: (c) => c.http.delete(`/api/tenant-invitations/${c.fresh}`),
    verify: async (c) => ((await c.w.t.knex('tenant_invitations').where({ id: c.fresh }).first('revokedAt'))?.revokedAt ? [] : ['the invitation was not revoked']),
    guard: (c) => ({ table: 'tenant_invitations', where: { id: c.fresh } }),
    phase: 2,
  },

  'POST /api/owner-invitations': {
    gate: 'owners:invite',
    ok: 201,
    variants: ['agencyId', 'invitedByUserId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { email: c.w.fresh.email('propietario'), firstName: 'Pablo', lastName: `Invitado ${c.actor}` };
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies.Y;
      if (c.variant === 'invitedByUserId') body.invitedByUserId = c.w.id('adminY');
      return c.http.post('/api/owner-invitations').send(body);
    },
    verify: (c, res) => stored(c, 'owner_invitations', (res.body as { id: number }).id, { agencyId: c.w.users[c.actor as UserKey].agencyId, invitedByUserId: me(c), acceptedByUserId: null }),
    guard: (c) => ({ table: 'owner_invitations', where: { lastName: `Invitado ${c.actor}` } }),
    phase: 2,
  },

  // --- Rent charges --------------------------------------------------------------------------------
  'GET /api/rent-charges': filteredList(
    'payments:read',
    '/api/rent-charges?pageSize=100',
    'rentCharge',
    (b) => list<{ id: number }>(b).map((x) => x.id),
    'contractId',
    (w, cell) => w.cells[cell].contract,
    // The cell's contract only: its neighbour's charge is another contract's.
    (target, row) => row.cell === target && !row.label.startsWith('neighbour'),
  ),
  'GET /api/rent-charges/:id/payment': {
    gate: 'payments:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/rent-charges/${chargeOf(c)}/payment`),
    verify: (c, res) => same({ chargeId: [(res.body as { chargeId: number }).chargeId, chargeOf(c)] }),
  },
  'POST /api/rent-charges/:id/transfer': {
    gate: 'payments:mark',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    fresh: (c) => c.w.fresh.rentCharge(cellOf(c.target), isNeighbour(c.target)),
    send: (c) => c.http.post(`/api/rent-charges/${c.fresh ?? chargeOf(c)}/transfer`),
    verify: (c) => stored(c, 'rent_charges', c.fresh, { status: 'Transferencia indicada', markedByUserId: me(c) }),
    guard: (c) => ({ table: 'rent_charges', where: { id: chargeOf(c) } }),
    phase: 2,
  },
  'POST /api/rent-charges/:id/confirm': {
    gate: 'payments:confirm',
    ok: 200,
    targets: partyTargets,
    sees: staffSeesTarget,
    fresh: (c) => c.w.fresh.rentCharge(cellOf(c.target), isNeighbour(c.target)),
    send: (c) => c.http.post(`/api/rent-charges/${c.fresh ?? chargeOf(c)}/confirm`),
    verify: (c) => stored(c, 'rent_charges', c.fresh, { status: 'Pagado', confirmedByUserId: me(c) }),
    guard: (c) => [
      { table: 'rent_charges', where: { id: chargeOf(c) } },
      { table: 'transactions', where: { contractId: contractOf(c) } },
    ],
    phase: 2,
  },
  'GET /api/tenant/home': read(
    '/api/tenant/home',
    (c, res) => same({ contract: [(res.body as { contract: { id: number } | null }).contract?.id, c.w.cells[PROFILES[c.actor as UserKey].tenantOf!].contract] }),
    'payments:mark',
  ),

  // --- Incidents -----------------------------------------------------------------------------------
  'GET /api/incidents': filteredList('incidents:read', '/api/incidents?pageSize=100', 'incident', (b) => list<{ incident: { id: number } }>(b).map((x) => x.incident.id), 'propertyId', (w, cell) => w.cells[cell].property),
  'GET /api/incidents/:id': {
    gate: 'incidents:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/incidents/${incidentOf(c)}`),
    verify: (c, res) => same({ id: [(res.body as { incident: { id: number } }).incident.id, incidentOf(c)] }),
  },
  'POST /api/incidents': {
    gate: 'incidents:report',
    ok: 201,
    targets: partyTargets,
    sees: partySeesTarget,
    variants: ['reportedByUserId', 'contractId', 'status', 'assignedToUserId'],
    send: (c) => c.http.post('/api/incidents').send(incidentBody(c)),
    verify: (c, res) => {
      const id = (res.body as { incident: { id: number } }).incident.id;
      // A tenant's report hangs on its own contract; the staff's on the unit's Activo contract: the cell's either way.
      return stored(c, 'incidents', id, { rentableUnitId: rentedUnitOf(c), reportedByUserId: me(c), contractId: contractOf(c), status: 'Abierta', assignedToUserId: null });
    },
    guard: (c) => ({ table: 'incidents', where: { rentableUnitId: rentedUnitOf(c) } }),
    phase: 2,
  },
  'PATCH /api/incidents/:id': {
    gate: 'incidents:manage',
    ok: 200,
    targets: partyTargets,
    sees: staffSeesTarget,
    variants: ['assignedToUserId', 'assignedProviderId', 'maintenanceTaskId', 'rentableUnitId', 'reportedByUserId', 'contractId'],
    // Another account's provider or task is a 400 on its field; linking a task is for whoever writes maintenance (a delegate does not).
    rule: (a, _t, variant) => (variant === 'maintenanceTaskId' && !can(roleOf(a), 'maintenance:write') ? 403 : variant ? 400 : undefined),
    send: (c) => {
      const cell = cellOf(c.target);
      const other = c.w.cells[otherCell(c)];
      const body: Record<string, unknown> = { priority: c.variant ? 'Urgente' : 'Alta' };
      if (c.variant === 'assignedToUserId') body.assignedToUserId = c.w.id(foreignAssignee(cell));
      if (c.variant === 'assignedProviderId') body.assignedProviderId = other.provider;
      if (c.variant === 'maintenanceTaskId') body.maintenanceTaskId = other.task;
      if (c.variant === 'rentableUnitId') body.rentableUnitId = other.unit;
      if (c.variant === 'reportedByUserId') body.reportedByUserId = c.w.id(CELL_TENANT[otherCell(c)]);
      if (c.variant === 'contractId') body.contractId = other.contract;
      return c.http.patch(`/api/incidents/${incidentOf(c)}`).send(body);
    },
    verify: (c) => stored(c, 'incidents', incidentOf(c), { priority: 'Alta' }),
    guard: (c) => [
      { table: 'incidents', where: { id: incidentOf(c) } },
      { table: 'maintenance_tasks', where: { id: c.w.cells[otherCell(c)].task } },
    ],
    phase: 2,
  },
  'GET /api/incidents/:id/assignees': {
    gate: 'incidents:manage',
    ok: 200,
    targets: partyTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/incidents/${incidentOf(c)}/assignees`),
    // The property's staff (owner, its delegate, its agency's admin and agent) and the providers of its owner and agency, whoever asks.
    verify: (c, res) => {
      const cell = cellOf(c.target);
      const body = res.body as { staff: { id: number }[]; providers: { id: number }[] };
      const staff = USER_KEYS.filter((u) => u !== 'super' && PROFILES[u].role !== 'inquilino' && PROFILES[u].cells.includes(cell));
      const providers = CELLS.filter((p) => CELL_OWNER[p] === CELL_OWNER[cell] && (p === cell || CELL_AGENCY[p] === null));
      return same({
        staff: [body.staff.map((x) => x.id).sort((x, y) => x - y), staff.map((u) => c.w.id(u)).sort((x, y) => x - y)],
        providers: [body.providers.map((x) => x.id).sort((x, y) => x - y), providers.map((p) => c.w.cells[p].provider).sort((x, y) => x - y)],
      });
    },
  },
  'GET /api/incidents/:id/photos': {
    gate: 'incidents:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/incidents/${incidentOf(c)}/photos`),
    // Each cell's incident has one photo; the neighbour's none.
    verify: (c, res) => same({ photos: [list<{ id: number }>(res.body).map((p) => p.id), isNeighbour(c.target) ? [] : [c.w.cells[cellOf(c.target)].photo]] }),
  },
  'GET /api/incidents/:id/photos/:photoId': {
    gate: 'incidents:read',
    ok: 200,
    // A photo is reached only through its own incident: an incident one sees does not open another's photo.
    targets: [...cellTargets, 'A+photo of B', 'AX+photo of BY', 'B+photo of A', 'BY+photo of AX'],
    sees: (a, target) => partySees(a, cellOf(target)) && !target.includes('+'),
    send: (c) => {
      const cell = cellOf(c.target);
      const photoCell = c.target!.includes('+') ? OTHER_CELL[cell] : cell;
      return c.http.get(`/api/incidents/${c.w.cells[cell].incident}/photos/${c.w.cells[photoCell].photo}`).buffer(true);
    },
    verify: (_c, res) => same({ 'content-type': [res.headers['content-type'], 'image/png'], 'x-content-type-options': [res.headers['x-content-type-options'], 'nosniff'] }),
  },
  'POST /api/incidents/:id/photos': {
    gate: 'incidents:report',
    ok: 201,
    targets: partyTargets,
    sees: partySeesTarget,
    fresh: (c) => c.w.fresh.incident(cellOf(c.target), isNeighbour(c.target)),
    send: (c) => c.http.post(`/api/incidents/${c.fresh ?? incidentOf(c)}/photos`).attach('file', pngBytes(), 'foto.png'),
    guard: (c) => ({ table: 'documents', where: { relatedEntityType: 'incident', relatedEntityId: incidentOf(c) } }),
    phase: 2,
  },
  'GET /api/incidents/:id/comments': {
    gate: 'incidents:read',
    ok: 200,
    targets: partyTargets,
    sees: partySeesTarget,
    send: (c) => c.http.get(`/api/incidents/${incidentOf(c)}/comments`),
  },
  'POST /api/incidents/:id/comments': {
    gate: 'incidents:report',
    ok: 201,
    targets: partyTargets,
    sees: partySeesTarget,
    variants: ['userId', 'incidentId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { content: `Comentario de ${c.actor}` };
      if (c.variant === 'userId') body.userId = c.w.id(CELL_TENANT[otherCell(c)]);
      if (c.variant === 'incidentId') body.incidentId = c.w.cells[otherCell(c)].incident;
      return c.http.post(`/api/incidents/${incidentOf(c)}/comments`).send(body);
    },
    verify: (c, res) => stored(c, 'incident_comments', (res.body as { id: number }).id, { incidentId: incidentOf(c), userId: me(c) }),
    guard: (c) => ({ table: 'incident_comments', where: { incidentId: incidentOf(c) } }),
    phase: 2,
  },

  // --- Money ---------------------------------------------------------------------------------------
  'GET /api/transactions': filteredList('transactions:read', '/api/transactions?pageSize=100', 'transaction', (b) => list<{ transaction: { id: number } }>(b).map((x) => x.transaction.id), 'propertyId', (w, cell) => w.cells[cell].property),
  'POST /api/transactions': {
    gate: 'transactions:write',
    ok: 201,
    // The unit and contract must hang off the property: a foreign contract on one's own property is a 400.
    targets: [...cellTargets, ...CELLS.flatMap((cell) => [`${cell}+contract of ${OTHER_CELL[cell]}`, `${cell}+unit of ${OTHER_CELL[cell]}`])],
    sees: staffSeesTarget,
    rule: (_a, target) => (target?.includes('+') ? 400 : undefined),
    variants: ['id', 'createdAt'],
    send: (c) => {
      const cell = cellOf(c.target);
      const body: Record<string, unknown> = { mainPropertyId: c.w.cells[cell].property, categoryId: c.w.categories.expense, type: 'Gasto', amount: 12.34, transactionDate: '2026-10-15' };
      if (c.target!.includes('+contract')) body.contractId = c.w.cells[OTHER_CELL[cell]].contract;
      if (c.target!.includes('+unit')) body.rentableUnitId = c.w.cells[OTHER_CELL[cell]].unit;
      if (c.variant === 'id') body.id = c.w.cells[otherCell(c)].expenseTx;
      if (c.variant === 'createdAt') body.createdAt = '2000-01-01T00:00:00Z';
      return c.http.post('/api/transactions').send(body);
    },
    verify: async (c, res) => {
      const id = (res.body as { transaction: { id: number } }).transaction.id;
      const problems = await stored(c, 'transactions', id, { mainPropertyId: c.w.cells[cellOf(c.target)].property, contractId: null });
      if (id === c.w.cells[otherCell(c)].expenseTx) problems.push('the new transaction took the id of an existing one');
      return problems;
    },
    guard: (c) => ({ table: 'transactions', where: { mainPropertyId: c.w.cells[cellOf(c.target)].property, transactionDate: '2026-10-15' } }),
    phase: 2,
  },
  'PATCH /api/transactions/:id': {
    gate: 'transactions:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    // A strict form: the property and the contract stay the movement's.
    variants: ['mainPropertyId', 'contractId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { description: `Corregido por ${c.actor}`, reason: 'Corrección de la matriz' };
      if (c.variant === 'mainPropertyId') body.mainPropertyId = c.w.cells[otherCell(c)].property;
      if (c.variant === 'contractId') body.contractId = c.w.cells[otherCell(c)].contract;
      return c.http.patch(`/api/transactions/${c.w.cells[cellOf(c.target)].expenseTx}`).send(body);
    },
    verify: (c) => stored(c, 'transactions', c.w.cells[cellOf(c.target)].expenseTx, { description: `Corregido por ${c.actor}`, mainPropertyId: c.w.cells[cellOf(c.target)].property }),
    guard: (c) => ({ table: 'transactions', where: { id: c.w.cells[cellOf(c.target)].expenseTx } }),
    phase: 2,
  },
  'DELETE /api/transactions/:id': {
    gate: 'transactions:write',
    ok: 204,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: async (c) => (await buildTransaction(c.w.t.knex, { mainPropertyId: c.w.cells[cellOf(c.target)].property, type: 'Gasto', amount: '1.00', transactionDate: '2026-10-16' })).id,
    send: (c) => c.http.delete(`/api/transactions/${c.fresh ?? c.w.cells[cellOf(c.target)].expenseTx}`).send({ reason: 'Borrado de la matriz' }),
    verify: async (c) => ((await rowById(c, 'transactions', c.fresh)) ? ['the transaction is still there'] : []),
    guard: (c) => ({ table: 'transactions', where: { id: c.w.cells[cellOf(c.target)].expenseTx } }),
    phase: 2,
  },
  'GET /api/finances/summary': read(
    '/api/finances/summary',
    (c, res) => {
      const body = res.body as { income: string; expenses: string };
      return same({ income: [body.income, incomeOf(c.actor)], expenses: [body.expenses, expensesOf(c.actor)] });
    },
    'transactions:read',
  ),
  'GET /api/finances/monthly': read(
    '/api/finances/monthly?months=2',
    (c, res) => {
      const months = list<{ income: string; expenses: string }>(res.body);
      const last = months[months.length - 1];
      return same({ income: [last?.income, incomeOf(c.actor)], expenses: [last?.expenses, expensesOf(c.actor)] });
    },
    'transactions:read',
  ),
  'GET /api/finances/expenses-by-category': read(
    '/api/finances/expenses-by-category',
    (c, res) => same({ expenses: [list<{ total: string }>(res.body).reduce((n, x) => n + Number(x.total), 0).toFixed(2), expensesOf(c.actor)] }),
    'transactions:read',
  ),
  'GET /api/finances/by-property': read(
    '/api/finances/by-property',
    (c, res) => checkIds(c, 'property', list<{ propertyId: number }>(res.body).map((p) => p.propertyId), true, partySees),
    'transactions:read',
  ),

  // --- Documents and reports -----------------------------------------------------------------------
  'GET /api/documents': scopedList('documents:read', '/api/documents?pageSize=100', 'document', (b) => list<{ id: number }>(b).map((x) => x.id)),
  'GET /api/documents/summary': read(
    '/api/documents/summary',
    (c, res) => same({ total: [(res.body as { total: number }).total, rowsOf(c.w, 'document').filter((r) => r.sees(c.actor)).length] }),
    'documents:read',
  ),
  'GET /api/documents/:id/download': {
    // Every role passes the gate; a tenant reaches only its own contracts' and incidents' documents.
    gate: 'documents:download',
    ok: 200,
    targets: [...cellTargets, 'B:inventory uploaded by agentX'],
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/documents/${c.target!.includes(':') ? c.w.staleDocument : c.w.cells[cellOf(c.target)].document}/download`).buffer(true),
    verify: (c, res) => {
      const name = c.target!.includes(':') ? 'inventario-B.pdf' : `escritura-${cellOf(c.target)}.pdf`;
      return [
        ...same({ 'content-type': [res.headers['content-type'], 'application/pdf'], 'x-content-type-options': [res.headers['x-content-type-options'], 'nosniff'] }),
        ...(String(res.headers['content-disposition']).includes(name) ? [] : [`downloaded ${String(res.headers['content-disposition'])}`]),
      ];
    },
  },
  'POST /api/documents': {
    gate: 'documents:write',
    ok: 201,
    // Attached to a property, a unit, a contract, an incident or a tenant: only one the caller manages.
    targets: CELLS.flatMap((cell) => [cell, `${cell}:unit`, `${cell}:contract`, `${cell}:incident`, `${cell}:tenant`]),
    sees: staffSeesTarget,
    variants: ['uploadedByUserId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const entity = attachedEntity(c);
      const req = c.http.post('/api/documents').field('category', 'recibo').field('relatedEntityType', entity.type).field('relatedEntityId', String(entity.id));
      if (c.variant === 'uploadedByUserId') req.field('uploadedByUserId', String(c.w.id(CELL_STAFF[otherCell(c)])));
      return req.attach('file', pdfBytes(), 'recibo.pdf');
    },
    verify: (c, res) => stored(c, 'documents', (res.body as { id: number }).id, { relatedEntityType: attachedEntity(c).type, relatedEntityId: attachedEntity(c).id, uploadedByUserId: me(c) }),
    guard: (c) => ({ table: 'documents', where: { relatedEntityType: attachedEntity(c).type, relatedEntityId: attachedEntity(c).id } }),
    phase: 2,
  },
  'DELETE /api/documents/:id': {
    gate: 'documents:write',
    ok: 204,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => c.w.fresh.document(cellOf(c.target)),
    send: (c) => c.http.delete(`/api/documents/${c.fresh ?? c.w.cells[cellOf(c.target)].document}`),
    verify: async (c) => ((await rowById(c, 'documents', c.fresh)) ? ['the document is still there'] : []),
    guard: (c) => ({ table: 'documents', where: { id: c.w.cells[cellOf(c.target)].document } }),
    phase: 2,
  },
  'GET /api/reports': read(
    '/api/reports',
    (c, res) => {
      const own = c.w.reports[c.actor as UserKey];
      return same({ reports: [list<{ id: number }>(res.body).map((r) => r.id), own === undefined ? [] : [own]] });
    },
    'reports:read',
  ),
  'GET /api/reports/:id/download': {
    gate: 'reports:read',
    ok: 200,
    targets: ['super', 'ownerA', 'ownerB', 'adminX', 'adminY', 'delegateA'],
    sees: (a, target) => a === target,
    send: (c) => c.http.get(`/api/reports/${c.w.reports[c.target as UserKey]}/download`).buffer(true),
    verify: (_c, res) => same({ 'content-type': [res.headers['content-type'], 'application/pdf'] }),
  },
  'POST /api/reports': {
    gate: 'reports:generate',
    ok: 201,
    // A principal report covers one owner's portfolio: only that owner, its delegates and the super admin. Anyone else: 400 on the field.
    targets: ['own scope', 'principal A', 'principal B'],
    sees: reportSees,
    hidden: 400,
    variants: ['userId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => c.http.post('/api/reports').send(reportBody(c)),
    verify: (c, res) => {
      const owner = c.target === 'principal A' ? c.w.id('ownerA') : c.target === 'principal B' ? c.w.id('ownerB') : null;
      return stored(c, 'reports', (res.body as { id: number }).id, { userId: me(c), ownerUserId: owner });
    },
    guard: (c) => ({ table: 'reports', where: { ownerUserId: c.target === 'principal B' ? c.w.id('ownerB') : c.w.id('ownerA') } }),
    phase: 2,
  },
  'GET /api/report-schedules': {
    gate: 'reports:read',
    ok: 200,
    // Each case files a schedule of the caller's and one of another user's: exactly the caller's own come back.
    fresh: async (c) => {
      await scheduleOf(c.w, otherReporter(c.actor), 'occupancy');
      return scheduleOf(c.w, c.actor as UserKey, 'occupancy');
    },
    send: (c) => c.http.get('/api/report-schedules?pageSize=100'),
    verify: async (c, res) => {
      const own: number[] = await c.w.t.knex('report_schedules').where({ userId: me(c) }).pluck('id');
      const got = list<{ id: number }>(res.body).map((s) => s.id);
      return [...same({ schedules: [sorted(got), sorted(own)] }), ...(got.includes(c.fresh as number) ? [] : ['left out the schedule just filed'])];
    },
  },
  'POST /api/report-schedules': {
    gate: 'reports:generate',
    ok: 201,
    // Over the whole portfolio, or one property the caller sees; any other property is a 400 on propertyId.
    targets: ['whole portfolio', ...cellTargets],
    sees: (a, target) => target === 'whole portfolio' || staffSees(a, target as Cell),
    hidden: 400,
    variants: ['userId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => c.http.post('/api/report-schedules').send(scheduleBody(c)),
    verify: (c, res) => stored(c, 'report_schedules', (res.body as { id: number }).id, { userId: me(c), reportType: 'financial', frequency: 'trimestral', propertyId: scheduleBody(c).propertyId }),
    guard: (c) =>
      c.target === 'whole portfolio'
        ? { table: 'report_schedules', where: { reportType: 'financial', frequency: 'trimestral' }, whereRaw: ['"propertyId" is null', []] }
        : { table: 'report_schedules', where: { propertyId: c.w.cells[cellOf(c.target)].property } },
    phase: 2,
  },
  'DELETE /api/report-schedules/:id': {
    gate: 'reports:generate',
    ok: 204,
    // Only one's own: another user's schedule is a 404 and stays.
    targets: ['own', 'another user'],
    sees: (_a, target) => target === 'own',
    freshForAll: true,
    fresh: (c) => scheduleOf(c.w, c.target === 'own' && isUser(c.actor) ? c.actor : otherReporter(c.actor), 'tenants'),
    send: (c) => c.http.delete(`/api/report-schedules/${c.fresh}`),
    verify: async (c) => ((await rowById(c, 'report_schedules', c.fresh)) ? ['the schedule is still there'] : []),
    guard: (c) => ({ table: 'report_schedules', where: { id: c.fresh } }),
    phase: 2,
  },

  // --- Messages and notifications ------------------------------------------------------------------
  'GET /api/conversations': scopedList('messages:use', '/api/conversations?pageSize=100', 'conversation', (b) => list<{ conversation: { id: number } }>(b).map((x) => x.conversation.id)),
  'GET /api/conversations/contacts': read(
    '/api/conversations/contacts?pageSize=100',
    (c, res) => {
      const neighbourOf = (id: number) => CELLS.find((cell) => c.w.cells[cell].neighbour.user === id);
      const got = list<{ id: number }>(res.body).map((x) => userKeyOf(c.w, x.id) ?? (neighbourOf(x.id) ? neighbourKey(neighbourOf(x.id)!) : `user ${x.id}`));
      return same({ contacts: [[...got].sort(), contactsOf(c.actor as UserKey).sort()] });
    },
    'messages:use',
  ),
  'GET /api/conversations/:id': {
    gate: 'messages:use',
    ok: 200,
    targets: cellTargets,
    sees: (a, target) => conversationSees(a, cellOf(target)),
    send: (c) => c.http.get(`/api/conversations/${c.w.cells[cellOf(c.target)].conversation}`),
    verify: (c, res) => same({ id: [(res.body as { conversation: { id: number } }).conversation.id, c.w.cells[cellOf(c.target)].conversation] }),
  },
  'GET /api/conversations/:id/messages': {
    gate: 'messages:use',
    ok: 200,
    targets: cellTargets,
    sees: (a, target) => conversationSees(a, cellOf(target)),
    send: (c) => c.http.get(`/api/conversations/${c.w.cells[cellOf(c.target)].conversation}/messages`),
    verify: (c, res) => {
      const messages = list<{ conversationId: number }>(res.body);
      const conversation = c.w.cells[cellOf(c.target)].conversation;
      return messages.length > 0 && messages.every((m) => m.conversationId === conversation) ? [] : ['the messages are not those of the conversation'];
    },
    // A plain read since issue 30 (it marks nothing read: POST …/read below does).
    guard: (c) => ({ table: 'messages', where: { conversationId: c.w.cells[cellOf(c.target)].conversation } }),
  },
  'POST /api/conversations/:id/read': {
    gate: 'messages:use',
    ok: 200,
    targets: cellTargets,
    sees: (a, target) => conversationSees(a, cellOf(target)),
    send: (c) => c.http.post(`/api/conversations/${c.w.cells[cellOf(c.target)].conversation}/read`),
    verify: async (c) => {
      const unread = await c.w.t.knex('messages')
        .where({ conversationId: c.w.cells[cellOf(c.target)].conversation })
        .whereNull('readAt')
        .whereRaw('"senderUserId" is distinct from ?', [me(c)])
        .count({ n: '*' })
        .first();
      return Number(unread?.n) === 0 ? [] : ["the others' messages are still unread"];
    },
    guard: (c) => ({ table: 'messages', where: { conversationId: c.w.cells[cellOf(c.target)].conversation } }),
    phase: 1,
  },
  'POST /api/conversations': {
    gate: 'messages:use',
    ok: 201,
    // Only one's contacts (policies/conversation.ts); anyone else is a 400 on the field, whoever it is.
    targets: ['ownerA', 'ownerB', 'adminX', 'agentY', 'delegateA', 'tenantA', 'tenantBY'],
    sees: (a, target) => isUser(a) && contactsOf(a).includes(target as UserKey),
    hidden: 400,
    send: (c) => c.http.post('/api/conversations').send({ title: `Consulta ${c.w.fresh.serial()}`, participantUserIds: [c.w.id(c.target as UserKey)] }),
    verify: async (c, res) => {
      const id = (res.body as { conversation: { id: number } }).conversation.id;
      const people = await c.w.t.knex('conversation_participants').where({ conversationId: id }).pluck('userId');
      return same({ participants: [sorted(people), sorted([me(c), c.w.id(c.target as UserKey)])] });
    },
    guard: (c) => ({ table: 'conversation_participants', where: { userId: c.w.id(c.target as UserKey) } }),
    phase: 2,
  },
  'POST /api/messages': {
    gate: 'messages:use',
    ok: 201,
    targets: cellTargets,
    sees: (a, target) => conversationSees(a, cellOf(target)),
    variants: ['senderUserId', 'readAt'],
    send: (c) => {
      const body: Record<string, unknown> = { conversationId: c.w.cells[cellOf(c.target)].conversation, content: `Mensaje de ${c.actor}` };
      if (c.variant === 'senderUserId') body.senderUserId = CONVERSATION_PARTIES[cellOf(c.target)].map((k) => c.w.id(k)).find((id) => id !== me(c));
      if (c.variant === 'readAt') body.readAt = '2026-01-01T00:00:00Z';
      return c.http.post('/api/messages').send(body);
    },
    verify: (c, res) => stored(c, 'messages', (res.body as { id: number }).id, { conversationId: c.w.cells[cellOf(c.target)].conversation, senderUserId: me(c), readAt: null }),
    guard: (c) => ({ table: 'messages', where: { conversationId: c.w.cells[cellOf(c.target)].conversation } }),
    phase: 2,
  },
  'GET /api/notifications': read('/api/notifications', (c, res) =>
    same({ notifications: [list<{ id: number }>(res.body).map((n) => n.id), [c.w.notifications[c.actor as UserKey]]] }),
  ),
  'PATCH /api/notifications/:id/read': {
    gate: 'signedIn',
    ok: 200,
    targets: USER_KEYS,
    sees: (a, target) => a === target,
    send: (c) => c.http.patch(`/api/notifications/${c.w.notifications[c.target as UserKey]}/read`),
    verify: (c) => stored(c, 'notifications', c.w.notifications[c.target as UserKey], { isRead: true }),
    guard: (c) => ({ table: 'notifications', where: { id: c.w.notifications[c.target as UserKey] } }),
    phase: 2,
  },
  'POST /api/notifications/read-all': {
    gate: 'signedIn',
    ok: 204,
    send: async (c) => {
      // Everybody else's notifications must come out of the call as they went in.
      await c.w.t.knex('notifications').update({ isRead: false });
      return c.http.post('/api/notifications/read-all');
    },
    verify: async (c) => {
      const rows: { recipientUserId: number; isRead: boolean }[] = await c.w.t.knex('notifications').select('recipientUserId', 'isRead');
      return rows.filter((r) => r.isRead !== (r.recipientUserId === me(c))).map((r) => `notification of user ${r.recipientUserId} is ${r.isRead ? 'read' : 'unread'}`);
    },
    phase: 2,
  },

  // --- Agency pipeline -----------------------------------------------------------------------------
  'GET /api/leads': scopedList('leads:handle', '/api/leads?pageSize=100', 'lead', (b) => list<{ id: number }>(b).map((x) => x.id)),
  'GET /api/leads/:id': {
    gate: 'leads:handle',
    ok: 200,
    targets: cellTargets,
    sees: (a, target) => leadSees(a, cellOf(target)),
    send: (c) => c.http.get(`/api/leads/${c.w.cells[cellOf(c.target)].lead}`),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.w.cells[cellOf(c.target)].lead] }),
  },
  'PATCH /api/leads/:id': {
    gate: 'leads:handle',
    ok: 200,
    targets: cellTargets,
    sees: (a, target) => leadSees(a, cellOf(target)),
    // Reassigning: the manager or the super admin, and only to an agent of the lead's agency.
    variants: ['assignedAgentUserId', 'agencyId', 'listingId'],
    rule: (a, _t, variant) => (variant === 'assignedAgentUserId' && roleOf(a) !== 'admin_agencia' && roleOf(a) !== 'super_admin' ? 403 : variant ? 400 : undefined),
    send: (c) => {
      const cell = cellOf(c.target);
      const body: Record<string, unknown> = { notes: `Nota de ${c.actor}` };
      if (c.variant === 'assignedAgentUserId') body.assignedAgentUserId = c.w.id(CELL_AGENCY[cell] === 'X' ? 'agentY' : 'agentX');
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies[CELL_AGENCY[cell] === 'X' ? 'Y' : 'X'];
      if (c.variant === 'listingId') body.listingId = c.w.cells[otherCell(c)].listing;
      return c.http.patch(`/api/leads/${c.w.cells[cell].lead}`).send(body);
    },
    verify: (c) => stored(c, 'leads', c.w.cells[cellOf(c.target)].lead, { notes: `Nota de ${c.actor}` }),
    guard: (c) => ({ table: 'leads', where: { id: c.w.cells[cellOf(c.target)].lead } }),
    phase: 2,
  },
  'GET /api/visits': scopedList('visits:manage', '/api/visits?pageSize=100', 'visit', (b) => list<{ id: number }>(b).map((x) => x.id)),
  'POST /api/visits': {
    gate: 'visits:manage',
    ok: 201,
    // On a unit of a property the caller manages, by an agent of the agency managing it: a property
    // with no agency has no agent to send (400), and a lead of another agency is not found.
    targets: [...cellTargets, 'AX+lead of BY', 'BY+lead of AX'],
    sees: (a, target) => staffSees(a, cellOf(target)) && (!target.includes('+') || agencySees(a, OTHER_CELL[cellOf(target)])),
    variants: ['agentUserId', 'status'],
    rule: (a, target, variant) => {
      if (variant) return 400;
      if (!CELL_AGENCY[cellOf(target)]) return 400;
      return roleOf(a) === 'super_admin' || PROFILES[a as UserKey].agency === CELL_AGENCY[cellOf(target)] ? undefined : 400;
    },
    send: (c) => {
      const cell = cellOf(c.target);
      const agent = CELL_AGENT[cell] ?? 'agentX';
      const body: Record<string, unknown> = { rentableUnitId: c.w.cells[cell].spareUnit, startsAt: visitSlot(c.w), durationMinutes: 45, contactName: 'Visitante Matriz' };
      if (roleOf(c.actor) !== 'agente') body.agentUserId = c.w.id(agent);
      if (c.target!.includes('+')) body.leadId = c.w.cells[OTHER_CELL[cell]].lead;
      if (c.variant === 'agentUserId') body.agentUserId = c.w.id(CELL_AGENCY[cell] === 'Y' ? 'agentX' : 'agentY');
      if (c.variant === 'status') body.status = 'Realizada';
      return c.http.post('/api/visits').send(body);
    },
    verify: (c, res) => {
      const cell = cellOf(c.target);
      return stored(c, 'visits', (res.body as { id: number }).id, { rentableUnitId: c.w.cells[cell].spareUnit, agentUserId: c.w.id(roleOf(c.actor) === 'agente' ? (c.actor as UserKey) : CELL_AGENT[cell]!), status: 'Programada' });
    },
    guard: (c) => [
      { table: 'visits', where: { rentableUnitId: c.w.cells[cellOf(c.target)].spareUnit } },
      { table: 'leads', where: { id: c.w.cells[OTHER_CELL[cellOf(c.target)]].lead } },
    ],
    phase: 2,
  },
  'PATCH /api/visits/:id': {
    gate: 'visits:manage',
    ok: 200,
    targets: ['AX', 'BY'],
    sees: (a, target) => agencySees(a, cellOf(target)),
    variants: ['agentUserId', 'rentableUnitId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const cell = cellOf(c.target);
      const body: Record<string, unknown> = { notes: `Nota de ${c.actor}` };
      if (c.variant === 'agentUserId') body.agentUserId = c.w.id(cell === 'AX' ? 'agentY' : 'agentX');
      if (c.variant === 'rentableUnitId') body.rentableUnitId = c.w.cells[otherCell(c)].spareUnit;
      return c.http.patch(`/api/visits/${c.w.cells[cell].visit}`).send(body);
    },
    verify: (c) => stored(c, 'visits', c.w.cells[cellOf(c.target)].visit, { notes: `Nota de ${c.actor}` }),
    guard: (c) => ({ table: 'visits', where: { id: c.w.cells[cellOf(c.target)].visit } }),
    phase: 2,
  },
  'GET /api/agents/me/performance': read(
    '/api/agents/me/performance',
    async (c, res) => {
      // The agent's own figures, over the properties its agency manages and it is in charge of.
      const body = res.body as { leads: number; signedContracts: number; commissions: string; commissionRate: string };
      const cells = CELLS.filter((cell) => CELL_AGENT[cell] === c.actor);
      const incomeCents = cells.reduce((n, cell) => n + (CELL_INCOME[cell] + NEIGHBOUR_INCOME[cell]) * 100, 0);
      const rateHundredths = Math.round(Number(body.commissionRate) * 100);
      return same({
        leads: [body.leads, cells.length],
        signedContracts: [body.signedContracts, cells.length * 2],
        commissions: [body.commissions, (Math.round((incomeCents * rateHundredths) / 10_000) / 100).toFixed(2)],
      });
    },
    'leads:manage',
  ),
  'GET /api/agents/me/properties': read(
    '/api/agents/me/properties',
    (c, res) =>
      same({
        properties: [list<{ id: number }>(res.body).map((p) => p.id), CELLS.filter((cell) => CELL_AGENT[cell] === c.actor).map((cell) => c.w.cells[cell].property)],
      }),
    'leads:manage',
  ),
  'PATCH /api/agents/:id': {
    gate: 'agency:manage',
    ok: 200,
    // The manager sets targets of its own agency's agents; any other user is not found.
    targets: ['agentX', 'agentY', 'adminY', 'ownerA'],
    sees: (a, target) => isUser(a) && PROFILES[target as UserKey].role === 'agente' && PROFILES[target as UserKey].agency === PROFILES[a].agency,
    variants: ['agencyId', 'roleId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { monthlyTarget: c.actor === 'adminX' ? 4100 : 4200 };
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies.Y;
      if (c.variant === 'roleId') body.roleId = 1;
      return c.http.patch(`/api/agents/${c.w.id(c.target as UserKey)}`).send(body);
    },
    verify: (c) => stored(c, 'users', c.w.id(c.target as UserKey), { monthlyTarget: c.actor === 'adminX' ? '4100.00' : '4200.00' }),
    guard: (c) => ({ table: 'users', where: { id: c.w.id(c.target as UserKey) } }),
    phase: 2,
  },
  'GET /api/agency/overview': read(
    '/api/agency/overview',
    (c, res) => {
      const body = res.body as { properties: number; collectedThisMonth: string; team: { id: number; properties: number }[] };
      const agency = PROFILES[c.actor as UserKey].agency;
      // The manager's team: its agency's agents, each with the agency's properties it is in charge of.
      const team = USER_KEYS.filter((k) => PROFILES[k].role === 'agente' && PROFILES[k].agency === agency).map((k) => ({
        id: c.w.id(k),
        properties: CELLS.filter((cell) => CELL_AGENT[cell] === k).length,
      }));
      return same({
        properties: [body.properties, visibleCells(c.actor, staffSees).length],
        collectedThisMonth: [body.collectedThisMonth, incomeOf(c.actor)],
        team: [body.team.map((m) => ({ id: m.id, properties: m.properties })), agency ? team : []],
      });
    },
    'agency:overview',
  ),
  'PATCH /api/agency': {
    gate: 'agency:manage',
    ok: 200,
    variants: ['id', 'nombreAgencia'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { commissionRate: c.actor === 'adminX' ? 7.5 : 8.5 };
      if (c.variant === 'id') body.id = c.w.agencies[PROFILES[c.actor as UserKey].agency === 'X' ? 'Y' : 'X'];
      if (c.variant === 'nombreAgencia') body.nombreAgencia = 'Agencia robada';
      return c.http.patch('/api/agency').send(body);
    },
    verify: async (c) => {
      const mine = PROFILES[c.actor as UserKey].agency!;
      const rows = await c.w.t.knex('agencies').whereIn('id', [c.w.agencies.X, c.w.agencies.Y]).select('id', 'commissionRate');
      const rate = (k: 'X' | 'Y') => String(rows.find((r) => r.id === c.w.agencies[k])?.commissionRate);
      return same({ [`agency ${mine}`]: [rate(mine), c.actor === 'adminX' ? '7.50' : '8.50'] });
    },
    guard: (c) => ({ table: 'agencies', where: { id: c.w.agencies[PROFILES[c.actor as UserKey]?.agency === 'X' ? 'Y' : 'X'] } }),
    phase: 2,
  },

  // --- Agencies (issue 32): every one for the super admin, its own for the manager -----------------
  // The directory of active agencies an owner may hand a property to: public business facts, no row scope.
  'GET /api/agencies/directory': read('/api/agencies/directory', (c, res) => same({ 'every world agency listed': [Object.values(c.w.agencies).every((id) => list<{ id: number }>(res.body).some((a) => a.id === id)), true] }), 'properties:agency'),
  'GET /api/agencies': read(
    '/api/agencies?pageSize=100',
    (c, res) => {
      const ids = list<{ id: number }>(res.body).map((a) => a.id);
      const mine = PROFILES[c.actor as UserKey].agency;
      if (!mine) return ids.includes(c.w.agencies.X) && ids.includes(c.w.agencies.Y) ? [] : ['the list lacks the world agencies'];
      return same({ agencies: [ids, [c.w.agencies[mine]]] });
    },
    'agencies:edit',
  ),
  'POST /api/agencies': {
    gate: 'agencies:manage',
    ok: 201,
    variants: ['isActive', 'id'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const first8 = `G${String(7_000_000 + c.w.fresh.serial()).padStart(7, '0')}`;
      const body: Record<string, unknown> = { nombreAgencia: 'Alta Matriz', cifAgencia: `${first8}${cifControl(first8).digit}`, direccionFiscal: 'Calle Matriz 1', emailAgencia: c.w.fresh.email('agencia') };
      if (c.variant === 'isActive') body.isActive = false;
      if (c.variant === 'id') body.id = c.w.agencies.X;
      return c.http.post('/api/agencies').send(body);
    },
    verify: (c, res) => stored(c, 'agencies', (res.body as { id: number }).id, { nombreAgencia: 'Alta Matriz', isActive: true }),
    guard: () => ({ table: 'agencies', where: { nombreAgencia: 'Alta Matriz' } }),
    phase: 2,
  },
  'PATCH /api/agencies/:id': {
    gate: 'agencies:edit',
    ok: 200,
    targets: ['X', 'Y'],
    sees: (a, target) => isUser(a) && (PROFILES[a].role === 'super_admin' || PROFILES[a].agency === target),
    // Only the manager's: the super admin may set isActive, and deactivating a world agency would sign its users out.
    variants: ['isActive', 'id'],
    variantsFor: (a) => isUser(a) && PROFILES[a].role === 'admin_agencia',
    rule: (_a, _t, variant) => (variant === 'isActive' ? 403 : variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { webAgencia: `https://matriz.example/${c.actor}` };
      if (c.variant === 'isActive') body.isActive = false;
      if (c.variant === 'id') body.id = c.w.agencies[c.target === 'X' ? 'Y' : 'X'];
      return c.http.patch(`/api/agencies/${c.w.agencies[c.target as AgencyKey]}`).send(body);
    },
    verify: (c) => stored(c, 'agencies', c.w.agencies[c.target as AgencyKey], { webAgencia: `https://matriz.example/${c.actor}`, isActive: true }),
    guard: (c) => ({ table: 'agencies', where: { id: c.w.agencies[c.target as AgencyKey] } }),
    phase: 2,
  },

  // --- Delegations ---------------------------------------------------------------------------------
  'GET /api/delegations': read(
    '/api/delegations',
    (c, res) => {
      const rows = list<{ owner: { id: number }; delegate: { id: number } }>(res.body).map((d) => `${userKeyOf(c.w, d.owner.id)}→${userKeyOf(c.w, d.delegate.id)}`);
      return same({ delegations: [rows, ['super', 'ownerA', 'delegateA'].includes(c.actor) ? ['ownerA→delegateA'] : []] });
    },
    'delegations:read',
  ),
  'POST /api/delegations': {
    gate: 'delegations:manage',
    ok: 201,
    // Issue 30: a request to the email, never a delegation; the same answer whoever holds the email
    // (a delegate, a tenant), so the owner learns nothing of other accounts.
    targets: ['a new delegate', 'a tenant'],
    variants: ['ownerUserId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: async (c) => {
      const email = c.target === 'a tenant' ? c.w.users.tenantB.email : (await c.w.fresh.user('propietario_delegado')).email;
      const body: Record<string, unknown> = { delegateEmail: email };
      if (c.variant === 'ownerUserId') body.ownerUserId = c.w.id(c.actor === 'ownerA' ? 'ownerB' : 'ownerA');
      return c.http.post('/api/delegations').send(body);
    },
    verify: async (c, res) => {
      const request = res.body as { id: number; status: string; email: string };
      const delegate = await c.w.t.knex('users').whereRaw('lower(email) = ?', [request.email]).first('id');
      const bound = await c.w.t.knex('owner_delegations').where({ ownerUserId: me(c), delegateUserId: delegate?.id ?? -1 }).first();
      const row = await rowById(c, 'consent_requests', request.id);
      return [
        ...same({ status: [request.status, 'Pendiente'], requestOwner: [row?.ownerUserId, me(c)] }),
        ...(bound ? ['the delegation was written before the delegate accepted it'] : []),
      ];
    },
    guard: (c) => [
      { table: 'owner_delegations', where: { ownerUserId: c.w.id(c.actor === 'ownerA' ? 'ownerB' : 'ownerA') } },
      ...(isUser(c.actor) ? [{ table: 'owner_delegations', where: { ownerUserId: me(c) } }] : []),
    ],
    phase: 2,
  },
  'DELETE /api/delegations/:delegateUserId': {
    gate: 'delegations:manage',
    ok: 204,
    targets: ['delegateA'],
    sees: (a) => a === 'ownerA',
    fresh: async (c) => {
      const other = await c.w.fresh.user('propietario_delegado');
      await c.w.t.knex('owner_delegations').insert({ ownerUserId: me(c), delegateUserId: other.id });
      return other.id;
    },
    send: (c) => c.http.delete(`/api/delegations/${c.fresh ?? c.w.id('delegateA')}`),
    verify: async (c) => ((await c.w.t.knex('owner_delegations').where({ delegateUserId: c.fresh }).first()) ? ['the delegation is still there'] : []),
    guard: (c) => ({ table: 'owner_delegations', where: { delegateUserId: c.w.id('delegateA') } }),
    phase: 2,
  },

  // --- Consent requests (issue 30) ---------------------------------------------------------------
  'GET /api/consent-requests': {
    gate: 'signedIn',
    ok: 200,
    targets: ['incoming', 'outgoing'],
    send: (c) => c.http.get(`/api/consent-requests?direction=${c.target}`),
    // The world's two pending requests, made by owner B: delegateA answers the delegation, agency X's admin the management.
    verify: (c, res) => {
      const { delegation, management } = c.w.consentRequests;
      const want: Partial<Record<UserKey, number[]>> =
        c.target === 'incoming' ? { delegateA: [delegation], adminX: [management] } : { ownerB: [delegation, management] };
      return same({ requests: [sorted(list<{ id: number }>(res.body).map((r) => r.id)), sorted(want[c.actor as UserKey] ?? [])] });
    },
  },
  'POST /api/consent-requests/:id/accept': consentAnswer('accept'),
  'POST /api/consent-requests/:id/decline': consentAnswer('decline'),
  'DELETE /api/consent-requests/:id': {
    gate: 'signedIn',
    ok: 200,
    // Only the asker withdraws (here owner B, who made the world's requests); anyone else is not told they exist.
    targets: ['delegation', 'management'],
    sees: (a) => a === 'ownerB',
    send: (c) => c.http.delete(`/api/consent-requests/${c.fresh ?? c.w.consentRequests[c.target as 'delegation' | 'management']}`),
    fresh: async (c) => {
      const id = await c.w.fresh.consentRequest(c.target as 'delegation' | 'management');
      // Owner B's own throwaway request (another address than the world's pending one to delegateA).
      const email = c.target === 'delegation' ? c.w.fresh.email('delegado') : undefined;
      await c.w.t.knex('consent_requests').where({ id }).update({ requestedByUserId: c.w.id('ownerB'), ownerUserId: c.w.id('ownerB'), email });
      return id;
    },
    verify: async (c) => same({ status: [(await rowById(c, 'consent_requests', c.fresh))?.status, 'Cancelada'] }),
    guard: (c) => ({ table: 'consent_requests', where: { id: c.w.consentRequests[c.target as 'delegation' | 'management'] } }),
    phase: 2,
  },

  // --- Maintenance ---------------------------------------------------------------------------------
  'GET /api/maintenance/stats': read(
    '/api/maintenance/stats',
    (c, res) => same({ pending: [(res.body as { pending: number }).pending, visibleCells(c.actor, staffSees).length] }),
    'maintenance:read',
  ),
  'GET /api/maintenance/tasks': scopedList('maintenance:read', '/api/maintenance/tasks?pageSize=100', 'task', (b) => list<{ id: number }>(b).map((x) => x.id)),
  'GET /api/maintenance/plans': scopedList('maintenance:read', '/api/maintenance/plans?pageSize=100', 'plan', (b) => list<{ id: number }>(b).map((x) => x.id)),
  'GET /api/providers': scopedList('maintenance:read', '/api/providers?pageSize=100', 'provider', (b) => list<{ id: number }>(b).map((x) => x.id)),
  'POST /api/maintenance/tasks': {
    gate: 'maintenance:write',
    ok: 201,
    // On a property the caller manages; its unit, incident and provider must be that property's and the caller's.
    targets: maintenanceTargets('foreignProvider', 'foreignIncident', 'foreignUnit'),
    sees: staffSeesTarget,
    variants: ['ownerUserId'],
    rule: foreignProviderRule,
    send: (c) => c.http.post('/api/maintenance/tasks').send({ title: `Tarea ${c.w.fresh.serial()}`, scheduledDate: '2027-02-01', ...maintenanceWhere(c) }),
    verify: (c, res) => stored(c, 'maintenance_tasks', (res.body as { id: number }).id, { mainPropertyId: c.w.cells[cellOf(c.target)].property }),
    guard: (c) => ({ table: 'maintenance_tasks', where: { mainPropertyId: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'PATCH /api/maintenance/tasks/:id': {
    gate: 'maintenance:write',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    variants: ['mainPropertyId', 'providerId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { notes: `Nota de ${c.actor}` };
      if (c.variant === 'mainPropertyId') body.mainPropertyId = c.w.cells[otherCell(c)].property;
      if (c.variant === 'providerId') body.providerId = c.w.cells[otherCell(c)].provider;
      return c.http.patch(`/api/maintenance/tasks/${c.w.cells[cellOf(c.target)].task}`).send(body);
    },
    verify: (c) => stored(c, 'maintenance_tasks', c.w.cells[cellOf(c.target)].task, { notes: `Nota de ${c.actor}` }),
    guard: (c) => ({ table: 'maintenance_tasks', where: { id: c.w.cells[cellOf(c.target)].task } }),
    phase: 2,
  },
  'POST /api/maintenance/plans': {
    gate: 'maintenance:write',
    ok: 201,
    targets: maintenanceTargets('foreignProvider', 'foreignUnit'),
    sees: staffSeesTarget,
    variants: ['ownerUserId'],
    rule: foreignProviderRule,
    send: (c) => c.http.post('/api/maintenance/plans').send({ title: `Plan ${c.w.fresh.serial()}`, intervalMonths: 6, nextDate: '2027-04-01', ...maintenanceWhere(c) }),
    verify: (c, res) => stored(c, 'maintenance_plans', (res.body as { id: number }).id, { mainPropertyId: c.w.cells[cellOf(c.target)].property }),
    guard: (c) => ({ table: 'maintenance_plans', where: { mainPropertyId: c.w.cells[cellOf(c.target)].property } }),
    phase: 2,
  },
  'PATCH /api/maintenance/plans/:id': {
    gate: 'maintenance:write',
    ok: 200,
    // The plan of a cell the caller manages; a unit of another property or a provider of another account is a 400 on the field; the property stays.
    targets: maintenanceTargets('foreignProvider', 'foreignUnit'),
    sees: staffSeesTarget,
    variants: ['mainPropertyId'],
    rule: foreignProviderRule,
    send: (c) => {
      const cell = cellOf(c.target);
      const body: Record<string, unknown> = { description: `Plan de ${c.actor}` };
      if (c.target?.endsWith('+foreignProvider')) body.providerId = c.w.cells[OTHER_CELL[cell]].provider;
      if (c.target?.endsWith('+foreignUnit')) body.rentableUnitId = c.w.cells[OTHER_CELL[cell]].unit;
      if (c.variant === 'mainPropertyId') body.mainPropertyId = c.w.cells[otherCell(c)].property;
      return c.http.patch(`/api/maintenance/plans/${c.w.cells[cell].plan}`).send(body);
    },
    verify: (c) => stored(c, 'maintenance_plans', c.w.cells[cellOf(c.target)].plan, { description: `Plan de ${c.actor}`, mainPropertyId: c.w.cells[cellOf(c.target)].property }),
    guard: (c) => ({ table: 'maintenance_plans', where: { id: c.w.cells[cellOf(c.target)].plan } }),
    phase: 2,
  },
  'PATCH /api/providers/:id': {
    gate: 'maintenance:write',
    ok: 200,
    // A provider of the caller's account (providerSees); whose account it is does not change (the form has no such field).
    targets: cellTargets,
    sees: (a, target) => providerSees(a, cellOf(target)),
    variants: ['agencyId', 'ownerUserId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const side = sideOf(c.actor);
      const body: Record<string, unknown> = { trade: `Fontanería de ${c.actor}`, telefono: '600 111 222' };
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies[side === 'A' ? 'Y' : 'X'];
      if (c.variant === 'ownerUserId') body.ownerUserId = c.w.id(side === 'A' ? 'ownerB' : 'ownerA');
      return c.http.patch(`/api/providers/${c.w.cells[cellOf(c.target)].provider}`).send(body);
    },
    verify: (c) => stored(c, 'providers', c.w.cells[cellOf(c.target)].provider, { trade: `Fontanería de ${c.actor}`, telefono: '600111222' }),
    guard: (c) => ({ table: 'providers', where: { id: c.w.cells[cellOf(c.target)].provider } }),
    phase: 2,
  },
  'POST /api/providers': {
    gate: 'maintenance:write',
    ok: 201,
    // Each account keeps its own: an owner's or agency user's provider is its own account's, whatever
    // the body names; only the super admin names the account.
    variants: ['agencyId', 'ownerUserId'],
    send: (c) => {
      const side = sideOf(c.actor);
      const body: Record<string, unknown> = { name: `Proveedor ${c.w.fresh.serial()}`, trade: 'Electricidad', nifCif: '12345678Z' };
      if (c.actor === 'super') body.agencyId = c.w.agencies.X;
      if (c.variant === 'agencyId') body.agencyId = c.w.agencies[side === 'A' ? 'Y' : 'X'];
      if (c.variant === 'ownerUserId') body.ownerUserId = c.w.id(side === 'A' ? 'ownerB' : 'ownerA');
      return c.http.post('/api/providers').send(body);
    },
    verify: (c, res) => {
      const p = PROFILES[c.actor as UserKey];
      let want: Record<string, unknown>;
      if (p.role === 'super_admin') {
        want = {
          agencyId: c.variant === 'agencyId' ? c.w.agencies.Y : c.w.agencies.X,
          ownerUserId: c.variant === 'ownerUserId' ? c.w.id('ownerB') : null,
        };
      } else if (p.agency) want = { agencyId: c.w.agencies[p.agency], ownerUserId: null };
      else want = { agencyId: null, ownerUserId: me(c) };
      return stored(c, 'providers', (res.body as { id: number }).id, want);
    },
    phase: 2,
  },

  // --- Users, audit log, platform (the super admin) ------------------------------------------------
  ...Object.fromEntries(ADMIN_ONLY_READS.map((key) => [key, read(key.slice(4), undefined, key.includes('audit') ? 'audit:read' : key.includes('/admin/') ? 'platform:overview' : 'users:manage')])),
  'GET /api/admin/rental-types': read('/api/admin/rental-types?kind=apartments', undefined, 'platform:overview'),
  'GET /api/users': read('/api/users?pageSize=100', (c, res) => (list<{ id: number }>(res.body).length >= USER_KEYS.length ? [] : ['the list lacks world users']), 'users:manage'),
  'GET /api/users/:id': {
    gate: 'users:manage',
    ok: 200,
    targets: userTargets,
    send: (c) => c.http.get(`/api/users/${c.w.id(c.target as UserKey)}`),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.w.id(c.target as UserKey)] }),
  },
  'POST /api/users': {
    gate: 'users:manage',
    ok: 201,
    variants: ['isActive', 'roleId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { email: c.w.fresh.email('usuario'), firstName: 'Alta', lastName: 'Matriz', roleName: 'inquilino' };
      if (c.variant === 'isActive') body.isActive = false;
      if (c.variant === 'roleId') body.roleId = 1;
      return c.http.post('/api/users').send(body);
    },
    verify: async (c, res) => {
      const row = await c.w.t.knex('users').join('roles', 'roles.id', 'users.roleId').where('users.id', (res.body as { id: number }).id).first('roles.roleName', 'users.isActive');
      return same({ role: [row?.roleName, 'inquilino'], isActive: [row?.isActive, true] });
    },
    guard: () => ({ table: 'users', where: { firstName: 'Alta', lastName: 'Matriz', isActive: false } }),
    phase: 2,
  },
  'PATCH /api/users/:id': userWrite((id) => `/api/users/${id}`, 'patch', (c) => {
    const body: Record<string, unknown> = { firstName: 'Cambiado' };
    if (c.variant === 'roleId') body.roleId = 1;
    if (c.variant === 'isActive') body.isActive = false;
    if (c.variant === 'password') body.password = 'otra-contraseña-1';
    if (c.variant === 'email') body.email = c.w.users.ownerB.email;
    return body;
  }, { firstName: 'Cambiado', isActive: true, roleName: 'propietario_individual' }, ['roleId', 'isActive', 'password', 'email']),
  'POST /api/users/:id/deactivate': userWrite((id) => `/api/users/${id}/deactivate`, 'post', () => undefined, { isActive: false }),
  'POST /api/users/:id/activate': userWrite((id) => `/api/users/${id}/activate`, 'post', () => undefined, { isActive: true }),
  'PATCH /api/users/:id/role': userWrite((id) => `/api/users/${id}/role`, 'patch', () => ({ roleName: 'super_admin' }), { roleName: 'super_admin' }),
  'POST /api/users/:id/two-factor/reset': {
    ...userWrite((id) => `/api/users/${id}/two-factor/reset`, 'post', () => undefined, { twoFactorEnabledAt: null, twoFactorSecret: null }),
    // The throwaway user has two-factor authentication on: the reset has something to undo.
    fresh: async (c) => {
      const { id } = await c.w.fresh.user();
      await enableTwoFactorFor(c.w.t.knex, id);
      return id;
    },
  },
  'POST /api/users/:id/password-reset': { ...userWrite((id) => `/api/users/${id}/password-reset`, 'post', () => undefined, { isActive: true }), ok: 201 },
  'GET /api/admin/audit-log': read('/api/admin/audit-log?pageSize=5', undefined, 'audit:read'),
  // --- Lists' CSVs (issue 35): each list's gate and rows ----------------------------------------
  'GET /api/properties.csv': csvList('properties:read', '/api/properties'),
  'GET /api/properties/:id/units.csv': {
    gate: 'properties:read',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    send: (c) => c.http.get(`/api/properties/${c.w.cells[cellOf(c.target)].property}/units.csv`),
    verify: (c, res) => csvMatchesList(c, res, `/api/properties/${c.w.cells[cellOf(c.target)].property}/units`),
  },
  'GET /api/units.csv': csvList('units:read', '/api/units'),
  'GET /api/contracts.csv': csvList('contracts:read', '/api/contracts'),
  'GET /api/tenants.csv': csvList('tenants:read', '/api/tenants'),
  'GET /api/transactions.csv': csvList('transactions:read', '/api/transactions'),
  'GET /api/rent-charges.csv': csvList('payments:read', '/api/rent-charges'),
  'GET /api/incidents.csv': csvList('incidents:read', '/api/incidents'),
  'GET /api/documents.csv': csvList('documents:read', '/api/documents'),
  'GET /api/maintenance/tasks.csv': csvList('maintenance:read', '/api/maintenance/tasks'),
  'GET /api/providers.csv': csvList('maintenance:read', '/api/providers'),
  'GET /api/leads.csv': csvList('leads:handle', '/api/leads'),
  'GET /api/visits.csv': csvList('visits:manage', '/api/visits'),
  'GET /api/users.csv': csvList('users:manage', '/api/users'),
  'GET /api/admin/audit-log.csv': read('/api/admin/audit-log.csv?tableName=main_properties', (_c, res) => same({ 'content-type': [res.headers['content-type'], 'text/csv; charset=utf-8'] }), 'audit:read'),
  'GET /api/admin/outbox': read('/api/admin/outbox?pageSize=5', undefined, 'outbox:read'),
  'GET /api/admin/outbox/:id': {
    gate: 'outbox:read',
    ok: 200,
    fresh: async (c) => {
      const [{ id }] = await c.w.t.knex('outbox_messages').insert({ kind: 'prueba', toAddress: 'matriz@example.com', subject: 'Matriz', html: '<p>Matriz</p>', text: 'Matriz', state: 'no_enviado' }).returning('id');
      return id as number;
    },
    send: (c) => c.http.get(`/api/admin/outbox/${c.fresh ?? 1}`),
  },
  // --- Imports (issue 35) -------------------------------------------------------------------------
  // --- Rent updates (issue 36) --------------------------------------------------------------------
  'GET /api/rent-updates': {
    gate: 'rent-updates:manage',
    ok: 200,
    // One proposal in every cell: the caller gets exactly those of the contracts it manages.
    fresh: async (c) => {
      const ids: number[] = [];
      for (const cell of CELLS) ids.push(await rentUpdateOf(c, cell));
      return ids[0]!;
    },
    send: (c) => c.http.get('/api/rent-updates?pageSize=100'),
    verify: (c, res) => checkIds(c, 'contract', [...new Set(list<{ contract: { id: number } }>(res.body).map((u) => u.contract.id))], false),
  },
  'GET /api/rent-updates/:id': {
    gate: 'rent-updates:manage',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => rentUpdateOf(c),
    freshForAll: true,
    send: (c) => c.http.get(`/api/rent-updates/${c.fresh}`),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.fresh] }),
  },
  'PATCH /api/rent-updates/:id': {
    gate: 'rent-updates:manage',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => rentUpdateOf(c),
    freshForAll: true,
    send: (c) => c.http.patch(`/api/rent-updates/${c.fresh}`).send({ percent: 1 }),
    verify: (c) => stored(c, 'rent_updates', c.fresh, { percent: '1.000', newRent: '909.00' }),
    guard: (c) => ({ table: 'rent_updates', where: { id: c.fresh ?? -1 } }),
    phase: 2,
  },
  'POST /api/rent-updates/:id/notice': {
    gate: 'rent-updates:manage',
    ok: 200,
    targets: cellTargets,
    sees: staffSeesTarget,
    fresh: (c) => rentUpdateOf(c),
    freshForAll: true,
    send: (c) => c.http.post(`/api/rent-updates/${c.fresh}/notice`),
    verify: (c) => stored(c, 'rent_updates', c.fresh, { status: 'notificada', noticedByUserId: me(c) }),
    guard: (c) => [
      { table: 'rent_updates', where: { id: c.fresh ?? -1 } },
      { table: 'documents', where: { relatedEntityType: 'contract', relatedEntityId: c.w.cells[cellOf(c.target)].contract } },
    ],
    phase: 2,
  },
  'GET /api/imports/templates/:entity.csv': read('/api/imports/templates/contracts.csv', (_c, res) => same({ 'content-type': [res.headers['content-type'], 'text/csv; charset=utf-8'] }), 'imports:write'),
  'GET /api/imports/templates/plantilla.xlsx': read(
    '/api/imports/templates/plantilla.xlsx',
    (_c, res) => same({ 'content-type': [res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] }),
    'imports:write',
  ),
  'GET /api/imports': {
    gate: 'imports:write',
    ok: 200,
    // Each case files an import of the caller's and one of a stranger's: exactly the caller's own come back.
    fresh: async (c) => {
      await freshImport({ ...c, target: 'another user’s import' });
      return freshImport({ ...c, target: 'own' });
    },
    send: (c) => c.http.get('/api/imports?pageSize=100'),
    verify: async (c, res) => {
      const own: number[] = await c.w.t.knex('imports').where({ userId: me(c) }).pluck('id');
      const got = list<{ id: number }>(res.body).map((i) => i.id);
      return [...same({ imports: [sorted(got), sorted(own)] }), ...(got.includes(c.fresh as number) ? [] : ['left out the import just made'])];
    },
  },
  'POST /api/imports': {
    gate: 'imports:write',
    ok: 201,
    // Only the super admin imports into another account; anyone else naming one is refused on the field.
    variants: ['forUserId', 'agencyId'],
    rule: (a, _t, variant) => (variant && roleOf(a) !== 'super_admin' ? 400 : undefined),
    send: (c) => {
      const req = c.http.post('/api/imports').field('entity', 'properties');
      const other = sideOf(c.actor) === 'A' ? 'B' : 'A';
      if (roleOf(c.actor) === 'super_admin') {
        if (c.variant === 'agencyId') req.field('agencyId', String(c.w.agencies.Y));
        else req.field('forUserId', String(c.w.id(c.variant === 'forUserId' ? 'ownerB' : 'ownerA')));
      } else if (c.variant === 'forUserId') req.field('forUserId', String(c.w.id(other === 'A' ? 'ownerA' : 'ownerB')));
      else if (c.variant === 'agencyId') req.field('agencyId', String(c.w.agencies[other === 'A' ? 'X' : 'Y']));
      return req.attach('file', importCsv(c.w.fresh.serial()), 'matriz.csv');
    },
    verify: (c, res) => stored(c, 'imports', (res.body as { id: number }).id, { userId: me(c), forUserId: importAccount(c), status: 'preview' }),
    guard: (c) => ({ table: 'imports', where: { userId: isUser(c.actor) ? me(c) : -1 } }),
    phase: 2,
  },
  'GET /api/imports/:id': {
    gate: 'imports:write',
    ok: 200,
    // An import holds the people of an account: only its maker reads it, and the super admin.
    targets: ['own', 'another user’s import'],
    sees: (a, target) => target === 'own' || roleOf(a) === 'super_admin',
    fresh: (c) => freshImport(c),
    freshForAll: true,
    send: (c) => c.http.get(`/api/imports/${c.fresh}`),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.fresh] }),
  },
  'PUT /api/imports/:id/mapping': {
    gate: 'imports:write',
    ok: 200,
    targets: ['own', 'another user’s import'],
    sees: (a, target) => target === 'own' || roleOf(a) === 'super_admin',
    fresh: (c) => freshImport(c),
    freshForAll: true,
    send: (c) => c.http.put(`/api/imports/${c.fresh}/mapping`).send({ sheets: [{ name: 'matriz', entity: 'properties', mapping: ['propertyName', 'addressStreet', 'city', 'province', null] }] }),
    verify: async (c) => {
      const row = await rowById(c, 'imports', c.fresh);
      const sheets = (typeof row?.sheets === 'string' ? JSON.parse(row.sheets) : row?.sheets) as { mapping: unknown }[] | undefined;
      return same({ mapping: [sheets?.[0]?.mapping, ['propertyName', 'addressStreet', 'city', 'province', null]] });
    },
    guard: (c) => [
      { table: 'imports', where: { id: c.fresh ?? -1 } },
      { table: 'import_rows', where: { importId: c.fresh ?? -1 } },
    ],
    phase: 2,
  },
  'POST /api/imports/:id/commit': {
    gate: 'imports:write',
    ok: 202,
    targets: ['own', 'another user’s import'],
    sees: (a, target) => target === 'own' || roleOf(a) === 'super_admin',
    // Its one row is invalid: the job runs to its end and writes no portfolio row the other cases count.
    fresh: (c) => freshImport(c, { validRows: false }),
    freshForAll: true,
    send: async (c) => {
      const res = await c.http.post(`/api/imports/${c.fresh}/commit`);
      await settleImportJobs();
      return res;
    },
    verify: async (c) => {
      const row = await rowById(c, 'imports', c.fresh);
      return row?.status === 'done' ? [] : [`the import ended ${String(row?.status)}`];
    },
    guard: (c) => ({ table: 'imports', where: { id: c.fresh ?? -1 } }),
    phase: 2,
  },
  'POST /api/imports/:id/cancel': {
    gate: 'imports:write',
    ok: 200,
    targets: ['own', 'another user’s import'],
    sees: (a, target) => target === 'own' || roleOf(a) === 'super_admin',
    fresh: (c) => freshImport(c),
    freshForAll: true,
    send: (c) => c.http.post(`/api/imports/${c.fresh}/cancel`),
    verify: async (c) => {
      const row = await rowById(c, 'imports', c.fresh);
      return row?.status === 'cancelled' ? [] : [`the import is ${String(row?.status)}`];
    },
    guard: (c) => ({ table: 'imports', where: { id: c.fresh ?? -1 } }),
    phase: 2,
  },
  // --- Data exports (issue 35): every role, each user only its own ------------------------------
  'POST /api/exports': {
    gate: 'settings:own',
    ok: 202,
    send: async (c) => {
      const res = await c.http.post('/api/exports');
      await settleDataExports();
      return res;
    },
    verify: async (c, res) => {
      const id = (res.body as { id: number }).id;
      const row = await rowById(c, 'data_exports', id);
      return [...(row?.status === 'ready' ? [] : [`the export ended ${String(row?.status)}`]), ...(await stored(c, 'data_exports', id, { userId: me(c) }))];
    },
    guard: (c) => ({ table: 'data_exports', where: { userId: isUser(c.actor) ? me(c) : -1 } }),
    phase: 2,
  },
  'GET /api/exports': read('/api/exports?pageSize=100', async (c, res) => {
    const ids = list<{ id: number }>(res.body).map((e) => e.id);
    const foreign = ids.length ? await c.w.t.knex('data_exports').whereIn('id', ids).whereNot('userId', me(c)).select('id') : [];
    return foreign.map((r: { id: number }) => `lists export ${r.id}, another user's`);
  }, 'settings:own'),
  'GET /api/exports/:id': {
    gate: 'settings:own',
    ok: 200,
    targets: ['own', 'another user’s export'],
    sees: (_a, target) => target === 'own',
    fresh: (c) => freshExport(c),
    freshForAll: true,
    send: (c) => c.http.get(`/api/exports/${c.fresh}`),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.fresh] }),
  },
  'GET /api/exports/:id/download': {
    gate: 'settings:own',
    ok: 200,
    targets: ['own', 'another user’s export'],
    sees: (_a, target) => target === 'own',
    fresh: (c) => freshExport(c),
    freshForAll: true,
    send: (c) => c.http.get(`/api/exports/${c.fresh}/download`),
    verify: (_c, res) => same({ 'content-type': [res.headers['content-type'], 'application/zip'] }),
  },
  'GET /api/admin/remotes': read('/api/admin/remotes', undefined, 'remotes:manage'),
  'PATCH /api/admin/remotes/:name': {
    gate: 'remotes:manage',
    ok: 200,
    targets: ['public-site'],
    send: (c) => c.http.patch('/api/admin/remotes/public-site').send({ enabled: true }),
    guard: () => ({ table: 'remotes', where: { name: 'public-site' } }),
    phase: 2,
  },

  // --- Index values (issue 36): the landlord side reads them, the super admin writes them ----------
  'GET /api/index-values': read('/api/index-values?pageSize=5', (_c, res) => (list(res.body).length === 5 ? [] : ['did not list the shipped values']), 'rent-updates:manage'),
  'POST /api/index-values': {
    gate: 'index-values:write',
    ok: 201,
    variants: ['createdByUserId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      // A month of its own per case, far from the shipped ones.
      const year = 3000 + c.w.fresh.serial();
      const body: Record<string, unknown> = { series: 'IGC', month: `${year}-01`, value: 0.5, publishedOn: `${year}-03-25` };
      if (c.variant === 'createdByUserId') body.createdByUserId = c.w.id('ownerA');
      return c.http.post('/api/index-values').send(body);
    },
    verify: (c, res) => stored(c, 'index_values', (res.body as { id: number }).id, { createdByUserId: me(c) }),
    guard: () => ({ table: 'index_values', where: {} }),
    phase: 2,
  },
  // The world's app has no INE address (config.ineApiUrl unset): past the gate the answer is 502 and no request leaves the machine.
  'POST /api/index-values/fetch': {
    gate: 'index-values:write',
    ok: 502,
    send: (c) => c.http.post('/api/index-values/fetch').send({}),
    verify: (_c, res) => same({ error: [(res.body as { error?: string }).error, 'bad_gateway'] }),
    guard: () => ({ table: 'index_values', where: {} }),
    phase: 2,
  },

  // --- Own account ---------------------------------------------------------------------------------
  'GET /api/settings': read('/api/settings', (c, res) => same({ email: [(res.body as { profile: { email: string } }).profile.email, c.w.users[c.actor as UserKey].email] }), 'settings:own'),
  'PUT /api/settings/profile': {
    gate: 'settings:own',
    ok: 200,
    variants: ['roleId', 'isActive', 'agencyId', 'monthlyTarget'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => c.http.put('/api/settings/profile').send(settingsProfile(c)),
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, me(c)] }),
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 2,
  },
  'DELETE /api/settings/email-change': {
    gate: 'settings:own',
    ok: 204,
    // Cancels the caller's pending new address and no one else's: fresh holds 'callerLinkId:bystanderLinkId'.
    fresh: async (c) => {
      const bystander = await c.w.fresh.user();
      const other = await emailLink(c, bystander.id, 'change', c.w.fresh.email('ajeno'));
      const own = isUser(c.actor) ? await emailLink(c, me(c), 'change', c.w.fresh.email('propio')) : { id: 0 };
      return `${own.id}:${other.id}`;
    },
    freshForAll: true,
    send: (c) => c.http.delete('/api/settings/email-change'),
    verify: async (c) => {
      const [own, other] = String(c.fresh).split(':').map(Number);
      return [...((await linkIsLive(c, own!)) ? ["the caller's change is still pending"] : []), ...((await linkIsLive(c, other!)) ? [] : ["another account's change was cancelled"])];
    },
    guard: () => ({ table: 'email_verifications', where: {} }),
    phase: 2,
  },
  'PATCH /api/settings/preferences': {
    gate: 'settings:own',
    ok: 200,
    variants: ['isActive', 'roleId'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) => {
      const body: Record<string, unknown> = { loginNotifications: true };
      if (c.variant === 'isActive') body.isActive = false;
      if (c.variant === 'roleId') body.roleId = 1;
      return c.http.patch('/api/settings/preferences').send(body);
    },
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 2,
  },
  'POST /api/settings/profile/photo': {
    gate: 'settings:own',
    ok: 200,
    send: (c) => c.http.post('/api/settings/profile/photo').attach('file', pngBytes(), 'yo.png'),
    verify: async (c) => ((await rowById(c, 'users', me(c)))?.profileImageUrl ? [] : ['no photo was stored on the caller']),
    phase: 2,
  },
  'DELETE /api/settings/profile/photo': {
    gate: 'settings:own',
    ok: 200,
    send: (c) => c.http.delete('/api/settings/profile/photo'),
    verify: async (c) => ((await rowById(c, 'users', me(c)))?.profileImageUrl ? ["the caller's photo is still there"] : []),
    phase: 2,
  },
  'GET /api/profile-photos/:name': {
    gate: 'signedIn',
    ok: 200,
    // Avatars show beside names everywhere: any signed-in user opens any user's photo, by its unguessable name.
    targets: ["ownerA's photo", 'unknown photo'],
    sees: (_a, target) => target === "ownerA's photo",
    send: (c) => c.http.get(`/api/profile-photos/${c.target === 'unknown photo' ? randomName() : c.w.photoName}`).buffer(true),
    verify: (_c, res) => same({ 'x-content-type-options': [res.headers['x-content-type-options'], 'nosniff'], 'content-disposition': [res.headers['content-disposition'], 'attachment'] }),
  },
  'GET /api/settings/sessions': read(
    '/api/settings/sessions',
    (c, res) => (list<{ current: boolean }>(res.body).some((s) => s.current) ? [] : ["the caller's own session is not in the list"]),
    'settings:own',
  ),
  'DELETE /api/settings/sessions/:id': {
    gate: 'settings:own',
    ok: 204,
    // Each target is a throwaway session of that user's (the real ones keep the world signed in).
    targets: USER_KEYS,
    sees: (a, target) => a === target,
    fresh: (c) => c.w.fresh.session(c.target as UserKey),
    freshForAll: true,
    send: (c) => c.http.delete(`/api/settings/sessions/${c.fresh}`),
    verify: async (c) => {
      const left: { sid: string }[] = await c.w.t.knex('sessions').whereRaw(THROWAWAY_SESSIONS_OF, [String(c.w.id(c.target as UserKey))]).select('sid');
      return left.some((s) => sessionHandle(s.sid) === c.fresh) ? ['the session is still there'] : [];
    },
    guard: (c) => ({ table: 'sessions', where: {}, whereRaw: [THROWAWAY_SESSIONS_OF, [String(c.w.id(c.target as UserKey))]] }),
    phase: 5,
  },
  'DELETE /api/settings/sessions': {
    gate: 'settings:own',
    ok: 200,
    send: async (c) => {
      for (const key of USER_KEYS) await c.w.fresh.session(key);
      return c.http.delete('/api/settings/sessions');
    },
    verify: async (c) => {
      const rows: { sess: unknown }[] = await c.w.t.knex('sessions').select('sess');
      const owners = rows.map((r) => Number((typeof r.sess === 'string' ? JSON.parse(r.sess) : r.sess as { userId: number }).userId));
      const problems = USER_KEYS.filter((k) => k !== c.actor && !owners.includes(c.w.id(k))).map((k) => `ended the sessions of ${k}`);
      if (owners.filter((id) => id === me(c)).length !== 1) problems.push("did not keep exactly the caller's current session");
      return problems;
    },
    phase: 6,
  },
  // Two-factor authentication, in the last phase: once it is on, a world user could not sign in
  // again with the password alone. Each case prepares its own state (freshForAll), so the order of
  // the cases does not matter, and a refused call is seen to change nothing.
  'POST /api/settings/two-factor/setup': {
    gate: 'settings:own',
    ok: 200,
    fresh: async (c) => (isUser(c.actor) ? (await twoFactorOff(c), me(c)) : 0),
    freshForAll: true,
    send: (c) => c.http.post('/api/settings/two-factor/setup'),
    verify: async (c) => {
      const row = await rowById(c, 'users', me(c));
      return row?.twoFactorSecret && !row.twoFactorEnabledAt ? [] : ['no setup waits on the caller'];
    },
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 7,
  },
  'POST /api/settings/two-factor': {
    gate: 'settings:own',
    ok: 200,
    variants: ['wrong code', 'wrong current password'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    // A setup of the caller's, waiting for its code; fresh holds its secret.
    fresh: async (c) => {
      if (!isUser(c.actor)) return '';
      await twoFactorOff(c);
      return ((await c.http.post('/api/settings/two-factor/setup')).body as { secret: string }).secret;
    },
    freshForAll: true,
    send: (c) => {
      const secret = typeof c.fresh === 'string' && c.fresh ? c.fresh : null;
      const code = secret ? totpCode(secret) : '123456';
      return c.http
        .post('/api/settings/two-factor')
        .send({ code: c.variant === 'wrong code' ? otherCode(code) : code, currentPassword: c.variant === 'wrong current password' ? 'no-es-la-contraseña' : FACTORY_PASSWORD });
    },
    verify: async (c, res) => {
      const row = await rowById(c, 'users', me(c));
      return [...(row?.twoFactorEnabledAt ? [] : ['two-factor authentication is not on']), ...same({ codes: [(res.body as { recoveryCodes: string[] }).recoveryCodes.length, 10] })];
    },
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 7,
  },
  'POST /api/settings/two-factor/disable': {
    gate: 'settings:own',
    ok: 204,
    variants: ['wrong current password'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    fresh: async (c) => (isUser(c.actor) ? (await enableTwoFactorFor(c.w.t.knex, me(c))).secret : ''),
    freshForAll: true,
    send: (c) => c.http.post('/api/settings/two-factor/disable').send({ currentPassword: c.variant ? 'no-es-la-contraseña' : FACTORY_PASSWORD }),
    verify: async (c) => ((await rowById(c, 'users', me(c)))?.twoFactorEnabledAt ? ['two-factor authentication is still on'] : []),
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 7,
  },
  'POST /api/settings/two-factor/recovery-codes': {
    gate: 'settings:own',
    ok: 200,
    variants: ['wrong current password'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    fresh: async (c) => (isUser(c.actor) ? (await enableTwoFactorFor(c.w.t.knex, me(c))).secret : ''),
    freshForAll: true,
    send: (c) => c.http.post('/api/settings/two-factor/recovery-codes').send({ currentPassword: c.variant ? 'no-es-la-contraseña' : FACTORY_PASSWORD }),
    verify: (_c, res) => same({ codes: [(res.body as { recoveryCodes: string[] }).recoveryCodes.length, 10] }),
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 7,
  },
  'POST /api/auth/login/two-factor': {
    gate: 'public',
    ok: 200,
    // Anyone finishes a sign-in they began: a user of its own with two-factor on, its password
    // given on a cookieless client (the actor's own session stays as it is).
    fresh: async (c) => (await c.w.fresh.user()).id,
    freshForAll: true,
    send: async (c) => {
      const user = await rowById(c, 'users', c.fresh);
      const { secret } = await enableTwoFactorFor(c.w.t.knex, user.id);
      const first = await c.w.client('anonymous').post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD });
      const cookie = ((first.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((x) => x.split(';')[0]).join('; ');
      return c.w.client('anonymous').post('/api/auth/login/two-factor').set('Cookie', cookie).send({ code: totpCode(secret) });
    },
    verify: (c, res) => same({ id: [(res.body as { id: number }).id, c.fresh] }),
    phase: 7,
  },
  'POST /api/settings/password': {
    gate: 'settings:own',
    ok: 204,
    // The real change, last of all: the current password is required and the current session survives.
    variants: ['wrong current password'],
    rule: (_a, _t, variant) => (variant ? 400 : undefined),
    send: (c) =>
      c.http.post('/api/settings/password').send({ currentPassword: c.variant ? 'no-es-la-contraseña' : FACTORY_PASSWORD, newPassword: 'contraseña-cambiada-1' }),
    verify: async (c) => ((await c.http.get('/api/auth/user')).status === 200 ? [] : ['the current session ended with the password change']),
    guard: (c) => ({ table: 'users', where: { id: isUser(c.actor) ? me(c) : -1 } }),
    phase: 7,
  },
};

/**
 * Why a world account may not erase itself (409), from the world's facts alone; undefined when it
 * may: the only super admin, a tenant or an owner with a contract in force, an agency's only
 * manager while the agency manages properties. An agent or a delegate may.
 */
function selfErasureRefusal(a: ActorKey): number | undefined {
  if (!isUser(a)) return undefined;
  const p = PROFILES[a];
  return p.role === 'super_admin' || p.tenantOf !== null || p.role === 'propietario_individual' || p.role === 'admin_agencia' ? 409 : undefined;
}

/** A throwaway tenant whose contract on a free unit of the target cell's property has ended; its id. */
async function formerTenant(c: CaseCtx): Promise<number> {
  const tenant = await c.w.fresh.user('inquilino');
  const unit = await c.w.fresh.unit(cellOf(c.target));
  const [{ id }] = await c.w.t
    .knex('contracts')
    .insert({ rentableUnitId: unit, contractCode: `MTX-ANTIGUO-${c.w.fresh.serial()}`, startDate: '2024-01-01', endDate: '2025-12-31', rentAmount: '900.00', paymentDay: 1, depositAmount: '900.00', status: 'Finalizado', terminationReason: 'Fin del plazo pactado' })
    .returning('id');
  await c.w.t.knex('tenants_contracts').insert({ tenantUserId: tenant.id, contractId: id, isPrimaryTenant: true });
  return tenant.id;
}

/** Two-factor authentication off for the caller, with no setup waiting. */
async function twoFactorOff(c: CaseCtx) {
  await c.w.t.knex('users').where({ id: me(c) }).update({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: null });
}

/** A six-digit code other than `code` (each digit moved on by one). */
const otherCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

/** The throwaway sessions of a user (world.ts marks them), as a raw condition on `sessions`. */
const THROWAWAY_SESSIONS_OF = `sess->>'userId' = ? and sess->>'throwaway' = 'true'`;

/**
 * A cell's lead: its agency's staff, and the owner of the property (and its delegate), whoever
 * manages it (issue 32: every lead reaches a person); the super admin.
 */
function leadSees(a: ActorKey, cell: Cell) {
  if (agencySees(a, cell)) return true;
  const role = isUser(a) ? PROFILES[a].role : null;
  return (role === 'propietario_individual' || role === 'propietario_delegado') && staffSees(a, cell);
}

function staffSeesTarget(a: ActorKey, target: string) {
  return staffSees(a, cellOf(target));
}
/** A cell's contract and what hangs off it: its staff and its tenant; a neighbour's: the staff only. */
function partySeesTarget(a: ActorKey, target: string) {
  return isNeighbour(target) ? staffSees(a, cellOf(target)) : partySees(a, cellOf(target));
}
function randomName() {
  return '00000000-0000-4000-8000-000000000000';
}

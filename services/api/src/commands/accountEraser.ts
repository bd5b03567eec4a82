import { randomBytes } from 'node:crypto';
import {
  ERASED_FIRST_NAME,
  ERASED_LAST_NAME,
  ERASURE_ALREADY_DONE,
  ERASURE_LAST_AGENCY_MANAGER,
  ERASURE_LAST_SUPER_ADMIN,
  ERASURE_ONLY_TENANTS,
  ERASURE_OWN_ACTIVE_CONTRACT,
  ERASURE_OWNER_ACTIVE_CONTRACTS,
  ERASURE_TENANT_ACTIVE_CONTRACT,
  erasedEmail,
  isTotpCode,
  TWO_FACTOR_CODE_ERROR,
  type AccountErasureData,
  type ErasureResult,
} from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { canonicalRole, type RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import type { Config } from '../env';
import { afterCommit, inTransaction } from '../db/afterCommit';
import { HttpError, validationError } from '../errors';
import { User } from '../models/User';
import { hashPassword, verifyPassword } from '../passwords';
import { lockRows, loadInScope } from '../policies/inScope';
import { manageableScope } from '../policies/manageable';
import { scopeContracts } from '../policies/scope';
import { lockUserRow } from '../queries/userRows';
import { endSessions } from '../sessions';
import { documentsDir, exportsDir, removeStored, reportsDir } from '../storage/files';
import { hashRecoveryCode, matchTotp } from '../twoFactor';
import { PROFILE_PHOTO_PATH } from './accountSettings';
import { deleteDataExportsOf, withdrawLiveExports } from './dataExporter';
import { replacePersonFields, scrubberFor, type Identity, type Scrubber } from './personalData';
import { twoFactorOn, WRONG_CODE } from './twoFactorSettings';

/**
 * The right to erasure (RGPD art. 17; issue 35, point 3): a person erases their own account, or
 * the landlord's side erases a former tenant's personal data. One transaction:
 *
 * - the users row is pseudonymised ('Persona eliminada', eliminado-<id>@arrendia.invalid, phone,
 *   NIF, address, IBAN and photo gone, a password nobody knows, two-factor off, inactive, erasedAt);
 *   the photo's file goes once the transaction commits;
 * - what only served the account goes: sessions, presence, password-reset and email links, the
 *   sign-in attempts and throttle rows of its addresses, its own notifications, report schedules
 *   and stored reports, its delegations, its pending invitations, its data exports (and the files
 *   of every other export still downloadable, which may hold a copy: their links end);
 * - where the product copied the person's data, the copy is replaced and the row kept: audit_log
 *   values, notifications that name them, mail addressed to them (address and name replaced, the
 *   body blanked) or naming them, the leads and visits they made, invitations and consent requests
 *   to their address, the contacts of listings; in what they wrote (messages, incidents, incident
 *   comments) only their email, phone, NIF and IBAN written out literally are redacted: the
 *   conversation stays readable for the other party;
 * - stored reports of others that listed them (the tenants report) are deleted: the PDF cannot be
 *   rewritten, and a new one names 'Persona eliminada';
 * - what the law requires keeping stays and keeps pointing to the pseudonymised row: contracts
 *   (LAU) and their rent charges and payments for the limitation periods (Código Civil art. 1964.2:
 *   five years for personal actions; Ley General Tributaria art. 66: four years; Código de Comercio
 *   art. 30: six years for books and vouchers), their documents, and the audit trail (its rows
 *   stay, their values scrubbed);
 * - one audit row records the erasure itself: who asked, when, whose account, how much was
 *   touched, and none of the personal data.
 *
 * Refused (409) where erasing would break what someone else relies on:
 * - the last active super admin (nobody could administer the platform);
 * - a party to a contract still in force, whatever their role (the landlord needs to identify the
 *   other party until it ends; a contract is in force until it is 'Finalizado' or its end date has
 *   passed; a 'Pendiente' one is about to begin and counts as in force);
 * - an owner with properties whose contracts are in force (the tenants' landlord would become
 *   nobody): they hand the properties over or end those contracts first;
 * - the last active manager of an agency that manages properties (the agency would be left with
 *   nobody to answer for them).
 * Allowed, with their traces handled: an agent (the properties and leads in its charge go back to
 *   its agency's pipeline); a delegated owner (the delegation ends); an owner whose properties have
 *   no contract in force (the properties stay, their owner named 'Persona eliminada'); a manager of
 *   an agency with no properties, or not the last one. A landlord erases only a tenant's account
 *   (any other role erases its own), and never an account already erased.
 */

type Db = Knex | Knex.Transaction;

const WRONG_PASSWORD = 'La contraseña actual no es correcta';
const TENANT_NOT_FOUND = 'No se ha encontrado el inquilino';
const BLANKED_MAIL = 'Contenido eliminado: se han suprimido los datos personales del destinatario.';
const NOT_SENT = 'No se envía: se han suprimido los datos personales del destinatario';

/** Where the files an erasure removes live. */
export interface ErasureStorage {
  photosDir: string;
  reportsDir: string;
  /** The ZIPs of 'Exportar mis datos'. */
  exportsDir: string;
}

/** The profile photos' folder (as routes/settings stores them) and the reports' folder of a configuration. */
export const erasureStorage = (config: Config): ErasureStorage => ({ photosDir: `${documentsDir(config)}/profile-photos`, reportsDir: reportsDir(config), exportsDir: exportsDir(config) });

/**
 * The password an erased account keeps: the hash of a random secret made once per process and never
 * stored, so nobody can sign in with it, and no erasure waits for argon2 inside its transaction
 * (a landlord's erasure runs in the route's transaction).
 */
let erasedPassword: Promise<string> | undefined;
const unusablePassword = () => (erasedPassword ??= hashPassword(randomBytes(32).toString('base64url')));

/** A contract still in force on `today` (Madrid): not 'Finalizado', and its end date (if any) not passed. */
const IN_FORCE = `contracts.status <> 'Finalizado' and (contracts."endDate" is null or contracts."endDate" >= ?)`;

// ---------------------------------------------------------------------------------------------
// Entry points

/**
 * POST /api/account/erasure: the signed-in person erases their own account, with their password
 * (and a code of the app, or a recovery code, when two-factor authentication is on). argon2 runs
 * before the transaction opens (PGlite has one connection), as in commands/accountSecurity.ts.
 */
export async function eraseOwnAccount(knex: Knex, user: User, input: AccountErasureData, storage: ErasureStorage): Promise<ErasureResult> {
  if (!(await verifyPassword(user.password, input.currentPassword))) throw validationError(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  const passwordHash = await unusablePassword();
  return inTransaction(knex, async (trx) => {
    const locked = await lockUserRow(trx, user.id);
    if (twoFactorOn(locked)) checkSecondFactor(locked, input.code);
    const role = canonicalRole(user.role?.roleName);
    await refuseWhatErasureWouldBreak(trx, locked, role, 'self');
    return erase(trx, locked, { actorId: user.id, requestedBy: 'self', passwordHash, storage });
  });
}

/**
 * POST /api/tenants/:id/erasure: the owner, agency manager or super admin who manages one of the
 * tenant's contracts erases the tenant's personal data once none of its contracts is in force.
 * 404 unless the caller manages a contract of that tenant (its existence stays hidden).
 */
export async function eraseFormerTenant(trx: Knex.Transaction, actor: User, tenantId: number, storage: ErasureStorage): Promise<ErasureResult> {
  await loadInScope(
    trx('tenants_contracts').join('contracts', 'contracts.id', 'tenants_contracts.contractId').where('tenants_contracts.tenantUserId', tenantId).select('contracts.id'),
    { scope: manageableScope(trx, actor, 'contracts.mainPropertyId'), notFound: TENANT_NOT_FOUND },
  );
  const passwordHash = await unusablePassword();
  const target = await lockUserRow(trx, tenantId);
  const roleRow: { roleName: string } | undefined = await trx('roles').where('id', target.roleId).first('roleName');
  const role = canonicalRole(roleRow?.roleName);
  if (target.erasedAt) throw new HttpError(409, 'already_erased', ERASURE_ALREADY_DONE);
  if (role !== 'inquilino') throw new HttpError(409, 'not_a_tenant', ERASURE_ONLY_TENANTS);
  await refuseWhatErasureWouldBreak(trx, target, role, 'landlord');
  return erase(trx, target, { actorId: actor.id, requestedBy: 'landlord', passwordHash, storage });
}

// ---------------------------------------------------------------------------------------------
// Checks

/** 400 on `code` unless it is the user's current app code or one of their unused recovery codes (nothing is spent: the account goes). */
function checkSecondFactor(user: User, code: string | undefined): void {
  if (!code) throw validationError(TWO_FACTOR_CODE_ERROR, { code: TWO_FACTOR_CODE_ERROR });
  const good = isTotpCode(code)
    ? Boolean(user.twoFactorSecret) && matchTotp(user.twoFactorSecret!, code, user.twoFactorLastStep) !== null
    : (user.twoFactorRecoveryCodes ?? []).includes(hashRecoveryCode(user.id, code));
  if (!good) throw validationError(WRONG_CODE, { code: WRONG_CODE });
}

async function refuseWhatErasureWouldBreak(trx: Knex.Transaction, user: User, role: RoleName | null, by: 'self' | 'landlord'): Promise<void> {
  const today = todayIso();
  if (role === 'super_admin') {
    // Locked in id order, as userAdministrator's rule does: of two super admins erasing themselves at once, the second waits and sees one left.
    const active = await lockRows<{ id: number }>(
      trx('users').join('roles', 'roles.id', 'users.roleId').where({ 'roles.roleName': 'super_admin', 'users.isActive': true }).orderBy('users.id').select('users.id'),
      'users',
    );
    if (active.length <= 1 && active.some((a) => a.id === user.id)) throw new HttpError(409, 'last_super_admin', ERASURE_LAST_SUPER_ADMIN);
  }
  const party = await trx('tenants_contracts').join('contracts', 'contracts.id', 'tenants_contracts.contractId').where('tenants_contracts.tenantUserId', user.id).whereRaw(IN_FORCE, [today]).first('contracts.id');
  if (party) throw new HttpError(409, 'contract_in_force', by === 'self' ? ERASURE_OWN_ACTIVE_CONTRACT : ERASURE_TENANT_ACTIVE_CONTRACT);
  const owned = await trx('contracts').join('main_properties', 'main_properties.id', 'contracts.mainPropertyId').where('main_properties.ownerUserId', user.id).whereRaw(IN_FORCE, [today]).first('contracts.id');
  if (owned) throw new HttpError(409, 'owner_contracts_in_force', ERASURE_OWNER_ACTIVE_CONTRACTS);
  if (role === 'admin_agencia' && user.agencyId) {
    const managers = await lockRows<{ id: number }>(
      trx('users')
        .join('roles', 'roles.id', 'users.roleId')
        .where({ 'roles.roleName': 'admin_agencia', 'users.agencyId': user.agencyId, 'users.isActive': true })
        .orderBy('users.id')
        .select('users.id'),
      'users',
    );
    const others = managers.filter((m) => m.id !== user.id);
    if (!others.length && (await trx('main_properties').where('managerAgencyId', user.agencyId).first('id'))) {
      throw new HttpError(409, 'last_agency_manager', ERASURE_LAST_AGENCY_MANAGER);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What the person was

const lower = (values: (string | null | undefined)[]) => values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim().toLowerCase());
const present = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());

/** The person's data now and every earlier value of it the audit trail and the links kept. */
async function identityOf(trx: Knex.Transaction, user: User): Promise<Identity> {
  const history: { oldValues: Record<string, unknown> | null; newValues: Record<string, unknown> | null }[] = await trx('audit_log')
    .where({ tableName: 'users', recordId: String(user.id) })
    .select('oldValues', 'newValues');
  const values = history.flatMap((h) => [h.oldValues ?? {}, h.newValues ?? {}]);
  const field = (key: string) => values.map((v) => v[key]);
  const links: { email: string | null }[] = [
    ...(await trx('email_verifications').where('userId', user.id).select('email')),
    ...(await trx('password_resets').where('userId', user.id).select('sentToEmail as email')),
    ...(await trx('tenant_invitations').where('acceptedByUserId', user.id).select('email')),
  ];
  const ownerInvitations: { email: string; firstName: string; lastName: string }[] = await trx('owner_invitations').where('acceptedByUserId', user.id).select('email', 'firstName', 'lastName');
  return {
    userId: user.id,
    emails: [...new Set(lower([user.email, ...links.map((l) => l.email), ...ownerInvitations.map((i) => i.email), ...(field('email') as string[]), ...(field('pendingEmail') as string[])]))],
    firstNames: present([user.firstName, ...ownerInvitations.map((i) => i.firstName), ...field('firstName')]),
    lastNames: present([user.lastName, ...ownerInvitations.map((i) => i.lastName), ...field('lastName')]),
    phones: present([user.telefono, ...field('telefono')]),
    nifs: present([user.nifCif, ...field('nifCif')]),
    ibans: present([user.ibanBancaria, ...field('ibanBancaria')]),
    addresses: present([user.direccionFiscal, ...field('direccionFiscal')]),
    replacementEmail: erasedEmail(user.id),
  };
}

// ---------------------------------------------------------------------------------------------
// The erasure

interface EraseOptions {
  actorId: number;
  requestedBy: 'self' | 'landlord';
  passwordHash: string;
  storage: ErasureStorage;
}

/** A delete's or an update's count: pg answers a number; the PGlite driver, inside a transaction, its raw result. */
const affected = (result: unknown) => (typeof result === 'number' ? result : Number((result as { rowCount?: number } | null)?.rowCount ?? 0));

const jsonb = (value: unknown) => (value == null ? null : JSON.stringify(value));

/** The rows whose `column`, compared without case, is one of `values` (addresses are stored as typed in some tables). */
const oneOf = (column: string, values: string[]) => (q: Knex.QueryBuilder) =>
  values.length ? q.whereRaw(`lower(??) in (${values.map(() => '?').join(', ')})`, [column, ...values]) : q.whereRaw('false');

async function erase(trx: Knex.Transaction, user: User, options: EraseOptions): Promise<ErasureResult> {
  const identity = await identityOf(trx, user);
  const everything = scrubberFor(identity, 'all');
  const contact = scrubberFor(identity, 'contact');
  const emails = identity.emails;
  const erasedAt = new Date();
  const counts: Record<string, number> = {};

  // What only served the account.
  counts.sessions = await endSessions(trx, user.id);
  await trx('user_presence').where('userId', user.id).delete();
  await trx('password_resets').where('userId', user.id).delete();
  await trx('email_verifications').where('userId', user.id).delete();
  await trx('login_attempts').where(oneOf('email', emails)).delete();
  await trx('throttle_hits').where(oneOf('key', emails)).delete();
  counts.notificationsDeleted = affected(await trx('notifications').where('recipientUserId', user.id).delete());
  await trx('owner_delegations').where('ownerUserId', user.id).orWhere('delegateUserId', user.id).delete();
  await trx('main_properties').where('assignedAgentUserId', user.id).update({ assignedAgentUserId: null });
  await trx('leads').where('assignedAgentUserId', user.id).update({ assignedAgentUserId: null });
  counts.reportsDeleted = await deleteReports(trx, user, options.storage.reportsDir);
  await trx('report_schedules').where('userId', user.id).delete();
  // Their own data exports go; anyone else's that is still downloadable may hold a copy of their
  // data (a landlord's tenants, a partner's messages, an agency's leads): its link ends now.
  counts.exportsDeleted = await deleteDataExportsOf(trx, user.id, options.storage.exportsDir);
  counts.exportsWithdrawn = await withdrawLiveExports(trx, options.storage.exportsDir, erasedAt);
  await invitationsAndRequests(trx, user, identity);

  // The copies of the person's data, replaced where they are.
  counts.leads = await leadsAndVisits(trx, identity, everything, contact);
  counts.mail = await mail(trx, user, identity, everything);
  counts.notifications = await scrubColumns(trx, 'notifications', ['title', 'message'], everything);
  counts.auditRows = await auditTrail(trx, user, identity, everything);
  counts.conversations = await scrubColumns(trx, 'conversations', ['title'], everything);
  counts.listings = await scrubColumns(trx, 'unit_listings', ['contactName', 'contactPhone', 'contactEmail'], everything);
  counts.messages = await scrubColumns(trx, 'messages', ['content'], contact, (q) => q.where('senderUserId', user.id));
  counts.incidents = await scrubColumns(trx, 'incidents', ['title', 'description'], contact, (q) => q.where('reportedByUserId', user.id));
  counts.incidentComments = await scrubColumns(trx, 'incident_comments', ['content'], contact, (q) => q.where('userId', user.id));
  counts.importRows = await importRows(trx, everything);

  // The row itself, pseudonymised; what the law keeps still points to it.
  await User.query(trx).findById(user.id).patch({
    firstName: ERASED_FIRST_NAME,
    lastName: ERASED_LAST_NAME,
    email: identity.replacementEmail,
    telefono: null,
    nifCif: null,
    direccionFiscal: null,
    ibanBancaria: null,
    profileImageUrl: null,
    profileImageSizeKb: null,
    password: options.passwordHash,
    twoFactorSecret: null,
    twoFactorEnabledAt: null,
    twoFactorLastStep: null,
    twoFactorRecoveryCodes: null,
    notificationPrefs: null,
    emailVerifiedAt: null,
    isActive: false,
    lastPasswordChange: erasedAt,
    erasedAt,
  });
  const photo = user.profileImageUrl?.startsWith(PROFILE_PHOTO_PATH) ? user.profileImageUrl.slice(PROFILE_PHOTO_PATH.length) : null;
  if (photo) afterCommit(trx, () => removeStored(options.storage.photosDir, photo));

  // The erasure's own record: who asked, when and on whose account; no personal data.
  await audit(trx, { userId: options.actorId, action: 'erase', tableName: 'users', recordId: user.id, oldValues: null, newValues: { requestedBy: options.requestedBy, erasedAt, ...counts } });
  return { userId: user.id, erasedAt: erasedAt.toISOString() };
}

/**
 * The rows of spreadsheets imported or previewed (issue 35) that hold a datum of the person: the
 * file's cells and the values read from them are emptied (the row stays, so the import's report
 * and numbering do not change). A landlord's list of tenants is a copy of the person's data.
 */
async function importRows(trx: Knex.Transaction, scrubber: Scrubber): Promise<number> {
  if (!scrubber.pgPattern) return 0;
  const matching = trx('import_rows')
    .where((q) => q.whereRaw('cells::text ~* ?', [scrubber.pgPattern]).orWhereRaw('"values"::text ~* ?', [scrubber.pgPattern]))
    .update({ cells: JSON.stringify([]), values: JSON.stringify({}) });
  return affected(await matching);
}

/**
 * Rows of `table` whose `columns` hold a datum of the person (a PostgreSQL regular expression picks
 * the candidates, the scrubber replaces exactly), updated in place; `narrow` limits the rows (the
 * person's own messages). Returns how many rows changed. Without `narrow` the table is read whole
 * (the audit log, the notifications, the outbox): an erasure is rare, and a copy missed is worse
 * than a slow request.
 */
async function scrubColumns(trx: Knex.Transaction, table: string, columns: string[], scrubber: Scrubber, narrow?: (q: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<number> {
  if (!scrubber.pgPattern) return 0;
  const query = trx(table).select('id', ...columns);
  if (narrow) narrow(query);
  query.where((q) => {
    for (const column of columns) q.orWhereRaw('??::text ~* ?', [column, scrubber.pgPattern]);
  });
  const rows: Record<string, unknown>[] = await query;
  if (!rows.length) return 0;
  // '[dato eliminado]' is longer than a phone number: a replaced text still fits its column.
  const limits: { column_name: string; max: number | null }[] = await trx('information_schema.columns')
    .whereRaw('table_schema = current_schema()')
    .where('table_name', table)
    .whereIn('column_name', columns)
    .select('column_name', 'character_maximum_length as max');
  const maxOf = new Map(limits.map((l) => [l.column_name, l.max == null ? null : Number(l.max)]));
  let changed = 0;
  for (const row of rows) {
    const patch: Record<string, unknown> = {};
    for (const column of columns) {
      const value = row[column];
      if (typeof value !== 'string') continue;
      const max = maxOf.get(column);
      const scrubbed = max ? scrubber.text(value).slice(0, max) : scrubber.text(value);
      if (scrubbed !== value) patch[column] = scrubbed;
    }
    if (Object.keys(patch).length) {
      await trx(table).where('id', row.id as number).update(patch);
      changed += 1;
    }
  }
  return changed;
}

/** The audit trail keeps its rows: the person's own users rows lose their person fields, every other row the data it copied. */
async function auditTrail(trx: Knex.Transaction, user: User, identity: Identity, scrubber: Scrubber): Promise<number> {
  const query = trx('audit_log')
    .select('id', 'tableName', 'recordId', 'oldValues', 'newValues')
    .where((q) => {
      q.where({ tableName: 'users', recordId: String(user.id) });
      if (scrubber.pgPattern) q.orWhereRaw(`"oldValues"::text ~* ?`, [scrubber.pgPattern]).orWhereRaw(`"newValues"::text ~* ?`, [scrubber.pgPattern]);
    });
  const rows: { id: number; tableName: string; recordId: string | null; oldValues: Record<string, unknown> | null; newValues: Record<string, unknown> | null }[] = await query;
  let changed = 0;
  for (const row of rows) {
    const own = row.tableName === 'users' && row.recordId === String(user.id);
    const clean = (values: Record<string, unknown> | null) => (values ? scrubber.json(own ? replacePersonFields(values, identity) : values) : values);
    const oldValues = clean(row.oldValues);
    const newValues = clean(row.newValues);
    if (JSON.stringify(oldValues) === JSON.stringify(row.oldValues) && JSON.stringify(newValues) === JSON.stringify(row.newValues)) continue;
    await trx('audit_log').where('id', row.id).update({ oldValues: jsonb(oldValues), newValues: jsonb(newValues) });
    changed += 1;
  }
  return changed;
}

/** Mail addressed to the person: address and name replaced, the body blanked, not sent if still waiting; mail to others that named them: scrubbed. */
async function mail(trx: Knex.Transaction, user: User, identity: Identity, scrubber: Scrubber): Promise<number> {
  const theirs = (q: Knex.QueryBuilder) => q.where('userId', user.id).orWhere(oneOf('toAddress', identity.emails));
  const addressed = affected(
    await trx('outbox_messages')
      .where(theirs)
      .update({
        toAddress: identity.replacementEmail,
        toName: null,
        html: BLANKED_MAIL,
        text: BLANKED_MAIL,
        headers: '{}',
        state: trx.raw(`case when state = 'pendiente' then 'fallido' else state end`),
        lastError: trx.raw(`case when state = 'pendiente' then ? else "lastError" end`, [NOT_SENT]),
        claimedUntil: null,
      }),
  );
  // Their subjects, and the mail to others that named them.
  return addressed + (await scrubColumns(trx, 'outbox_messages', ['subject', 'html', 'text'], scrubber));
}

/** The leads the person sent from the public site (by their address) and the visits arranged from them or to their address. */
async function leadsAndVisits(trx: Knex.Transaction, identity: Identity, everything: Scrubber, contact: Scrubber): Promise<number> {
  const leads: { id: number; message: string; notes: string | null }[] = await trx('leads').where(oneOf('email', identity.emails)).select('id', 'message', 'notes');
  for (const lead of leads) {
    await trx('leads')
      .where('id', lead.id)
      .update({
        name: `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`,
        email: identity.replacementEmail,
        phone: null,
        ipAddress: null,
        message: contact.text(lead.message),
        notes: lead.notes == null ? null : everything.text(lead.notes),
      });
  }
  const visits: { id: number; notes: string | null }[] = await trx('visits')
    .whereIn('leadId', leads.map((l) => l.id))
    .orWhere(oneOf('contactEmail', identity.emails))
    .select('id', 'notes');
  for (const visit of visits) {
    await trx('visits')
      .where('id', visit.id)
      .update({ contactName: `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`, contactPhone: null, contactEmail: null, notes: visit.notes == null ? null : everything.text(visit.notes) });
  }
  // A lead or visit of someone else that mentions them in its staff notes.
  await scrubColumns(trx, 'leads', ['notes'], everything);
  await scrubColumns(trx, 'visits', ['notes'], everything);
  return leads.length + visits.length;
}

/**
 * Invitations and consent requests: those to the person's address that wait are deleted (tenant,
 * owner) or cancelled (consent), the used ones keep their row with the address replaced; those the
 * person sent that wait stop working (revoked, cancelled).
 */
async function invitationsAndRequests(trx: Knex.Transaction, user: User, identity: Identity): Promise<void> {
  const now = new Date();
  const toThem = (q: Knex.QueryBuilder) => q.where(oneOf('email', identity.emails)).orWhere('acceptedByUserId', user.id);
  for (const table of ['tenant_invitations', 'owner_invitations']) {
    await trx(table).where(toThem).whereNull('acceptedAt').delete();
    await trx(table).where(toThem).update(table === 'owner_invitations' ? { email: identity.replacementEmail, firstName: ERASED_FIRST_NAME, lastName: ERASED_LAST_NAME } : { email: identity.replacementEmail });
    await trx(table).where('invitedByUserId', user.id).whereNull('acceptedAt').whereNull('revokedAt').update({ revokedAt: now });
  }
  await trx('consent_requests')
    .where((q) => q.where(oneOf('email', identity.emails)).orWhere('requestedByUserId', user.id).orWhere('ownerUserId', user.id))
    .where('status', 'Pendiente')
    .update({ status: 'Cancelada', respondedAt: now });
  await trx('consent_requests').where(oneOf('email', identity.emails)).update({ email: identity.replacementEmail });
}

/**
 * Stored reports that hold the person's name: their own, those of a delegate about their portfolio,
 * and every tenants report whose period overlaps one of their contracts and whose author saw it.
 * The rows go now, the files once the transaction commits.
 */
async function deleteReports(trx: Knex.Transaction, user: User, dir: string): Promise<number> {
  const contracts: { id: number; startDate: string; endDate: string | null }[] = await trx('tenants_contracts')
    .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
    .where('tenants_contracts.tenantUserId', user.id)
    .select('contracts.id', trx.raw(`to_char(contracts."startDate", 'YYYY-MM-DD') as "startDate"`), trx.raw(`to_char(contracts."endDate", 'YYYY-MM-DD') as "endDate"`));
  const doomed: { id: number; filePath: string }[] = await trx('reports').where('userId', user.id).orWhere('ownerUserId', user.id).select('id', 'filePath');
  if (contracts.length) {
    const candidates: { id: number; filePath: string; userId: number; periodFrom: string; periodTo: string }[] = await trx('reports')
      .where('reportType', 'tenants')
      .whereNot('userId', user.id)
      .select('id', 'filePath', 'userId', trx.raw(`to_char("periodFrom", 'YYYY-MM-DD') as "periodFrom"`), trx.raw(`to_char("periodTo", 'YYYY-MM-DD') as "periodTo"`));
    for (const report of candidates) {
      const overlapping = contracts.filter((c) => c.startDate <= report.periodTo && (c.endDate === null || c.endDate >= report.periodFrom)).map((c) => c.id);
      if (!overlapping.length) continue;
      const author = await User.query(trx).findById(report.userId).withGraphFetched('role');
      if (author && (await sawContract(trx, author, overlapping))) doomed.push(report);
    }
  }
  const files = new Map(doomed.map((r) => [r.id, r.filePath]));
  if (!files.size) return 0;
  await trx('reports').whereIn('id', [...files.keys()]).delete();
  for (const filePath of files.values()) afterCommit(trx, () => removeStored(dir, filePath));
  return files.size;
}

/** Whether `user` may see one of the contracts. */
async function sawContract(db: Db, user: User, contractIds: number[]): Promise<boolean> {
  return Boolean(await scopeContracts(db, db('contracts').whereIn('contracts.id', contractIds).select('contracts.id'), user).first());
}

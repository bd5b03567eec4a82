/**
 * The write endpoints the fuzz test (fuzz.test.ts) covers, each with who may call it, the real
 * in-scope ids of its path and a valid body to mutate, so that a payload reaches validation and
 * the handler instead of stopping at 401/403/404. A write route missing here fails the test.
 */
import { randomBytes } from 'node:crypto';
import type { RoleName } from '@arrendia/permissions';
import { DOCUMENT_MAX_BYTES, IMPORT_MAX_BYTES, INCIDENT_PHOTO_MAX_BYTES, LISTING_PHOTO_MAX_BYTES, ListingCreateSchema, PROFILE_PHOTO_MAX_BYTES } from '@arrendia/api-contract';
import { cifControl } from '@arrendia/locale-es';
import { addListingPhoto, publishListing } from '../commands/listingPublisher';
import { settleDataExports } from '../commands/dataExporter';
import { settleImportJobs } from '../commands/importCommitter';
import { createImportPreview } from '../commands/importer';
import { inviteOwner } from '../commands/ownerInviter';
import { startFakeIne, type FakeIne } from '../indexValues/fakeIne';
import { inTransaction } from '../db/afterCommit';
import { hashToken } from '../queries/tenantInvitations';
import type { User } from '../models/User';
import { listingPhotosDir, prepareListingPhoto } from '../storage/listingPhotos';
import { realPngBytes } from './world';
import { buildAgency, buildContract, buildConversation, buildIncident, buildLead, buildProperty, buildTransaction, buildUnit, buildUser, delegate, enableTwoFactorFor, FACTORY_PASSWORD } from '../test/factories';
import { newTotpSecret, totpCode } from '../twoFactor';
import type { TestApp } from '../test/support';
import { clearFailedLogins, clearThrottles, signIn, type Client } from './fuzzHarness';
import type { FilePart, Json } from './fuzzPayloads';

const VALID_NIF = '12345678Z';
const VALID_IBAN = 'ES9121000418450200051332';
const VALID_PHONE = '600123456';
/** A valid CIF of an association (G), different for each `n`. */
const validCif = (n: number) => {
  const first8 = `G${String(n % 10_000_000).padStart(7, '0')}`;
  return `${first8}${cifControl(first8).digit}`;
};

export interface World {
  t: TestApp;
  admin: User;
  owner: User;
  manager: User;
  agente: User;
  agente2: User;
  tenant: User;
  agencyId: number;
  propertyId: number;
  freeUnitId: number;
  rentedUnitId: number;
  contractId: number;
  listingId: number;
  leadId: number;
  incomeCategoryId: number;
  remoteName: string;
  /** Signed-in sessions of the admin and the owner, for fixtures made through the API (tokens); set by the test. */
  clients: { admin: Client; owner: Client };
  /** A number never given before in this run (unique emails, codes, periods). */
  next(): number;
}

/** Where every id sequence restarts before the world is built (see buildWorld). */
export const FIRST_WORLD_ID = 1000;

export async function buildWorld(t: TestApp): Promise<World> {
  const { knex } = t;
  let n = 0;
  // Fuzzed path segments such as '00000000001' or '%201' are valid ids (1): ids below 1000 name
  // nothing the fuzz runs on, so a wrong id in the path can only miss (404), never archive,
  // delete or deactivate what the other routes are using.
  await knex.raw(
    `select setval(format('%I.%I', sequence_schema, sequence_name)::regclass, ?) from information_schema.sequences where sequence_schema = current_schema()`,
    [FIRST_WORLD_ID],
  );
  const agency = await buildAgency(knex);
  const admin = await buildUser(knex, { roleName: 'super_admin' });
  const owner = await buildUser(knex, { roleName: 'propietario_individual' });
  const manager = await buildUser(knex, { roleName: 'admin_agencia', agencyId: agency.id });
  const agente = await buildUser(knex, { roleName: 'agente', agencyId: agency.id });
  const agente2 = await buildUser(knex, { roleName: 'agente', agencyId: agency.id });
  const tenant = await buildUser(knex, { roleName: 'inquilino' });
  await knex('users').where('id', owner.id).update({ ibanBancaria: VALID_IBAN });
  const property = await buildProperty(knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  await knex('main_properties').where('id', property.id).update({ assignedAgentUserId: agente.id });
  const freeUnit = await buildUnit(knex, { mainPropertyId: property.id });
  const rentedUnit = await buildUnit(knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const contract = await buildContract(knex, { rentableUnitId: rentedUnit.id, tenantUserIds: [tenant.id], startDate: '2026-01-01', endDate: '2027-12-31' });
  const lead = await buildLead(knex, { rentableUnitId: freeUnit.id, agencyId: agency.id, recipientUserId: owner.id, assignedAgentUserId: agente.id });
  const category = await knex('transaction_categories').where({ categoryName: 'Alquiler' }).first('id');
  const remote = await knex('remotes').orderBy('name').first('name');
  return {
    t,
    admin,
    owner,
    manager,
    agente,
    agente2,
    tenant,
    agencyId: agency.id,
    propertyId: property.id,
    freeUnitId: freeUnit.id,
    rentedUnitId: rentedUnit.id,
    contractId: contract.id,
    listingId: lead.listingId,
    leadId: lead.id,
    incomeCategoryId: category.id,
    remoteName: remote.name,
    clients: null as unknown as World['clients'],
    next: () => ++n,
  };
}

/** What one route's payloads are built on: its path values (in the order of the path's :names) and valid body or form fields. */
export interface Fixture {
  params?: (string | number)[];
  /** A valid JSON body; called per payload, so that unique values stay unique. */
  body?: () => Record<string, Json>;
  /** Valid multipart text fields (the file part is added by the plan). */
  fields?: () => Record<string, string>;
}

export interface RouteSpec {
  /** Nobody, or the user that signs in to call it (a function: a user of the route's own). */
  actor: 'anonymous' | ((w: World) => User | Promise<User>);
  fixtures?: (w: World, actor: User | null, client: Client | null) => Promise<Fixture> | Fixture;
  /**
   * What a 2xx used up: 'fixtures' re-runs them (the incident moved on, the token was spent),
   * 'actor' also signs a new user of its own in (the password changed, the session ended).
   */
  refresh?: 'fixtures' | 'actor';
  /** A multipart upload: its file limit in bytes, and the valid file of its baseline when a PNG is not one (an import's CSV). */
  multipart?: { maxBytes: number; validFile?: FilePart };
  /** Runs before every payload. */
  beforeEach?: (w: World) => Promise<void>;
  /** A fresh app (its in-memory throttles reset) after this many 2xx. */
  freshAppEvery?: number;
  /** Tables the route writes on purpose when it refuses (a warning to the user), left out of its partial-write check. */
  writesOnRefusal?: readonly string[];
}

let fakeIne: Promise<FakeIne> | null = null;
/** Points the app at a local server answering the INE's recorded responses (started once, never keeping the process alive). */
async function pointAtFakeIne(w: World): Promise<void> {
  fakeIne ??= startFakeIne();
  w.t.config.ineApiUrl = (await fakeIne).url;
}

/** A user of the route's own: what it does to its account and sessions touches no other route. */
const ownUser = (roleName: RoleName) => (w: World) => buildUser(w.t.knex, { roleName });

/** A pending delegation request (consent_requests, issue 30) from a fresh owner to `to`'s email; made by `from` when given. */
async function pendingDelegation(w: World, to: User, from?: User): Promise<number> {
  const owner = from ?? (await buildUser(w.t.knex, { roleName: 'propietario_individual' }));
  const email = from ? `fuzz.delegado${Date.now()}.${Math.random()}@prueba.arrendia.es` : to.email.toLowerCase();
  const [row] = await w.t.knex('consent_requests').insert({ kind: 'delegation', requestedByUserId: owner.id, ownerUserId: owner.id, email }).returning('id');
  return row.id;
}
const answerRequest = {
  actor: ownUser('propietario_delegado'),
  fixtures: async (w: World, actor: User | null) => ({ params: [await pendingDelegation(w, actor!)], body: () => ({}) }),
  refresh: 'fixtures' as const,
};

/** A tenant whose contract on a unit of the world's property has ended (issue 35: the landlord may erase it); its id. */
async function formerTenant(w: World): Promise<number> {
  const tenant = await buildUser(w.t.knex, { roleName: 'inquilino' });
  const unit = await buildUnit(w.t.knex, { mainPropertyId: w.propertyId });
  await buildContract(w.t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], status: 'Finalizado', startDate: '2024-01-01', endDate: '2025-12-31' });
  return tenant.id;
}

/** A live email-confirmation link (issue 34) of `userId` for `email`, written straight to the table (no mail); its token. */
async function emailLink(w: World, userId: number, purpose: 'verify' | 'change', email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await w.t.knex('email_verifications').insert({ userId, email, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

/** A date-time `hours` from now, on the hour, as the visit form sends it. */
function inHours(hours: number): string {
  const d = new Date();
  d.setUTCMinutes(0, 0, 0);
  d.setUTCHours(d.getUTCHours() + hours);
  return d.toISOString();
}

async function newIncident(w: World, reportedByUserId: number | null = null) {
  return buildIncident(w.t.knex, { rentableUnitId: w.rentedUnitId, contractId: w.contractId, reportedByUserId });
}

/** A proposed rent update of the world's contract (issue 36), each with its own anniversary. */
async function fuzzRentUpdate(w: World): Promise<number> {
  const n = w.next();
  const [row] = await w.t
    .knex('rent_updates')
    .insert({ contractId: w.contractId, anniversary: `${2200 + n}-06-01`, status: 'propuesta', mechanism: 'fixed_percentage', referenceMonth: `${2200 + n}-04`, oldRent: '950.00', clausePercent: '3', allowedPercent: '3', percent: '3', newRent: '978.50', explanation: '[]' })
    .returning('id');
  return row.id;
}

async function rentCharge(w: World, status = 'Pendiente'): Promise<number> {
  const n = w.next();
  const period = `${2100 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  const [row] = await w.t
    .knex('rent_charges')
    .insert({ contractId: w.contractId, period, dueDate: `${period}-05`, amount: '950.00', reference: `ARR-FUZZ-${n}`, status })
    .returning('id');
  return row.id;
}

const json = async (client: Client | null, method: string, path: string, body?: unknown) => {
  const res = await client!.json(method, path, body);
  if (res.status >= 300) throw new Error(`Preparación del fuzz: ${method} ${path} → ${res.status} ${res.text}`);
  return JSON.parse(res.text || 'null');
};

/** Every write route of the API, by 'METHOD /api/path' exactly as the router names it. */
export const ROUTES: Record<string, RouteSpec> = {
  // ---- auth
  'POST /api/auth/register': {
    actor: 'anonymous',
    fixtures: (w) => ({ body: () => ({ email: `fuzz.registro${w.next()}@prueba.arrendia.es`, password: 'contraseña-segura-1', firstName: 'Ana', lastName: 'Fuzz' }) }),
  },
  'POST /api/auth/password-reset': {
    actor: 'anonymous',
    fixtures: (w) => ({ body: () => ({ email: w.owner.email }) }),
    // RESETS_PER_EMAIL an hour would turn every payload after the fifth into a 429 before the handler runs.
    beforeEach: (w) => clearThrottles(w.t.knex),
  },
  'POST /api/auth/login': {
    actor: 'anonymous',
    fixtures: (w) => ({ body: () => ({ email: w.owner.email, password: FACTORY_PASSWORD }) }),
    // The address throttle would turn every payload after the 30th failure into a 429 before the handler runs.
    beforeEach: (w) => clearFailedLogins(w.t.knex),
  },
  'POST /api/auth/logout': { actor: ownUser('propietario_individual'), refresh: 'actor', fixtures: () => ({ body: () => ({}) }) },
  'POST /api/auth/login/two-factor': {
    // The client holds a sign-in waiting for its code: two-factor on, the password given.
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor, client) => {
      const { secret } = await enableTwoFactorFor(w.t.knex, actor!.id);
      const res = await client!.json('POST', '/api/auth/login', { email: actor!.email, password: FACTORY_PASSWORD });
      if (res.status !== 200) throw new Error(`Preparación del fuzz: el primer paso respondió ${res.status}`);
      return { body: () => ({ code: totpCode(secret) }) };
    },
    refresh: 'fixtures',
    // Wrong codes count as failed sign-ins: without this the throttle answers before the handler.
    beforeEach: (w) => clearFailedLogins(w.t.knex),
    // A wrong code warns the user that someone has the password: that notice is written with the 401.
    writesOnRefusal: ['notifications', 'live_events'],
  },
  'POST /api/auth/verify-email/:token': {
    actor: 'anonymous',
    // A new unconfirmed account and its link; every 2xx spends it.
    fixtures: async (w) => {
      const user = await buildUser(w.t.knex, { roleName: 'propietario_individual', emailVerified: false });
      return { params: [await emailLink(w, user.id, 'verify', user.email)], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  'POST /api/auth/verify-email/resend': {
    actor: (w) => buildUser(w.t.knex, { roleName: 'propietario_individual', emailVerified: false }),
    fixtures: () => ({ body: () => ({}) }),
    // VERIFICATION_RESENDS_PER_HOUR would turn every payload after the fifth into a 429 before the handler runs.
    beforeEach: (w) => clearThrottles(w.t.knex),
  },

  // ---- admin
  'PATCH /api/admin/remotes/:name': {
    actor: (w) => w.admin,
    fixtures: (w) => ({ params: [w.remoteName], body: () => ({ enabled: true, version: '2026.11.26', manifestUrl: `/remotes/${w.remoteName}/mf-manifest.json` }) }),
  },
  'POST /api/users': {
    actor: (w) => w.admin,
    fixtures: (w) => ({
      body: () => ({ email: `fuzz.usuario${w.next()}@prueba.arrendia.es`, firstName: 'Luis', lastName: 'Pérez', telefono: VALID_PHONE, nifCif: VALID_NIF, ibanBancaria: VALID_IBAN, roleName: 'propietario_individual', password: 'contraseña-segura-2' }),
    }),
  },
  'PATCH /api/users/:id': {
    actor: (w) => w.admin,
    fixtures: async (w) => {
      const target = await buildUser(w.t.knex, { roleName: 'propietario_individual' });
      return { params: [target.id], body: () => ({ firstName: 'Marta', lastName: 'Ruiz', telefono: VALID_PHONE, nifCif: VALID_NIF, ibanBancaria: VALID_IBAN }) };
    },
  },
  'POST /api/users/:id/deactivate': {
    actor: (w) => w.admin,
    fixtures: async (w) => ({ params: [(await buildUser(w.t.knex, { roleName: 'agente', agencyId: w.agencyId })).id], body: () => ({}) }),
    refresh: 'fixtures',
  },
  'POST /api/users/:id/activate': {
    actor: (w) => w.admin,
    fixtures: async (w) => ({ params: [(await buildUser(w.t.knex, { roleName: 'inquilino', isActive: false })).id], body: () => ({}) }),
    refresh: 'fixtures',
  },
  'PATCH /api/users/:id/role': {
    actor: (w) => w.admin,
    fixtures: async (w) => ({ params: [(await buildUser(w.t.knex, { roleName: 'propietario_individual' })).id], body: () => ({ roleName: 'agente', agencyId: w.agencyId }) }),
    refresh: 'fixtures',
  },
  'POST /api/users/:id/two-factor/reset': {
    actor: (w) => w.admin,
    fixtures: async (w) => {
      const target = await buildUser(w.t.knex, { roleName: 'propietario_individual' });
      await enableTwoFactorFor(w.t.knex, target.id);
      return { params: [target.id], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  'POST /api/users/:id/password-reset': {
    actor: (w) => w.admin,
    fixtures: async (w) => ({ params: [(await buildUser(w.t.knex, { roleName: 'propietario_individual' })).id], body: () => ({}) }),
  },
  'POST /api/password-resets/:token': {
    actor: 'anonymous',
    fixtures: async (w) => {
      const target = await buildUser(w.t.knex, { roleName: 'propietario_individual' });
      const { link } = await json(w.clients.admin, 'POST', `/api/users/${target.id}/password-reset`);
      return { params: [String(link).split('/').pop()!], body: () => ({ password: 'contraseña-nueva-3' }) };
    },
    refresh: 'fixtures',
    // Every 2xx makes a new link through the admin's route, which allows RESETS_PER_ADDRESS an hour.
    beforeEach: (w) => clearThrottles(w.t.knex),
  },

  // ---- portfolio
  'POST /api/properties': {
    actor: (w) => w.admin,
    fixtures: () => ({
      body: () => ({
        propertyName: 'Piso en Lavapiés',
        unitType: 'vivienda',
        addressStreet: 'Calle de Argumosa',
        addressNumber: '12',
        addressDetails: '3º B',
        city: 'Madrid',
        province: 'Madrid',
        postalCode: '28012',
        country: 'España',
        totalAreaM2: 80.5,
        buildYear: 1990,
        notes: 'Exterior',
      }),
    }),
  },
  'PATCH /api/properties/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({
      params: [(await buildProperty(w.t.knex, { ownerUserId: w.owner.id })).id],
      body: () => ({ propertyName: 'Piso reformado', addressNumber: '14', postalCode: '28012', totalAreaM2: 90, buildYear: 1990, notes: 'Exterior', isArchived: true }),
    }),
  },
  'POST /api/properties/:id/units': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({
      params: [(await buildProperty(w.t.knex, { ownerUserId: w.owner.id })).id],
      // A new name for every payload: a second unit of one name is a 409.
      body: () => ({
        unitType: 'habitacion',
        unitName: `Habitación ${w.next()}`,
        areaM2: 12.5,
        baseRentPrice: 450,
        description: 'Exterior',
        amenities: ['Escritorio'],
        currentStatus: 'Disponible',
        details: { numBedrooms: 1, numBathrooms: 1, floorLevel: 2, isFurnished: true, heatingType: 'Gas', energyCertificateRating: 'C', orientation: 'Sur' },
      }),
    }),
  },
  'PATCH /api/units/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({
      params: [(await buildUnit(w.t.knex, { mainPropertyId: (await buildProperty(w.t.knex, { ownerUserId: w.owner.id })).id, typeName: 'vivienda' })).id],
      body: () => ({ unitName: `Vivienda ${w.next()}`, areaM2: '70', baseRentPrice: '900', currentStatus: 'Reservado', amenities: ['Terraza'], details: { numBedrooms: 2, hasElevator: true }, isActive: true }),
    }),
  },
  'POST /api/units/:id/listing': {
    actor: (w) => w.owner,
    // A fresh unit for each accepted payload: a unit has one advert.
    fixtures: async (w) => ({ params: [await ownersFreeUnit(w)], body: () => validListing() }),
    refresh: 'fixtures',
  },
  'PATCH /api/listings/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({
      params: [await ownersListing(w)],
      body: () => ({ title: 'Habitación con balcón', price: '480.50', deposit: 480.5, availableFrom: '2027-03-01', amenities: ['Wifi'], nearbyPlaces: ['Metro Quevedo'], showAgency: false, contactEmail: 'contacto@example.com', isPublished: true }),
    }),
  },
  'DELETE /api/listings/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await ownersListing(w)] }),
    refresh: 'fixtures',
  },
  'POST /api/listings/:id/photos': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await ownersListing(w)], fields: () => ({}) }),
    multipart: { maxBytes: LISTING_PHOTO_MAX_BYTES },
    refresh: 'fixtures',
    // The owner's uploads (UPLOADS_PER_WINDOW in 10 minutes) would answer 429 from the 31st on.
    beforeEach: (w) => clearThrottles(w.t.knex),
  },
  'PUT /api/listings/:id/photos/order': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const { listingId, photoId } = await ownersListingPhoto(w);
      return { params: [listingId], body: () => ({ photoIds: [photoId] }) };
    },
  },
  'DELETE /api/listings/:id/photos/:photoId': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const { listingId, photoId } = await ownersListingPhoto(w);
      return { params: [listingId, photoId] };
    },
    refresh: 'fixtures',
    // Each new fixture uploads a photo as the owner: its upload allowance must not run out.
    beforeEach: (w) => clearThrottles(w.t.knex),
  },
  'PUT /api/properties/:id/agency': {
    actor: (w) => w.owner,
    // A property of its own that no agency manages: each valid payload asks the world's agency.
    fixtures: async (w) => ({ params: [(await buildProperty(w.t.knex, { ownerUserId: w.owner.id })).id], body: () => ({ managerAgencyId: w.agencyId }) }),
    refresh: 'fixtures',
  },
  'PUT /api/properties/:id/agent': {
    actor: (w) => w.manager,
    fixtures: (w) => ({ params: [w.propertyId], body: () => ({ agentUserId: w.agente.id }) }),
  },
  'DELETE /api/properties/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [(await buildProperty(w.t.knex, { ownerUserId: w.owner.id })).id], body: () => ({}) }),
    refresh: 'fixtures',
  },
  'POST /api/contracts': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const unit = await buildUnit(w.t.knex, { mainPropertyId: w.propertyId });
      return {
        body: () => ({
          contractCode: `CTR-FUZZ-${w.next()}`,
          rentableUnitId: unit.id,
          startDate: '2026-02-01',
          endDate: '2027-01-31',
          rentAmount: 950,
          paymentDay: 5,
          depositAmount: 950,
          depositStatus: 'Recibida',
          status: 'Pendiente',
          renewalNoticeDays: 30,
          notes: 'Contrato de prueba',
          tenantUserIds: [w.tenant.id],
          rentUpdateMechanism: 'ipc',
          rentUpdateFloor: 0,
          rentUpdateMonthsBefore: 2,
          leaseUse: 'vivienda',
          signedOn: '2026-01-20',
        }),
      };
    },
    refresh: 'fixtures',
  },
  'PATCH /api/contracts/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const unit = await buildUnit(w.t.knex, { mainPropertyId: w.propertyId });
      const contract = await buildContract(w.t.knex, { rentableUnitId: unit.id, status: 'Pendiente', tenantUserIds: [w.tenant.id] });
      return { params: [contract.id], body: () => ({ status: 'Activo', endDate: '2027-06-30', rentAmount: 1000, paymentDay: 3, depositAmount: 1000, depositStatus: 'Recibida', renewalNoticeDays: 60, notes: 'Renovado', rentUpdateMechanism: 'fixed_percentage', rentUpdateValue: 2.5, rentUpdateFloor: null, rentUpdateMonthsBefore: null, signedOn: '2026-01-01' }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/transactions': {
    actor: (w) => w.owner,
    fixtures: (w) => ({
      body: () => ({
        mainPropertyId: w.propertyId,
        rentableUnitId: w.rentedUnitId,
        contractId: w.contractId,
        categoryId: w.incomeCategoryId,
        type: 'Ingreso',
        amount: 950,
        transactionDate: '2026-03-01',
        description: 'Renta de marzo',
        paymentMethod: 'Transferencia',
        status: 'Completado',
      }),
    }),
  },
  'POST /api/reports': {
    actor: (w) => w.owner,
    fixtures: () => ({ body: () => ({ reportType: 'financial', from: '2026-01-01', to: '2026-03-31' }) }),
  },
  'POST /api/report-schedules': {
    actor: (w) => w.owner,
    // The owner has each schedule once: the valid body's goes before each try (DELETE's fixture keeps its own).
    fixtures: async (w) => {
      const body = { reportType: 'financial', frequency: 'trimestral', propertyId: w.propertyId };
      await w.t.knex('report_schedules').where({ userId: w.owner.id, ...body }).delete();
      return { body: () => body };
    },
    refresh: 'fixtures',
  },
  'DELETE /api/report-schedules/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const values = { userId: w.owner.id, reportType: 'tenants', frequency: 'mensual', propertyId: w.propertyId };
      await w.t.knex('report_schedules').where(values).delete();
      const [row] = await w.t.knex('report_schedules').insert(values).returning('id');
      return { params: [row.id], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  'POST /api/delegations': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor) => {
      const delegado = await buildUser(w.t.knex, { roleName: 'propietario_delegado' });
      await w.t.knex('owner_delegations').where({ ownerUserId: actor!.id }).delete();
      return { body: () => ({ delegateEmail: delegado.email }) };
    },
    refresh: 'fixtures',
  },
  'DELETE /api/delegations/:delegateUserId': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor) => {
      const delegado = await buildUser(w.t.knex, { roleName: 'propietario_delegado' });
      await delegate(w.t.knex, actor!.id, delegado.id);
      return { params: [delegado.id], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  'POST /api/consent-requests/:id/accept': answerRequest,
  'POST /api/consent-requests/:id/decline': answerRequest,
  'DELETE /api/consent-requests/:id': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor) => ({ params: [await pendingDelegation(w, actor!, actor!)], body: () => ({}) }),
    refresh: 'fixtures',
  },
  'POST /api/tenant-invitations': {
    actor: (w) => w.owner,
    fixtures: (w) => ({ body: () => ({ email: `fuzz.inquilino${w.next()}@prueba.arrendia.es`, contractId: w.contractId }) }),
  },
  'POST /api/tenant-invitations/:id/resend': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const { id } = await json(w.clients.owner, 'POST', '/api/tenant-invitations', { email: `fuzz.reenvio${w.next()}@prueba.arrendia.es`, contractId: w.contractId });
      return { params: [String(id)], body: () => ({}) };
    },
    // RESENDS_PER_HOUR for one invitation would turn the sixth payload into a 429 first.
    beforeEach: (w) => clearThrottles(w.t.knex),
  },
  'DELETE /api/tenant-invitations/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const { id } = await json(w.clients.owner, 'POST', '/api/tenant-invitations', { email: `fuzz.anulada${w.next()}@prueba.arrendia.es`, contractId: w.contractId });
      return { params: [String(id)], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  // A former tenant of the owner's property each time: a success erases it.
  'POST /api/tenants/:id/erasure': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await formerTenant(w)], body: () => ({}) }),
    refresh: 'fixtures',
  },
  'POST /api/tenant-invitations/:token/accept': {
    actor: 'anonymous',
    fixtures: async (w) => {
      const { link } = await json(w.clients.owner, 'POST', '/api/tenant-invitations', { email: `fuzz.invitado${w.next()}@prueba.arrendia.es`, contractId: w.contractId });
      return { params: [String(link).split('/').pop()!], body: () => ({ firstName: 'Iván', lastName: 'Gómez', password: 'contraseña-segura-4' }) };
    },
    refresh: 'fixtures',
  },
  'PATCH /api/transactions/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({
      params: [(await buildTransaction(w.t.knex, { mainPropertyId: w.propertyId, type: 'Gasto' })).id],
      body: () => ({ amount: '80.50', transactionDate: '2026-11-02', description: 'Fontanero', paymentMethod: 'Bizum', status: 'Completado', reason: 'Importe mal tecleado' }),
    }),
  },
  'DELETE /api/transactions/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [(await buildTransaction(w.t.knex, { mainPropertyId: w.propertyId, type: 'Gasto' })).id], body: () => ({ reason: 'Apuntado dos veces' }) }),
    refresh: 'fixtures',
  },
  'POST /api/owner-invitations': {
    actor: (w) => w.manager,
    fixtures: (w) => ({ body: () => ({ email: `fuzz.propietario${w.next()}@prueba.arrendia.es`, firstName: 'Olga', lastName: 'Fuzz' }) }),
  },
  'POST /api/owner-invitations/:token/accept': {
    actor: 'anonymous',
    fixtures: async (w) => {
      const { token } = await inTransaction(w.t.knex, (trx) => inviteOwner(trx, w.manager, { email: `fuzz.propietaria${w.next()}@prueba.arrendia.es`, firstName: 'Olga', lastName: 'Fuzz' }));
      return { params: [token], body: () => ({ firstName: 'Olga', lastName: 'Fuzz', password: 'contraseña-segura-5' }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/rent-charges/:id/transfer': {
    actor: (w) => w.tenant,
    fixtures: async (w) => ({ params: [await rentCharge(w)], body: () => ({}) }),
  },
  'POST /api/rent-charges/:id/confirm': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await rentCharge(w, 'Transferencia indicada')], body: () => ({}) }),
    refresh: 'fixtures',
  },

  // ---- incidents, documents, maintenance
  'POST /api/incidents': {
    actor: (w) => w.tenant,
    fixtures: (w) => ({ body: () => ({ rentableUnitId: w.rentedUnitId, incidentCategory: 'Fontanería', title: 'Fuga en la cocina', description: 'Gotea bajo el fregadero', priority: 'Alta', costEstimate: 120.5 }) }),
  },
  'PATCH /api/incidents/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [(await newIncident(w)).id], body: () => ({ status: 'En Progreso', priority: 'Urgente', assignedToUserId: w.owner.id, finalCost: 80, recordAsExpense: true, resolutionNotes: 'Fontanero avisado' }) }),
    refresh: 'fixtures',
  },
  'POST /api/incidents/:id/photos': {
    actor: (w) => w.tenant,
    fixtures: async (w) => ({ params: [(await newIncident(w, w.tenant.id)).id], fields: () => ({}) }),
    multipart: { maxBytes: INCIDENT_PHOTO_MAX_BYTES },
    refresh: 'fixtures',
  },
  'POST /api/incidents/:id/comments': {
    actor: (w) => w.tenant,
    fixtures: async (w) => ({ params: [(await newIncident(w, w.tenant.id)).id], body: () => ({ content: 'Sigue goteando' }) }),
  },
  'POST /api/documents': {
    actor: (w) => w.owner,
    fixtures: (w) => ({ fields: () => ({ category: 'contrato', relatedEntityType: 'contract', relatedEntityId: String(w.contractId) }) }),
    multipart: { maxBytes: DOCUMENT_MAX_BYTES },
  },
  'DELETE /api/documents/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const [row] = await w.t
        .knex('documents')
        .insert({ fileName: 'recibo.pdf', filePath: `fuzz-${w.next()}`, fileType: 'application/pdf', fileSizeKb: 1, category: 'recibo', relatedEntityType: 'property', relatedEntityId: w.propertyId, uploadedByUserId: w.owner.id })
        .returning('id');
      return { params: [row.id], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  // ---- index values (issue 36): the super admin's; the fetch reads a local stand-in of the INE (no network).
  'POST /api/index-values': {
    actor: (w) => w.admin,
    fixtures: (w) => ({
      body: () => {
        const year = 4000 + (w.next() % 5000);
        return { series: 'IRAV', month: `${year}-02`, value: 1.5, publishedOn: `${year}-03-15`, source: 'Fuzz' };
      },
    }),
  },
  'POST /api/index-values/fetch': {
    actor: (w) => w.admin,
    fixtures: async (w) => {
      await pointAtFakeIne(w);
      return { body: () => ({ months: 6 }) };
    },
  },
  // ---- data exports (issue 35): one running per user and five a day, so each success signs a new user in.
  'POST /api/exports': {
    actor: ownUser('propietario_individual'),
    fixtures: () => ({ body: () => ({}) }),
    refresh: 'actor',
    // The job writes after the answer: the next payload's snapshot waits for it.
    beforeEach: () => settleDataExports(),
  },
  // ---- rent updates (issue 36)
  'PATCH /api/rent-updates/:id': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await fuzzRentUpdate(w)], body: () => ({ percent: 2 }) }),
    refresh: 'fixtures',
  },
  'POST /api/rent-updates/:id/notice': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await fuzzRentUpdate(w)], body: () => ({}) }),
    refresh: 'fixtures',
  },
  // ---- imports (issue 35)
  'POST /api/imports': {
    actor: (w) => w.owner,
    fixtures: () => ({ fields: () => ({ entity: 'properties' }) }),
    multipart: { maxBytes: IMPORT_MAX_BYTES, validFile: { field: 'file', kind: 'csv', name: 'inmuebles.csv', contentType: 'text/csv', size: 0, extendedName: false } },
  },
  'POST /api/imports/:id/commit': {
    actor: (w) => w.owner,
    // One invalid row: each commit's job ends without writing the portfolio.
    fixtures: async (w) => ({ params: [await fuzzImport(w, '99999')], body: () => ({}) }),
    refresh: 'fixtures',
    // A job writes after its answer: the next payload's snapshot waits for it.
    beforeEach: () => settleImportJobs(),
  },
  'POST /api/imports/:id/cancel': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ params: [await fuzzImport(w)], body: () => ({}) }),
    refresh: 'fixtures',
  },
  'PUT /api/imports/:id/mapping': {
    actor: (w) => w.owner,
    fixtures: async (w) => {
      const id = await fuzzImport(w);
      return { params: [id], body: () => ({ sheets: [{ name: 'fuzz', entity: 'properties', mapping: ['propertyName', 'addressStreet', 'city', 'province', 'postalCode'] }] }) };
    },
  },
  'POST /api/maintenance/tasks': {
    actor: (w) => w.owner,
    fixtures: (w) => ({ body: () => ({ title: 'Revisar caldera', mainPropertyId: w.propertyId, rentableUnitId: w.rentedUnitId, taskType: 'Correctivo', scheduledDate: '2026-06-01', cost: 150, notes: 'Llamar antes' }) }),
  },
  'PATCH /api/maintenance/tasks/:id': {
    actor: (w) => w.owner,
    fixtures: async (w, _actor, client) => {
      const task = await json(client, 'POST', '/api/maintenance/tasks', { title: 'Pintar', mainPropertyId: w.propertyId, scheduledDate: '2026-07-01' });
      return { params: [task.id], body: () => ({ status: 'En progreso', cost: 200, notes: 'Empezada' }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/maintenance/plans': {
    actor: (w) => w.owner,
    fixtures: (w) => ({ body: () => ({ title: 'Revisión anual', description: 'Caldera', mainPropertyId: w.propertyId, rentableUnitId: w.rentedUnitId, intervalMonths: 12, nextDate: '2026-09-01', estimatedCost: 90 }) }),
  },
  'PATCH /api/maintenance/plans/:id': {
    actor: (w) => w.owner,
    fixtures: async (w, _actor, client) => {
      const plan = await json(client, 'POST', '/api/maintenance/plans', { title: 'Revisión anual', mainPropertyId: w.propertyId, intervalMonths: 12, nextDate: '2026-09-01' });
      return { params: [plan.id], body: () => ({ title: 'Revisión semestral', description: 'Caldera y radiadores', rentableUnitId: w.rentedUnitId, intervalMonths: 6, nextDate: '2026-10-01', estimatedCost: 95.5, isActive: false }) };
    },
    refresh: 'fixtures',
  },
  'PATCH /api/providers/:id': {
    actor: (w) => w.owner,
    fixtures: async (w, _actor, client) => {
      const provider = await json(client, 'POST', '/api/providers', { name: 'Electricidad Ruiz', trade: 'Electricidad', nifCif: VALID_NIF });
      return { params: [provider.id], body: () => ({ name: 'Electricidad Ruiz SL', trade: 'Electricidad y gas', nifCif: VALID_NIF, telefono: VALID_PHONE, email: 'ruiz@example.com', ibanBancaria: VALID_IBAN, isActive: false }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/providers': {
    actor: (w) => w.owner,
    fixtures: () => ({ body: () => ({ name: 'Fontanería López', trade: 'Fontanería', nifCif: VALID_NIF, telefono: VALID_PHONE, email: 'lopez@example.com', ibanBancaria: VALID_IBAN }) }),
  },

  // ---- agency pipeline
  'PATCH /api/leads/:id': {
    actor: (w) => w.manager,
    fixtures: async (w) => {
      const lead = await buildLead(w.t.knex, { rentableUnitId: w.freeUnitId, agencyId: w.agencyId, recipientUserId: w.owner.id, assignedAgentUserId: w.agente.id });
      return { params: [lead.id], body: () => ({ status: 'Contactado', priority: 'Alta', notes: 'Llamado', assignedAgentUserId: w.agente2.id }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/visits': {
    actor: (w) => w.agente,
    fixtures: (w) => ({ body: () => ({ leadId: w.leadId, rentableUnitId: w.freeUnitId, startsAt: inHours(24 + 3 * w.next()), durationMinutes: 45, notes: 'Traer llaves' }) }),
  },
  'PATCH /api/visits/:id': {
    actor: (w) => w.agente,
    fixtures: async (w, _actor, client) => {
      const visit = await json(client, 'POST', '/api/visits', { contactName: 'Eva', rentableUnitId: w.freeUnitId, startsAt: inHours(24 + 3 * w.next()), durationMinutes: 30 });
      return { params: [visit.id], body: () => ({ status: 'Realizada', notes: 'Le ha gustado' }) };
    },
    refresh: 'fixtures',
  },
  'PATCH /api/agents/:id': { actor: (w) => w.manager, fixtures: (w) => ({ params: [w.agente2.id], body: () => ({ monthlyTarget: 4000 }) }) },
  'PATCH /api/agency': { actor: (w) => w.manager, fixtures: () => ({ body: () => ({ commissionRate: 7.5 }) }) },
  'POST /api/agencies': {
    actor: (w) => w.admin,
    fixtures: (w) => ({
      body: () => ({
        nombreAgencia: 'Agencia Fuzz',
        cifAgencia: validCif(w.next()),
        direccionFiscal: 'Calle Mayor 1, Madrid',
        telefonoAgencia: VALID_PHONE,
        emailAgencia: `fuzz.agencia${w.next()}@prueba.arrendia.es`,
        webAgencia: 'https://agencia.example',
        commissionRate: 7.5,
      }),
    }),
  },
  'PATCH /api/agencies/:id': {
    // An agency of its own: a payload that deactivates it signs no user of the world out.
    actor: (w) => w.admin,
    fixtures: async (w) => ({ params: [(await buildAgency(w.t.knex)).id], body: () => ({ nombreAgencia: 'Agencia Cambiada', telefonoAgencia: VALID_PHONE, commissionRate: 9, isActive: true }) }),
    refresh: 'fixtures',
  },
  'POST /api/public/leads': {
    actor: 'anonymous',
    fixtures: (w) => ({ body: () => ({ listingId: w.listingId, name: 'Carla', email: 'carla@example.com', phone: '+34 600 111 222', message: 'Me interesa el piso' }) }),
    // The contact form allows 5 leads per address and window, counted in the app's memory.
    freshAppEvery: 4,
  },

  // ---- messaging, notifications
  'POST /api/conversations': {
    actor: (w) => w.owner,
    fixtures: (w) => ({ body: () => ({ title: 'Consulta', participantUserIds: [w.tenant.id], reuseExisting: false }) }),
  },
  'POST /api/messages': {
    actor: (w) => w.owner,
    fixtures: async (w) => ({ body: await conversationBody(w) }),
  },
  'POST /api/conversations/:id/read': {
    actor: (w) => w.tenant,
    fixtures: async (w) => ({ params: [(await buildConversation(w.t.knex, [w.owner.id, w.tenant.id])).id], body: () => ({}) }),
  },
  'PATCH /api/notifications/:id/read': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor) => {
      const [row] = await w.t.knex('notifications').insert({ recipientUserId: actor!.id, title: 'Aviso', message: 'Tienes un aviso' }).returning('id');
      return { params: [row.id], body: () => ({}) };
    },
  },
  'POST /api/notifications/read-all': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor) => {
      await w.t.knex('notifications').insert({ recipientUserId: actor!.id, title: 'Aviso', message: 'Tienes un aviso' });
      return { body: () => ({}) };
    },
  },

  // ---- own settings (a user of their own: these change the account and its sessions)
  'PUT /api/settings/profile': {
    actor: ownUser('propietario_individual'),
    fixtures: (w, actor) => ({ body: () => ({ firstName: 'Sara', lastName: 'Núñez', email: actor!.email, telefono: VALID_PHONE, nifCif: VALID_NIF, direccionFiscal: 'Calle Mayor 1, Madrid', ibanBancaria: VALID_IBAN }) }),
  },
  'DELETE /api/settings/email-change': {
    actor: ownUser('propietario_individual'),
    // A new address of the actor's waiting for its link; every 2xx cancels it.
    fixtures: async (w, actor) => {
      await emailLink(w, actor!.id, 'change', `fuzz.nuevo${w.next()}@prueba.arrendia.es`);
      return { body: () => ({}) };
    },
    refresh: 'fixtures',
  },
  'POST /api/settings/profile/photo': { actor: ownUser('inquilino'), fixtures: () => ({ fields: () => ({}) }), multipart: { maxBytes: PROFILE_PHOTO_MAX_BYTES } },
  'DELETE /api/settings/profile/photo': { actor: ownUser('agente'), fixtures: () => ({ body: () => ({}) }) },
  'PATCH /api/settings/preferences': {
    actor: ownUser('propietario_individual'),
    fixtures: () => ({ body: () => ({ notifications: { email: true, sms: true, monthlyReports: false }, sessionTimeoutMinutes: 240, loginNotifications: false }) }),
  },
  'POST /api/settings/password': {
    actor: ownUser('propietario_individual'),
    fixtures: () => ({ body: () => ({ currentPassword: FACTORY_PASSWORD, newPassword: 'contraseña-nueva-5' }) }),
    refresh: 'actor',
  },
  'DELETE /api/settings/sessions': { actor: ownUser('propietario_individual'), fixtures: () => ({ body: () => ({}) }) },
  // The right to erasure (issue 35): a tenant with no contract may go; a success erases the actor, so the next payload signs a new one in.
  'POST /api/account/erasure': {
    actor: ownUser('inquilino'),
    fixtures: () => ({ body: () => ({ currentPassword: FACTORY_PASSWORD }) }),
    refresh: 'actor',
  },
  'POST /api/settings/two-factor/setup': { actor: ownUser('agente'), fixtures: () => ({ body: () => ({}) }) },
  'POST /api/settings/two-factor': {
    actor: ownUser('inquilino'),
    // A setup waiting for its code; every success turns it on, so the next payload gets a new setup.
    fixtures: async (w, actor) => {
      const secret = newTotpSecret();
      await w.t.knex('users').where({ id: actor!.id }).update({ twoFactorSecret: secret, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: null });
      return { body: () => ({ code: totpCode(secret), currentPassword: FACTORY_PASSWORD }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/settings/two-factor/disable': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor) => {
      await enableTwoFactorFor(w.t.knex, actor!.id);
      return { body: () => ({ currentPassword: FACTORY_PASSWORD }) };
    },
    refresh: 'fixtures',
  },
  'POST /api/settings/two-factor/recovery-codes': {
    actor: ownUser('propietario_delegado'),
    fixtures: async (w, actor) => {
      await enableTwoFactorFor(w.t.knex, actor!.id);
      return { body: () => ({ currentPassword: FACTORY_PASSWORD }) };
    },
  },
  'DELETE /api/settings/sessions/:id': {
    actor: ownUser('propietario_individual'),
    fixtures: async (w, actor, client) => {
      // A second session of the same user, to be ended by its handle.
      await signIn(w.t.knex, client!.target, actor!.email);
      const sessions: { id: string; current: boolean }[] = await json(client, 'GET', '/api/settings/sessions');
      const handle = sessions.find((s) => !s.current)?.id;
      if (!handle) throw new Error('Preparación del fuzz: no hay una segunda sesión');
      return { params: [handle], body: () => ({}) };
    },
    refresh: 'fixtures',
  },
};

async function conversationBody(w: World): Promise<() => Record<string, Json>> {
  const conversation = await buildConversation(w.t.knex, [w.owner.id, w.tenant.id]);
  return () => ({ conversationId: conversation.id, content: 'Hola, ¿qué tal va todo?' });
}

/** A free unit of a property of the world's owner, with no advert. */
async function ownersFreeUnit(w: World): Promise<number> {
  return (await buildUnit(w.t.knex, { mainPropertyId: (await buildProperty(w.t.knex, { ownerUserId: w.owner.id })).id, typeName: 'habitacion' })).id;
}

const validListing = () => ({
  listingType: 'Habitación',
  title: 'Habitación exterior',
  district: 'Chamberí',
  description: 'Luminosa, con armario empotrado',
  price: 450,
  deposit: 450,
  availableFrom: '2027-01-01',
  amenities: ['Wifi'],
  nearbyPlaces: ['Metro Iglesia'],
  showAgency: false,
  contactName: 'Ana García',
  contactPhone: VALID_PHONE,
  contactEmail: 'ana@example.com',
});

/** A published advert of a fresh unit of the world's owner. */
async function ownersListing(w: World): Promise<number> {
  const unitId = await ownersFreeUnit(w);
  return inTransaction(w.t.knex, (trx) => publishListing(trx, w.owner, unitId, ListingCreateSchema.parse(validListing())));
}

/** A preview of a one-property CSV (sheet 'fuzz') by the world's owner. */
function fuzzImport(w: World, postalCode = '28013'): Promise<number> {
  const csv = Buffer.from(`Nombre;Vía;Ciudad;Provincia;CP\nCasa Fuzz;Calle Mayor;Madrid;Madrid;${postalCode}\n`);
  return inTransaction(w.t.knex, (trx) => createImportPreview(trx, w.owner, { bytes: csv, fileName: 'fuzz.csv', fields: { entity: 'properties' } }));
}

/** An advert of the world's owner with one photo. */
async function ownersListingPhoto(w: World): Promise<{ listingId: number; photoId: number }> {
  const listingId = await ownersListing(w);
  const photo = await prepareListingPhoto(await realPngBytes());
  const photoId = await inTransaction(w.t.knex, (trx) => addListingPhoto(trx, w.owner, listingPhotosDir(w.t.config), listingId, photo));
  return { listingId, photoId };
}

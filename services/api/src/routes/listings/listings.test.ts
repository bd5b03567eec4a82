import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  LISTING_MESSAGES,
  LISTING_PHOTO_MAX,
  LISTING_PHOTO_WIDTHS,
  ListingDetailSchema,
  ListingPhotoSchema,
  ManagedListingSchema,
  planForRole,
  PropertyDetailSchema,
  USER_PLANS,
  type ListingCreateInput,
} from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import sharp from 'sharp';
import { summaryOf } from '../../commands/listingPublisher';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

/**
 * Adverts people publish from a unit (issue 32, point 5): POST /api/units/:id/listing,
 * GET|PATCH|DELETE /api/listings/:id, the photos (POST, PUT order, DELETE) and the public photo
 * files; a unit an Activo contract rents leaves the catalogue, one a contract frees is offered again.
 */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arrendia-listings-'));
  t = await startTestApp({ documentsDir: dir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const photosDir = () => path.join(dir, 'listing-photos');
const storedFiles = async () => (await fs.readdir(photosDir()).catch(() => [] as string[])).sort();

async function signedIn(roleName: RoleName, agencyId: number | null = null) {
  const user = await buildUser(t.knex, { roleName, agencyId });
  await t.knex('users').where('id', user.id).update({ telefono: '612345678' });
  return { user, agent: await signIn(t, user) };
}

const advert = (overrides: Partial<ListingCreateInput> = {}): ListingCreateInput => ({
  listingType: 'Habitación',
  title: 'Habitación exterior en piso compartido',
  district: 'Chamberí',
  description: 'Habitación luminosa con armario empotrado, escritorio y cama de 135. Piso reformado con dos baños y cocina equipada.',
  price: 450,
  availableFrom: '2027-01-01',
  amenities: ['Wifi', 'Amueblada'],
  ...overrides,
});

/** An owner's property in Calle de Galileo 12 (Madrid) with one habitación. */
async function ownersRoom(typeName: 'habitacion' | 'local' = 'habitacion') {
  const owner = await signedIn('propietario_individual');
  const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
  await t.knex('main_properties').where('id', property.id).update({ addressStreet: 'Calle de Galileo', addressNumber: '12', city: 'Madrid' });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, typeName, baseRentPrice: '450.00', unitName: 'Habitación 1' });
  return { owner, property, unit };
}

const jpeg = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
const png = () => sharp({ create: { width: 40, height: 30, channels: 4, background: '#a37' } }).png().toBuffer();

const rowsWhere = async (table: string, where: Record<string, unknown>) => Number((await t.knex(table).where(where).count({ n: '*' }).first())?.n);

/** What `read` answers once it answers false, or after two seconds (a notice travels asynchronously). */
async function eventually(read: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 2000;
  let value = await read();
  while (value && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** Rows a publish may write: the "nothing written" checks. */
async function counts() {
  const [{ n }] = await t.knex('audit_log').whereNot('action', 'login').count({ n: '*' });
  return { unit_listings: await countRows(t.knex, 'unit_listings'), listing_photos: await countRows(t.knex, 'listing_photos'), audit_log: Number(n) };
}

describe('POST /api/units/:id/listing', () => {
  it("publishes a unit with the property's address, the legal deposit and the publisher's contact; the catalogue and the unit show it", async () => {
    const { owner, property, unit } = await ownersRoom();
    const res = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    const listing = ManagedListingSchema.parse(res.body);
    expect(res.headers.location).toBe(`/api/listings/${listing.id}`);
    expect(listing).toMatchObject({
      rentableUnitId: unit.id,
      isPublished: true,
      address: 'Calle de Galileo, 12',
      city: 'Madrid',
      district: 'Chamberí',
      price: '450.00',
      // LAU art. 36.1: one month's rent for a dwelling (habitación).
      deposit: '450.00',
      availableFrom: '2027-01-01',
      contactName: `${owner.user.firstName} ${owner.user.lastName}`,
      contactPhone: '612345678',
      contactEmail: owner.user.email,
      photos: [],
    });
    const [audit] = await t.knex('audit_log').where({ tableName: 'unit_listings', recordId: String(listing.id) });
    expect(audit).toMatchObject({ action: 'create', userId: owner.user.id });

    const page = await t.request().get('/api/public/listings').query({ q: 'Galileo' }).expect(200);
    expect(page.body.items.map((i: { id: number }) => i.id)).toEqual([listing.id]);
    const detail = ListingDetailSchema.parse((await t.request().get(`/api/public/listings/${listing.id}`).expect(200)).body);
    expect(detail.fullDescription).toBe(advert().description);
    const property2 = PropertyDetailSchema.parse((await owner.agent.get(`/api/properties/${property.id}`).expect(200)).body);
    expect(property2.units[0].listing).toEqual({ id: listing.id, isPublished: true });
  });

  it('asks two months of deposit for a non-dwelling, takes any zone and keeps a long description whole with a short summary for the card', async () => {
    const { owner, unit } = await ownersRoom('local');
    const long = `${'Local a pie de calle con escaparate y salida de humos. '.repeat(8)}Fin.`;
    const res = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert({ listingType: 'Local Comercial', district: 'Ruzafa', description: long })).expect(201);
    expect(res.body).toMatchObject({ deposit: '900.00', district: 'Ruzafa', description: long });
    const card = (await t.request().get('/api/public/listings').query({ q: 'Ruzafa' }).expect(200)).body.items[0];
    expect(card.description).toBe(summaryOf(long));
    expect(card.description.length).toBeLessThanOrEqual(201);
    expect(card.description.endsWith('…')).toBe(true);
  });

  it('refuses bad input with Spanish field errors and writes nothing', async () => {
    const { owner, unit } = await ownersRoom();
    const before = await counts();
    const bad = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert({ price: 'mucho', title: ' ', availableFrom: '2027-02-30' })).expect(400);
    expect(bad.body).toMatchObject({ error: 'validation_error', fields: { price: 'Introduce un importe válido', title: 'El título es obligatorio', availableFrom: 'La fecha no existe' } });
    const free = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert({ price: 0 })).expect(400);
    expect(free.body.fields.price).toBe('El precio debe ser mayor que 0');
    const phone = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert({ contactPhone: '123' })).expect(400);
    expect(phone.body.fields.contactPhone).toBeDefined();
    expect(await counts()).toEqual(before);
  });

  it('needs a contact phone: from the form or the profile', async () => {
    const { owner, unit } = await ownersRoom();
    await t.knex('users').where('id', owner.user.id).update({ telefono: null });
    const res = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(400);
    expect(res.body.fields).toEqual({ contactPhone: LISTING_MESSAGES.contactPhone });
    const ok = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert({ contactPhone: '+34 699 111 222' })).expect(201);
    expect(ok.body.contactPhone).toBe('699111222');
  });

  it('refuses a second advert, a rented unit and an archived one (409)', async () => {
    const { owner, property, unit } = await ownersRoom();
    await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    expect((await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(409)).body.message).toBe(LISTING_MESSAGES.exists);

    const rented = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Alquilada' });
    await buildContract(t.knex, { rentableUnitId: rented.id });
    expect((await owner.agent.post(`/api/units/${rented.id}/listing`).send(advert()).expect(409)).body.message).toBe(LISTING_MESSAGES.rented);
    const archived = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Archivada', isActive: false });
    expect((await owner.agent.post(`/api/units/${archived.id}/listing`).send(advert()).expect(409)).body.message).toBe(LISTING_MESSAGES.archived);
  });

  it("lets the agency's manager and the agent in charge publish; another owner, another agency's manager, an agent not in charge get 404, a tenant 403", async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const [a, b] = [await buildUnit(t.knex, { mainPropertyId: property.id }), await buildUnit(t.knex, { mainPropertyId: property.id })];
    const manager = await signedIn('admin_agencia', agency.id);
    const agentInCharge = await signedIn('agente', agency.id);
    const otherAgent = await signedIn('agente', agency.id);
    await t.knex('main_properties').where('id', property.id).update({ assignedAgentUserId: agentInCharge.user.id });
    const before = await counts();
    for (const outsider of [await signedIn('propietario_individual'), await signedIn('admin_agencia', (await buildAgency(t.knex)).id), otherAgent]) {
      await outsider.agent.post(`/api/units/${a.id}/listing`).send(advert()).expect(404);
    }
    await (await signedIn('inquilino')).agent.post(`/api/units/${a.id}/listing`).send(advert()).expect(403);
    expect(await counts()).toEqual(before);

    const byManager = await manager.agent.post(`/api/units/${a.id}/listing`).send(advert({ showAgency: true })).expect(201);
    await agentInCharge.agent.post(`/api/units/${b.id}/listing`).send(advert()).expect(201);
    await otherAgent.agent.get(`/api/listings/${byManager.body.id}`).expect(404);
    await otherAgent.agent.patch(`/api/listings/${byManager.body.id}`).send({ title: 'Intruso' }).expect(404);
    expect((await agentInCharge.agent.get(`/api/listings/${byManager.body.id}`).expect(200)).body.title).toBe(advert().title);
  });
});

describe('PATCH and DELETE /api/listings/:id', () => {
  it('edits what changed (audited), withdraws keeping the leads, and publishes again', async () => {
    const { owner, unit } = await ownersRoom();
    const { body: listing } = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    await t.knex('leads').insert({ listingId: listing.id, name: 'Marta', email: 'marta@example.com', message: 'Me interesa' });

    const edited = await owner.agent.patch(`/api/listings/${listing.id}`).send({ title: 'Habitación con balcón', price: '480.50', amenities: ['Wifi'] }).expect(200);
    expect(edited.body).toMatchObject({ title: 'Habitación con balcón', price: '480.50', amenities: ['Wifi'], district: 'Chamberí' });
    const updates = await t.knex('audit_log').where({ tableName: 'unit_listings', recordId: String(listing.id), action: 'update' });
    expect(updates).toHaveLength(1);
    expect(updates[0].newValues).toEqual({ title: 'Habitación con balcón', price: '480.50', amenities: ['Wifi'] });
    // The same values again change nothing and audit nothing.
    await owner.agent.patch(`/api/listings/${listing.id}`).send({ title: 'Habitación con balcón', price: 480.5 }).expect(200);
    expect(await t.knex('audit_log').where({ tableName: 'unit_listings', recordId: String(listing.id), action: 'update' })).toHaveLength(1);
    const badEdit = await owner.agent.patch(`/api/listings/${listing.id}`).send({ price: -5 }).expect(400);
    expect(badEdit.body.fields.price).toBe('El importe no puede ser negativo');

    const withdrawn = await owner.agent.delete(`/api/listings/${listing.id}`).expect(200);
    expect(withdrawn.body.isPublished).toBe(false);
    await t.request().get(`/api/public/listings/${listing.id}`).expect(404);
    expect(await rowsWhere('leads', { listingId: listing.id })).toBe(1);

    const again = await owner.agent.patch(`/api/listings/${listing.id}`).send({ isPublished: true }).expect(200);
    expect(again.body.isPublished).toBe(true);
    expect(new Date(again.body.publishedAt).getTime()).toBeGreaterThanOrEqual(new Date(listing.publishedAt).getTime());
    await t.request().get(`/api/public/listings/${listing.id}`).expect(200);
  });
});

describe('a unit rented and freed', () => {
  it('an Activo contract withdraws the advert and tells the owner; finishing it offers to publish again, and publishing again is allowed then only', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id, managerAgencyId: agency.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Habitación 2' });
    const manager = await signedIn('admin_agencia', agency.id);
    const { body: listing } = await manager.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente' });

    await manager.agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Activo' }).expect(200);
    expect((await manager.agent.get(`/api/listings/${listing.id}`).expect(200)).body.isPublished).toBe(false);
    await t.request().get(`/api/public/listings/${listing.id}`).expect(404);
    const withdrawnNotice = await t.knex('notifications').where({ recipientUserId: owner.user.id, notificationType: 'listing_withdrawn' });
    expect(withdrawnNotice).toHaveLength(1);
    expect(withdrawnNotice[0]).toMatchObject({ relatedEntityType: 'property', relatedEntityId: property.id });
    expect(await t.knex('audit_log').where({ tableName: 'unit_listings', recordId: String(listing.id), userId: manager.user.id, action: 'update' })).toHaveLength(1);
    expect((await manager.agent.patch(`/api/listings/${listing.id}`).send({ isPublished: true }).expect(409)).body.message).toBe(LISTING_MESSAGES.rented);

    await manager.agent.patch(`/api/contracts/${contract.id}`).send({ status: 'Finalizado', terminationReason: 'Fin del plazo pactado' }).expect(200);
    const offers = await t.knex('notifications').where({ notificationType: 'unit_available', relatedEntityId: property.id }).orderBy('recipientUserId');
    expect(offers.map((n) => n.recipientUserId).sort()).toEqual([owner.user.id, manager.user.id].sort());
    expect(offers[0].message).toBe('Habitación 2 vuelve a estar disponible: puedes publicar de nuevo su anuncio');
    await manager.agent.patch(`/api/listings/${listing.id}`).send({ isPublished: true }).expect(200);
  });
});

describe('listing photos', () => {
  it('keeps each photo at three widths in WebP and JPEG, serves the browser its format, orders them and deletes one with its files', async () => {
    const { owner, unit } = await ownersRoom();
    const { body: listing } = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    const filesBefore = await storedFiles();
    const first = ListingPhotoSchema.parse((await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', await jpeg(2000, 1500), 'salon.jpg').expect(201)).body);
    const second = ListingPhotoSchema.parse((await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', await png(), 'cocina.png').expect(201)).body);
    expect(first).toMatchObject({ position: 0, width: 2000, height: 1500, url: `/api/public/listing-photos/${first.id}/1280` });
    expect(second.position).toBe(1);
    expect((await storedFiles()).length - filesBefore.length).toBe(2 * LISTING_PHOTO_WIDTHS.length * 2);

    const webp = await t.request().get(first.url).set('Accept', 'image/avif,image/webp,*/*').expect(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toMatch(/Accept/);
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(webp.body).metadata()).width).toBe(1280);
    const jpg = await t.request().get(`/api/public/listing-photos/${first.id}/320`).set('Accept', 'image/jpeg,*/*;q=0.5').expect(200);
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpg.body).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    // A small photo is never enlarged.
    expect((await sharp((await t.request().get(second.url).set('Accept', 'image/jpeg').expect(200)).body).metadata()).width).toBe(40);
    await t.request().get(`/api/public/listing-photos/${first.id}/500`).expect(404);

    const detail = (await t.request().get(`/api/public/listings/${listing.id}`).expect(200)).body;
    expect(detail.images).toEqual([first.url, second.url]);
    const ordered = await owner.agent.put(`/api/listings/${listing.id}/photos/order`).send({ photoIds: [second.id, first.id] }).expect(200);
    expect(ordered.body.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect((await t.request().get(`/api/public/listings/${listing.id}`).expect(200)).body.images).toEqual([second.url, first.url]);
    const badOrder = await owner.agent.put(`/api/listings/${listing.id}/photos/order`).send({ photoIds: [second.id, second.id] }).expect(400);
    expect(badOrder.body.fields).toEqual({ photoIds: LISTING_MESSAGES.photoOrder });

    await owner.agent.delete(`/api/listings/${listing.id}/photos/${second.id}`).expect(204);
    expect((await owner.agent.get(`/api/listings/${listing.id}`).expect(200)).body.photos).toEqual([expect.objectContaining({ id: first.id, position: 0 })]);
    expect((await storedFiles()).length - filesBefore.length).toBe(LISTING_PHOTO_WIDTHS.length * 2);
    await t.request().get(second.url).expect(404);

    // A withdrawn advert's photos are not public.
    await owner.agent.delete(`/api/listings/${listing.id}`).expect(200);
    await t.request().get(first.url).expect(404);
  });

  it('refuses what is not an image by its content, a decompression bomb, an oversized file and a 21st photo, leaving no file behind', async () => {
    const { owner, unit } = await ownersRoom();
    const { body: listing } = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    const before = { rows: await counts(), files: await storedFiles() };

    const pdf = await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\n'), 'foto.jpg').expect(400);
    expect(pdf.body.fields).toEqual({ file: LISTING_MESSAGES.photoType });
    const truncated = (await jpeg(200, 150)).subarray(0, 300);
    await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', truncated, 'cortada.jpg').expect(400);
    const bomb = await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', pngHeaderOnly(10_000, 10_000), 'bomba.png').expect(400);
    expect(bomb.body.fields).toEqual({ file: LISTING_MESSAGES.photoPixels });
    const big = await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', Buffer.alloc(15 * 1024 * 1024 + 1, 1), 'enorme.jpg').expect(413);
    expect(big.body.fields).toEqual({ file: LISTING_MESSAGES.photoSize });
    expect({ rows: await counts(), files: await storedFiles() }).toEqual(before);

    const small = await png();
    for (let i = 0; i < LISTING_PHOTO_MAX; i++) await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', small, `foto-${i}.png`).expect(201);
    const filesAtMax = await storedFiles();
    const extra = await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', small, 'foto-21.png').expect(409);
    expect(extra.body.fields).toEqual({ file: LISTING_MESSAGES.photoCount });
    expect(await storedFiles()).toEqual(filesAtMax);
    expect(await rowsWhere('listing_photos', { listingId: listing.id })).toBe(LISTING_PHOTO_MAX);
  });

  it("counts a photo's kept sizes in the uploader's storage quota: past it, 409 and no file", async () => {
    const { owner, unit } = await ownersRoom();
    const { body: listing } = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', await jpeg(800, 600), 'a.jpg').expect(201);
    const [{ sizeKb }] = await t.knex('listing_photos').where({ listingId: listing.id });
    expect(sizeKb).toBeGreaterThan(0);
    const quotaKb = USER_PLANS[planForRole('propietario_individual')].storageQuotaMb * 1024;
    // Everything else the account stores leaves less room than the next photo takes.
    await t.knex('documents').insert({ fileName: 'a.pdf', filePath: `lleno-${owner.user.id}`, fileType: 'application/pdf', fileSizeKb: quotaKb - sizeKb - 1, category: 'contrato', uploadedByUserId: owner.user.id });
    const files = await storedFiles();
    const full = await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', await jpeg(800, 600), 'b.jpg').expect(409);
    expect(full.body.error).toBe('storage_quota_exceeded');
    expect(await storedFiles()).toEqual(files);
  });

  it("keeps another owner's hands off: upload, order and delete answer 404", async () => {
    const { owner, unit } = await ownersRoom();
    const { body: listing } = await owner.agent.post(`/api/units/${unit.id}/listing`).send(advert()).expect(201);
    const photo = (await owner.agent.post(`/api/listings/${listing.id}/photos`).attach('file', await png(), 'a.png').expect(201)).body;
    const other = await signedIn('propietario_individual');
    await other.agent.post(`/api/listings/${listing.id}/photos`).attach('file', await png(), 'b.png').expect(404);
    await other.agent.put(`/api/listings/${listing.id}/photos/order`).send({ photoIds: [photo.id] }).expect(404);
    await other.agent.delete(`/api/listings/${listing.id}/photos/${photo.id}`).expect(404);
    await other.agent.delete(`/api/listings/${listing.id}`).expect(404);
    expect(await rowsWhere('listing_photos', { listingId: listing.id })).toBe(1);
  });
});

/** A PNG whose header claims width × height pixels over 100 bytes of pixel data: decoding it would need gigabytes. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(100))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('the catalogue served from memory', () => {
  it('forgets its pages as a write commits: a withdrawn advert is gone from the next page at once, not after the cache time', async () => {
    const cached = await startTestApp({ publicCacheSeconds: 300 });
    try {
      const owner = await buildUser(cached.knex, { roleName: 'propietario_individual' });
      await cached.knex('users').where('id', owner.id).update({ telefono: '612345678' });
      const agent = await signIn(cached, owner);
      const property = await buildProperty(cached.knex, { ownerUserId: owner.id });
      const unit = await buildUnit(cached.knex, { mainPropertyId: property.id, typeName: 'habitacion' });
      const { body: listing } = await agent.post(`/api/units/${unit.id}/listing`).send(advert({ title: 'Habitación del caché' })).expect(201);
      const page = async () => cached.request().get('/api/public/listings').query({ q: 'caché' }).expect(200);
      // Held once the notices of the writes above have arrived (they travel asynchronously).
      expect(await eventually(async () => (await page()).headers['x-cache'] !== 'hit')).toBe(false);
      expect((await page()).body.items.map((i: { id: number }) => i.id)).toEqual([listing.id]);

      await agent.delete(`/api/listings/${listing.id}`).expect(200);
      expect(await eventually(async () => (await page()).body.items.length > 0)).toBe(false);
    } finally {
      await cached.close();
    }
  });
});

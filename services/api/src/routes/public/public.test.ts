import { LISTING_PRICE_BOUNDS, ListingDetailSchema, PublicListingsPageSchema, type ListingPriceRange } from '@arrendia/api-contract';
import zlib from 'node:zlib';
import { seedDemo } from '../../seeds/demo';
import { DEMO_LISTINGS, type DemoListing } from '../../seeds/demoListings';
import { buildProperty, buildUnit, buildUser } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.knex);
}, 60_000);
afterAll(() => t.close());

/** Lower-case without accents: what the search compares. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const inRange = (price: string, range: ListingPriceRange) => {
  const { min, max } = LISTING_PRICE_BOUNDS[range];
  const p = Number(price);
  return (min == null || p > min) && (max == null || p <= max);
};

/** The titles the seed implies for a filter: the oracle the API must agree with. */
function expected(filter: { q?: string; type?: string; district?: string; price?: ListingPriceRange }): string[] {
  return DEMO_LISTINGS.filter(
    (l: DemoListing) =>
      (!filter.q || [l.title, l.address, l.district].some((f) => fold(f).includes(fold(filter.q!)))) &&
      (!filter.type || l.type === filter.type) &&
      (!filter.district || l.district === filter.district) &&
      (!filter.price || inRange(l.price, filter.price)),
  )
    .map((l) => l.title)
    .sort();
}

async function list(query: Record<string, string | number>) {
  const res = await t.request().get('/api/public/listings').query({ pageSize: 48, ...query }).expect(200);
  return PublicListingsPageSchema.parse(res.body);
}

async function firstListingId(): Promise<number> {
  return (await list({})).items[0]!.id;
}

describe('GET /api/public/listings', () => {
  it('answers without a session with every published listing of the seed, newest first', async () => {
    const page = await list({});
    expect(page.total).toBe(DEMO_LISTINGS.length);
    expect(page.items.map((i) => i.title).sort()).toEqual(expected({}));
    const posted = page.items.map((i) => i.posted);
    expect([...posted].sort().reverse()).toEqual(posted);
  });

  it('covers the five districts, every type and every price range', async () => {
    const page = await list({});
    expect(new Set(page.items.map((i) => i.district)).size).toBe(5);
    expect(new Set(page.items.map((i) => i.type)).size).toBe(5);
    for (const range of Object.keys(LISTING_PRICE_BOUNDS) as ListingPriceRange[]) expect(expected({ price: range }).length).toBeGreaterThan(0);
    expect(page.items.some((i) => i.agency === 'Inmobiliaria Castellana S.L.')).toBe(true);
    expect(page.items.some((i) => i.floor !== null && i.floor < 0)).toBe(true);
  });

  it.each([
    [{ type: 'Habitación' }],
    [{ type: 'Garaje' }],
    [{ type: 'Local Comercial' }],
    [{ type: 'Estudio' }],
    [{ district: 'Salamanca' }],
    [{ district: 'Chamberí' }],
    [{ price: 'hasta-500' as const }],
    [{ price: '500-1000' as const }],
    [{ price: '1000-2000' as const }],
    [{ price: 'mas-2000' as const }],
    [{ q: 'CHAMBERI' }],
    [{ q: 'velazquez' }],
    [{ q: 'ático' }],
    [{ type: 'Apartamento', district: 'Salamanca' }],
    [{ type: 'Apartamento', price: '1000-2000' as const }],
    [{ district: 'Malasaña', price: '500-1000' as const, type: 'Habitación' }],
    [{ q: 'calle', district: 'La Latina', price: 'hasta-500' as const }],
  ])('filters %j in SQL to exactly the listings the seed implies', async (filter) => {
    const page = await list(filter);
    const titles = expected(filter);
    expect(page.items.map((i) => i.title).sort()).toEqual(titles);
    expect(page.total).toBe(titles.length);
  });

  it('averages the price over all matches, rounded, not over the page', async () => {
    const prices = DEMO_LISTINGS.map((l) => Number(l.price));
    const page = await list({ pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.averagePrice).toBe(Math.round(prices.reduce((a, b) => a + b, 0) / prices.length));
  });

  it('answers an empty page with total 0 and average 0 when nothing matches', async () => {
    const page = await list({ q: 'zzzz-nada' });
    expect(page).toMatchObject({ items: [], total: 0, averagePrice: 0 });
  });

  it('pages by 12 by default, and the pages do not overlap', async () => {
    const res = await t.request().get('/api/public/listings').expect(200);
    const first = PublicListingsPageSchema.parse(res.body);
    expect(first).toMatchObject({ page: 1, pageSize: 12, total: DEMO_LISTINGS.length });
    expect(first.items).toHaveLength(12);
    const second = await list({ page: 2, pageSize: 12 });
    expect(second.items).toHaveLength(DEMO_LISTINGS.length - 12);
    expect(second.items.filter((i) => first.items.some((f) => f.id === i.id))).toEqual([]);
  });

  it('refuses an unknown filter value with 400 naming it', async () => {
    const res = await t.request().get('/api/public/listings?type=Castillo&price=gratis').expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields).sort()).toEqual(['price', 'type']);
  });

  it('puts a price on a range bound in the lower range (max inclusive, min exclusive)', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const ids: number[] = [];
    for (const price of ['500.00', '1000.00', '2000.00']) {
      const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
      const [row] = await t
        .knex('unit_listings')
        .insert({
          rentableUnitId: unit.id,
          listingType: 'Estudio',
          title: `Límite ${price}`,
          address: 'Calle del Límite, 1',
          district: 'Centro',
          price,
          description: 'x',
          fullDescription: 'x',
          contactName: 'x',
          contactPhone: 'x',
          contactEmail: 'x@example.com',
        })
        .returning('id');
      ids.push(row.id);
    }
    try {
      const titles = async (price: string) => (await list({ q: 'Límite', price })).items.map((i) => i.title).sort();
      expect(await titles('hasta-500')).toEqual(['Límite 500.00']);
      expect(await titles('500-1000')).toEqual(['Límite 1000.00']);
      expect(await titles('1000-2000')).toEqual(['Límite 2000.00']);
      expect(await titles('mas-2000')).toEqual([]);
    } finally {
      await t.knex('unit_listings').whereIn('id', ids).delete();
    }
  });

  it('leaves out unpublished listings', async () => {
    const id = await firstListingId();
    await t.knex('unit_listings').where({ id }).update({ isPublished: false });
    try {
      expect((await list({})).items.map((i) => i.id)).not.toContain(id);
    } finally {
      await t.knex('unit_listings').where({ id }).update({ isPublished: true });
    }
  });
});

describe('GET /api/public/listings/:id', () => {
  it('answers the detail and counts one view', async () => {
    const id = await firstListingId();
    const before = (await t.knex('unit_listings').where({ id }).first('views')).views;
    const res = await t.request().get(`/api/public/listings/${id}`).expect(200);
    const detail = ListingDetailSchema.parse(res.body);
    expect(detail.id).toBe(id);
    expect(detail.nearbyPlaces.length).toBeGreaterThan(0);
    expect(detail.views).toBe(before + 1);
    expect((await t.knex('unit_listings').where({ id }).first('views')).views).toBe(before + 1);
  });

  it.each(['999999', 'abc', '0'])('answers 404 in the error shape for %s', async (id) => {
    const res = await t.request().get(`/api/public/listings/${id}`).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'La propiedad que buscas no está disponible' });
  });

  it('answers 404 for an unpublished listing', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const [row] = await t
      .knex('unit_listings')
      .insert({
        rentableUnitId: unit.id,
        isPublished: false,
        listingType: 'Apartamento',
        title: 'Borrador',
        address: 'Calle Falsa, 1',
        district: 'Centro',
        price: '900.00',
        description: 'x',
        fullDescription: 'x',
        contactName: 'x',
        contactPhone: 'x',
        contactEmail: 'x@example.com',
      })
      .returning('id');
    await t.request().get(`/api/public/listings/${row.id}`).expect(404);
  });
});

describe('POST /api/public/leads', () => {
  it('stores the lead for the owner and the agency, notifies them and audits it with no user', async () => {
    const listing = await t
      .knex('unit_listings as l')
      .join('rentable_units as u', 'u.id', 'l.rentableUnitId')
      .join('main_properties as p', 'p.id', 'u.mainPropertyId')
      .whereNotNull('p.managerAgencyId')
      .first('l.id', 'p.ownerUserId', 'p.managerAgencyId');
    const res = await t
      .request()
      .post('/api/public/leads')
      .send({ listingId: listing.id, name: 'Ana Visitante', email: 'ANA@example.com', phone: '', message: 'Me interesa, ¿puedo visitarlo?' })
      .expect(201);
    const lead = await t.knex('leads').where({ id: res.body.id }).first();
    expect(lead).toMatchObject({
      listingId: listing.id,
      recipientUserId: listing.ownerUserId,
      agencyId: listing.managerAgencyId,
      email: 'ana@example.com',
      phone: null,
    });
    // The notification opens the lead (issue 32).
    const notes = await t.knex('notifications').where({ notificationType: 'new_lead', relatedEntityType: 'lead', relatedEntityId: res.body.id }).pluck('recipientUserId');
    expect(notes).toContain(listing.ownerUserId);
    expect(notes.length).toBeGreaterThan(1);
    // Announced live to the same people.
    const live = await t.knex('live_events').where('type', 'notification.created').orderBy('id', 'desc').first();
    expect([...live.recipientUserIds].sort((a: number, b: number) => a - b)).toEqual([...notes].sort((a, b) => a - b));
    const log = await t.knex('audit_log').where({ tableName: 'leads', recordId: String(res.body.id) }).first();
    expect(log).toMatchObject({ userId: null, action: 'create' });
    // A phone is kept as its 9 digits (issue 31); one that is not Spanish is a 400 on the field.
    const withPhone = await t.request().post('/api/public/leads').send({ listingId: listing.id, name: 'Luis', email: 'luis@example.com', phone: '+34 611-22-33-44', message: 'Hola' }).expect(201);
    expect((await t.knex('leads').where({ id: withPhone.body.id }).first('phone')).phone).toBe('611223344');
    const badPhone = await t.request().post('/api/public/leads').send({ listingId: listing.id, name: 'Luis', email: 'luis@example.com', phone: '12 34', message: 'Hola' }).expect(400);
    expect(badPhone.body.fields).toEqual({ phone: 'El teléfono no es válido' });
  });

  it('refuses a lead without name, with a bad email and without message with 400 naming each field, writing nothing', async () => {
    const before = await Promise.all(['leads', 'notifications', 'audit_log'].map((table) => countRows(t.knex, table)));
    const res = await t
      .request()
      .post('/api/public/leads')
      .send({ listingId: await firstListingId(), name: '  ', email: 'no-es-un-correo', message: '' })
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields).toEqual({
      name: 'El nombre es obligatorio',
      email: 'Introduce un correo electrónico válido',
      message: 'El mensaje es obligatorio',
    });
    expect(await Promise.all(['leads', 'notifications', 'audit_log'].map((table) => countRows(t.knex, table)))).toEqual(before);
  });

  it('answers 404 for a listing that does not exist and writes nothing', async () => {
    const before = await countRows(t.knex, 'leads');
    await t.request().post('/api/public/leads').send({ listingId: 999999, name: 'Ana', email: 'ana@example.com', message: 'Hola' }).expect(404);
    expect(await countRows(t.knex, 'leads')).toBe(before);
  });
});

describe('POST /api/public/leads rate limit', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await startTestApp();
    await seedDemo(fresh.knex);
  }, 60_000);
  afterAll(() => fresh.close());

  it('accepts 5 leads per ip in 10 minutes and answers the 6th with 429 in the error shape', async () => {
    const { id } = await fresh.knex('unit_listings').first('id');
    const lead = { listingId: id, name: 'Ana', email: 'ana@example.com', message: 'Hola' };
    const before = await countRows(fresh.knex, 'leads');
    for (let i = 0; i < 5; i++) await fresh.request().post('/api/public/leads').send(lead).expect(201);
    const res = await fresh.request().post('/api/public/leads').send(lead).expect(429);
    expect(res.body.error).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(fresh.knex, 'leads')).toBe(before + 5);
  });
});

describe('GET /api/placeholder/:w/:h', () => {
  it('draws an SVG of the asked size, cacheable for a year', async () => {
    const res = await t.request().get('/api/placeholder/800/600').buffer(true).parse((r, cb) => {
      let data = '';
      r.on('data', (c: Buffer) => (data += c.toString()));
      r.on('end', () => cb(null, data));
    }).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('width="800" height="600"');
  });

  it.each([['0', '600'], ['5000', '600'], ['abc', '600'], ['1.5', '600']])('falls back to 400 for a width of %s', async (w, h) => {
    const res = await t.request().get(`/api/placeholder/${w}/${h}`).buffer(true).parse((r, cb) => {
      let data = '';
      r.on('data', (c: Buffer) => (data += c.toString()));
      r.on('end', () => cb(null, data));
    }).expect(200);
    expect(res.body).toContain(`width="400" height="${h}"`);
  });
});

describe('GET /api/public/listings from memory (PUBLIC_CACHE_SECONDS)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await startTestApp({ publicCacheSeconds: 60 });
    await seedDemo(cached.knex);
  }, 60_000);
  afterAll(() => cached.close());

  it('answers the same search from memory until it expires; another search is asked anew', async () => {
    const first = await cached.request().get('/api/public/listings').query({ district: 'Chamberí' }).expect(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.body.total).toBeGreaterThan(0);
    // A listing leaves the catalogue: within the cache time the same page is still served.
    await cached.knex('unit_listings').where({ district: 'Chamberí' }).update({ isPublished: false });
    const again = await cached.request().get('/api/public/listings').query({ district: 'Chamberí' }).expect(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toEqual(first.body);
    const other = await cached.request().get('/api/public/listings').query({ district: 'Chamberí', page: 1, type: 'Apartamento' }).expect(200);
    expect(other.headers['x-cache']).toBe('miss');
    expect(other.body.total).toBe(0);
  });

  it('serializes and compresses a page held in memory once, and answers it alike to every client', async () => {
    const gzipSync = jest.spyOn(zlib, 'gzipSync');
    try {
      const query = { page: 1 };
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await cached.request().get('/api/public/listings').query(query).set('Accept-Encoding', 'gzip').expect(200));
      expect(answers.map((res) => res.headers['content-encoding'])).toEqual(['gzip', 'gzip', 'gzip']);
      expect(answers.map((res) => res.headers['x-cache'])).toEqual(['miss', 'hit', 'hit']);
      expect(gzipSync).toHaveBeenCalledTimes(1);
      expect(answers[0]!.body.items.length).toBeGreaterThan(0);
      for (const res of answers) expect(res.body).toEqual(answers[0]!.body);

      const plain = await cached.request().get('/api/public/listings').query(query).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(plain.body).toEqual(answers[0]!.body);
      const head = await cached.request().head('/api/public/listings').query(query).set('Accept-Encoding', 'identity').expect(200);
      expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(answers[0]!.body)));
      expect(gzipSync).toHaveBeenCalledTimes(1);
    } finally {
      gzipSync.mockRestore();
    }
  });

  it('never caches a refused query', async () => {
    await cached.request().get('/api/public/listings').query({ district: 'Narnia' }).expect(400);
    const res = await cached.request().get('/api/public/listings').query({ district: 'Narnia' }).expect(400);
    expect(res.body.fields.district).toBe('Zona no válida');
  });
});

describe('GET /api/public/site', () => {
  it('says whether the demo accounts exist, so the landing shows its demo block only then (issue 33)', async () => {
    // The suite's app runs with DEMO_MODE off, as production does.
    expect((await t.request().get('/api/public/site').expect(200)).body).toEqual({ demoAccounts: false });
    const demo = await startTestApp({ demoMode: true });
    try {
      const res = await demo.request().get('/api/public/site').expect(200);
      expect(res.body).toEqual({ demoAccounts: true });
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      await demo.close();
    }
  });
});

import { INDEX_VALUE_INE_SOURCE, INDEX_VALUE_MESSAGES, IndexValueFetchResultSchema, IndexValueSchema, RENT_UPDATE_MESSAGES, UNKNOWN_SORT_MESSAGE } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { ROLE_NAMES, type RoleName } from '@arrendia/permissions';
import { proposeRentUpdates } from '../../commands/rentUpdater';
import { recordedAnswer, startFakeIne, type FakeIne } from '../../indexValues/fakeIne';
import { INE_SERIES_CODES, IneError, readIneSeries } from '../../indexValues/ineClient';
import { ConfigError, DEFAULT_INE_API_URL, readConfig } from '../../env';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let ine: FakeIne;
beforeAll(async () => {
  ine = await startFakeIne();
  t = await startTestApp({ ineApiUrl: ine.url });
});
afterAll(async () => {
  await t.close();
  await ine.close();
});
beforeEach(() => {
  ine.mode = 'recorded';
  ine.requests = [];
});

const needsAgency = (role: RoleName) => role === 'agente' || role === 'admin_agencia';
async function as(roleName: RoleName) {
  const agency = needsAgency(roleName) ? await buildAgency(t.knex) : null;
  return signIn(t, await buildUser(t.knex, { roleName, agencyId: agency?.id ?? null }));
}
const counts = async () => ({ values: await countRows(t.knex, 'index_values'), audit: await countRows(t.knex, 'audit_log'), updates: await countRows(t.knex, 'rent_updates') });
const stored = (series: string) => t.knex('index_values').where({ series }).orderBy('month', 'desc').pluck('month');
/** A valid form: a month far from the shipped ones, different for each call. */
let nextYear = 2040;
const form = (overrides: Record<string, unknown> = {}) => {
  const year = nextYear++;
  return { series: 'IGC', month: `${year}-03`, value: 1.25, publishedOn: `${year}-05-20`, ...overrides };
};

describe('access', () => {
  it('answers 401 signed out on every endpoint and writes nothing', async () => {
    const before = await counts();
    await t.request().get('/api/index-values').expect(401);
    await t.request().post('/api/index-values').send(form()).expect(401);
    await t.request().post('/api/index-values/fetch').send({}).expect(401);
    expect(await counts()).toEqual(before);
    expect(ine.requests).toEqual([]);
  });

  it.each(ROLE_NAMES.filter((r) => r !== 'super_admin'))('refuses %s the writes with 403 and writes nothing, nor reads the INE', async (role) => {
    const api = await as(role);
    const before = await counts();
    for (const res of [await api.post('/api/index-values').send(form()), await api.post('/api/index-values/fetch').send({})]) {
      expect([res.status, res.body.error]).toEqual([403, 'forbidden']);
    }
    expect(await counts()).toEqual(before);
    expect(ine.requests).toEqual([]);
  });

  it.each(['super_admin', 'propietario_individual', 'admin_agencia', 'agente', 'propietario_delegado'] as const)('lets %s read the list', async (role) => {
    await (await as(role)).get('/api/index-values?pageSize=1').expect(200);
  });

  it('refuses a tenant the list (403)', async () => {
    expect((await (await as('inquilino')).get('/api/index-values').expect(403)).body.error).toBe('forbidden');
  });
});

describe('GET /api/index-values', () => {
  it('lists one series newest month first, paged, with X-Total-Count', async () => {
    const api = await as('propietario_individual');
    const months = await stored('IRAV');
    const first = await api.get('/api/index-values?series=IRAV&pageSize=5').expect(200);
    expect(first.headers['x-total-count']).toBe(String(months.length));
    expect(first.body.map((v: { month: string }) => v.month)).toEqual(months.slice(0, 5));
    expect(new Set(first.body.map((v: { series: string }) => v.series))).toEqual(new Set(['IRAV']));
    const second = await api.get('/api/index-values?series=IRAV&pageSize=5&page=2').expect(200);
    expect(second.body.map((v: { month: string }) => v.month)).toEqual(months.slice(5, 10));
    // The shipped December 2025 IRAV, as the screens read it.
    expect(IndexValueSchema.strict().parse(first.body.find((v: { month: string }) => v.month === '2025-12'))).toMatchObject({ series: 'IRAV', month: '2025-12', value: '2.32', publishedOn: '2026-01-15' });
  });

  it('lists every series by default, and sorts by month either way', async () => {
    const api = await as('super_admin');
    const all = await api.get('/api/index-values?pageSize=100').expect(200);
    expect(all.headers['x-total-count']).toBe(String(await countRows(t.knex, 'index_values')));
    expect(new Set(all.body.map((v: { series: string }) => v.series))).toEqual(new Set(['IPC', 'IGC', 'IRAV']));
    const months = all.body.map((v: { month: string }) => v.month);
    expect(months).toEqual([...months].sort().reverse());
    const oldest = await api.get('/api/index-values?series=IPC&sort=month&pageSize=3').expect(200);
    expect(oldest.body.map((v: { month: string }) => v.month)).toEqual(['2022-01', '2022-02', '2022-03']);
    const newest = await api.get('/api/index-values?series=IPC&sort=-month&pageSize=1').expect(200);
    expect(newest.body[0].month).toBe((await stored('IPC'))[0]);
  });

  it('refuses an unknown sort or series with 400 in Spanish', async () => {
    const api = await as('super_admin');
    expect((await api.get('/api/index-values?sort=value').expect(400)).body.fields).toEqual({ sort: UNKNOWN_SORT_MESSAGE });
    expect((await api.get('/api/index-values?series=EURIBOR').expect(400)).body.fields).toEqual({ series: 'Serie no válida: IPC, IGC o IRAV' });
  });
});

describe('POST /api/index-values', () => {
  it('stores the value with who added it, audits it and answers 201 with it', async () => {
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });
    const api = await signIn(t, admin);
    const res = await api.post('/api/index-values').send(form({ series: 'IRAV', month: '2031-04', value: '2.125', publishedOn: '2031-05-14', source: 'INE, nota de prensa' })).expect(201);
    expect(IndexValueSchema.strict().parse(res.body)).toEqual({ id: expect.any(Number), series: 'IRAV', month: '2031-04', value: '2.125', publishedOn: '2031-05-14', source: 'INE, nota de prensa', createdAt: expect.any(String) });
    expect(await t.knex('index_values').where({ id: res.body.id }).first()).toMatchObject({ createdByUserId: admin.id, value: '2.125' });
    const audited = await t.knex('audit_log').where({ tableName: 'index_values', recordId: String(res.body.id), action: 'create' }).first();
    expect(audited).toMatchObject({ userId: admin.id, newValues: expect.objectContaining({ series: 'IRAV', month: '2031-04' }) });
  });

  it('names who typed it when no source is given', async () => {
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });
    const res = await (await signIn(t, admin)).post('/api/index-values').send(form()).expect(201);
    expect(res.body.source).toBe(`Introducido a mano por ${admin.email}`);
  });

  it.each([
    ['a month not as AAAA-MM', { month: '2031-4' }, 'month', 'El mes debe tener el formato AAAA-MM'],
    ['month 13', { month: '2031-13' }, 'month', 'El mes debe tener el formato AAAA-MM'],
    ['a value with four decimals', { value: 2.1234 }, 'value', 'Como mucho tres decimales'],
    ['a value that is no number', { value: 'dos' }, 'value', 'Indica la variación en %'],
    ['a publication date in the month itself', { month: '2031-06', publishedOn: '2031-06-30' }, 'publishedOn', 'Un índice se publica después del mes al que se refiere'],
    ['a publication date before the month', { month: '2031-06', publishedOn: '2031-05-15' }, 'publishedOn', 'Un índice se publica después del mes al que se refiere'],
    ['an unknown series', { series: 'EURIBOR' }, 'series', 'Serie no válida: IPC, IGC o IRAV'],
    ['an unknown field', { createdByUserId: 1 }, 'createdByUserId', expect.any(String)],
  ])('refuses %s with 400 in Spanish and writes nothing', async (_what, change, field, message) => {
    const api = await as('super_admin');
    const before = await counts();
    const res = await api.post('/api/index-values').send(form(change)).expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { [field]: message } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a month of a series already stored with 409 and writes nothing', async () => {
    const api = await as('super_admin');
    const before = await counts();
    const res = await api.post('/api/index-values').send({ series: 'IPC', month: '2025-09', value: 3.1, publishedOn: '2025-10-15' }).expect(409);
    expect(res.body).toEqual({ error: 'conflict', message: RENT_UPDATE_MESSAGES.indexExists, fields: { month: RENT_UPDATE_MESSAGES.indexExists } });
    expect(await counts()).toEqual(before);
    // The same month of another series is another value.
    await api.post('/api/index-values').send({ series: 'IGC', month: '2031-09', value: 0.5, publishedOn: '2031-11-25' }).expect(201);
    await api.post('/api/index-values').send({ series: 'IRAV', month: '2031-09', value: 0.5, publishedOn: '2031-11-25' }).expect(201);
  });

  it('completes at once a proposal that was waiting for that value', async () => {
    // A home leased from July 2024 with an IRAV clause: its 2025 update reads May 2025, whose IRAV is not shipped.
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, startDate: '2024-07-01', endDate: '2029-06-30', rentAmount: '1000.00' });
    await t.knex('contracts').where({ id: contract.id }).update({ rentUpdateMechanism: 'irav', leaseUse: 'vivienda', signedOn: '2024-07-01' });
    expect(await stored('IRAV')).not.toContain('2025-05');
    await t.knex.transaction((trx) => proposeRentUpdates(trx, '2025-06-01'));
    const waiting = await t.knex('rent_updates').where({ contractId: contract.id }).first();
    expect(waiting).toMatchObject({ status: 'pendiente_indice', referenceMonth: '2025-05', newRent: null });
    expect(waiting.waitingFor).toMatch(/mayo de 2025/);

    const api = await as('super_admin');
    await api.post('/api/index-values').send({ series: 'IRAV', month: '2025-05', value: 2.05, publishedOn: '2025-06-13' }).expect(201);
    const done = await t.knex('rent_updates').where({ id: waiting.id }).first();
    expect(done).toMatchObject({ status: 'propuesta', waitingFor: null, referenceMonth: '2025-05', oldRent: '1000.00' });
    // Limited by the IRAV (2,05 %) and the IPC of May 2025 (2,0 %, shipped): never above either.
    expect(Number(done.percent)).toBeGreaterThan(0);
    expect(Number(done.percent)).toBeLessThanOrEqual(2.05);
    expect(Number(done.newRent)).toBeCloseTo(1000 * (1 + Number(done.percent) / 100), 2);
    const audited = await t.knex('audit_log').where({ tableName: 'rent_updates', recordId: String(waiting.id), action: 'update' }).count({ n: '*' }).first();
    expect(Number(audited?.n)).toBe(1);
  });
});

/** What the recorded answers hold that is not stored yet, by series. */
async function newInRecording(): Promise<{ series: string; month: string; value: string }[]> {
  const found: { series: string; month: string; value: string }[] = [];
  for (const [series, code] of Object.entries(INE_SERIES_CODES)) {
    const have = await stored(series);
    for (const p of recordedAnswer(code).Data) {
      const month = `${p.Anyo}-${String(p.FK_Periodo).padStart(2, '0')}`;
      if (!have.includes(month)) found.push({ series, month, value: String(p.Valor) });
    }
  }
  return found;
}

describe('POST /api/index-values/fetch', () => {
  // One order: the first fetch adds what the recordings hold beyond the shipped months, the next adds nothing.
  it('adds the months not stored, skips the stored ones, and a second fetch adds nothing', async () => {
    const api = await as('super_admin');
    const expected = await newInRecording();
    expect(expected.length).toBeGreaterThan(0);
    const recorded = Object.values(INE_SERIES_CODES).reduce((n, code) => n + recordedAnswer(code).Data.length, 0);
    const before = await counts();
    const res = await api.post('/api/index-values/fetch').send({}).expect(200);
    const body = IndexValueFetchResultSchema.parse(res.body);
    expect(body.added.map(({ series, month, value }) => ({ series, month, value }))).toEqual(expect.arrayContaining(expected));
    expect(body.added).toHaveLength(expected.length);
    expect(body.skipped).toBe(recorded - expected.length);
    for (const value of body.added) expect(value).toMatchObject({ source: INDEX_VALUE_INE_SOURCE, publishedOn: todayIso() });
    expect(await counts()).toEqual({ ...before, values: before.values + expected.length, audit: before.audit + expected.length });
    // One request per series, for the default 12 months.
    expect([...ine.requests].sort()).toEqual(Object.values(INE_SERIES_CODES).map((code) => `/wstempus/js/ES/DATOS_SERIE/${code}?nult=12`).sort());

    const again = await api.post('/api/index-values/fetch').send({ months: 3 }).expect(200);
    expect(again.body.added).toEqual([]);
    expect(again.body.skipped).toBeGreaterThan(0);
    expect(await countRows(t.knex, 'index_values')).toBe(before.values + expected.length);
  });

  it.each([
    ['answers 500', 'error500', INDEX_VALUE_MESSAGES.ineUnreachable],
    ['answers garbage', 'garbage', INDEX_VALUE_MESSAGES.ineBadAnswer],
  ] as const)('answers 502 in Spanish and writes nothing when the INE %s', async (_what, mode, message) => {
    const api = await as('super_admin');
    ine.mode = mode;
    const before = await counts();
    const res = await api.post('/api/index-values/fetch').send({}).expect(502);
    expect(res.body).toEqual({ error: 'bad_gateway', message });
    expect(await counts()).toEqual(before);
  });

  it('answers 502 without reading anything when no INE address is configured', async () => {
    const bare = await startTestApp();
    try {
      const api = await signIn(bare, await buildUser(bare.knex, { roleName: 'super_admin' }));
      const res = await api.post('/api/index-values/fetch').send({}).expect(502);
      expect(res.body).toEqual({ error: 'bad_gateway', message: INDEX_VALUE_MESSAGES.ineNotConfigured });
    } finally {
      await bare.close();
    }
  });

  it('refuses a months count out of range (400) without reading the INE', async () => {
    const api = await as('super_admin');
    expect((await api.post('/api/index-values/fetch').send({ months: 0 }).expect(400)).body.fields).toEqual({ months: 'Entre 1 y 60 meses' });
    expect((await api.post('/api/index-values/fetch').send({ since: '2020' }).expect(400)).body.error).toBe('validation_error');
    expect(ine.requests).toEqual([]);
  });
});

describe('the INE client', () => {
  it('reads INE_API_URL from the environment, the INE by default, and refuses one that is no http(s) URL', () => {
    expect(readConfig({}, '/tmp').ineApiUrl).toBe(DEFAULT_INE_API_URL);
    expect(readConfig({ INE_API_URL: 'http://127.0.0.1:9/wstempus/js/ES/' }, '/tmp').ineApiUrl).toBe('http://127.0.0.1:9/wstempus/js/ES');
    expect(() => readConfig({ INE_API_URL: 'ftp://ine.es' }, '/tmp')).toThrow(ConfigError);
  });

  it('reads a recorded answer as months and values', async () => {
    const readings = await readIneSeries(ine.url, 'IRAV1', 2);
    expect(readings).toEqual([
      { month: '2026-02', value: 2.11 },
      { month: '2026-03', value: 2.07 },
    ]);
  });

  it('gives up on a server that does not answer in time', async () => {
    ine.mode = 'stall';
    const started = Date.now();
    await expect(readIneSeries(ine.url, 'IRAV1', 2, { timeoutMs: 200 })).rejects.toEqual(expect.objectContaining({ kind: 'unreachable' }));
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an answer of another series, and a period that is not a month', async () => {
    const answer = recordedAnswer('IGC1');
    const fetchImpl = (async () => new Response(JSON.stringify(answer))) as typeof fetch;
    await expect(readIneSeries('http://ine.test', 'IRAV1', 4, { fetchImpl })).rejects.toBeInstanceOf(IneError);
    const quarterly = { ...answer, Data: [{ ...answer.Data[0], FK_Periodo: 19 }] };
    await expect(readIneSeries('http://ine.test', 'IGC1', 4, { fetchImpl: (async () => new Response(JSON.stringify(quarterly))) as typeof fetch })).rejects.toEqual(expect.objectContaining({ kind: 'bad_answer' }));
  });
});

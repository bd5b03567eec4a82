import type { Readable } from 'node:stream';
import { AuditLogEntrySchema, AuditLogFacetsSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import type { Response } from 'supertest';
import type { Ctx } from '../../context';
import type { User } from '../../models/User';
import { buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import { exportCsv } from './auditLog';
import { CSV_BATCH_ROWS } from '../../queries/auditLogRows';

// Starting the app and hashing the admin's password can outlast jest's 5 s on a busy machine.

let t: TestApp;
let admin: ReturnType<TestApp['agent']>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
});
afterAll(() => t.close());

const signedIn = (user: User) => signIn(t, user);

interface Row {
  tableName: string;
  action?: string;
  recordId?: string | null;
  userId?: number | null;
  changedAt?: string;
  oldValues?: object | null;
  newValues?: object | null;
}

/** Writes audit rows as the product would have; each test uses a table name of its own. */
async function insertRows(rows: Row[]): Promise<number[]> {
  const inserted = await t
    .knex('audit_log')
    .insert(
      rows.map((r) => ({
        action: r.action ?? 'update',
        tableName: r.tableName,
        recordId: r.recordId === undefined ? '1' : r.recordId,
        userId: r.userId ?? null,
        changedAt: r.changedAt ?? new Date().toISOString(),
        oldValues: r.oldValues ? JSON.stringify(r.oldValues) : null,
        newValues: r.newValues ? JSON.stringify(r.newValues) : null,
      })),
    )
    .returning('id');
  return inserted.map((r: { id: number }) => Number(r.id));
}

const list = (query: string) => admin.get(`/api/admin/audit-log?${query}`).expect(200);
const recordIds = (res: Response) => res.body.map((r: { recordId: string }) => r.recordId);

/** The CSV's bytes as they came, BOM included. */
const csv = (query: string) =>
  admin
    .get(`/api/admin/audit-log.csv?${query}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const OTHER_ROLES: RoleName[] = ['propietario_individual', 'admin_agencia', 'agente', 'propietario_delegado', 'inquilino'];
const ENDPOINTS = ['/api/admin/audit-log', '/api/admin/audit-log/facets', '/api/admin/audit-log.csv'];

describe('the audit log endpoints', () => {
  it.each(OTHER_ROLES)('answer 403 to %s', async (roleName) => {
    const agent = await signedIn(await buildUser(t.knex, { roleName }));
    for (const url of ENDPOINTS) {
      const res = await agent.get(url).expect(403);
      expect(res.body).toEqual({ error: 'forbidden', message: 'No tienes permiso para realizar esta acción' });
    }
  });

  it('answer 401 signed out', async () => {
    for (const url of ENDPOINTS) expect((await t.request().get(url).expect(401)).body.error).toBe('unauthorized');
  });
});

describe('GET /api/admin/audit-log', () => {
  it("finds the 'create' row of a property an owner created through the API, with its new values", async () => {
    const owner = await buildUser(t.knex, { firstName: 'Remedios', lastName: 'Núñez Ortega' });
    const created = await (await signedIn(owner))
      .post('/api/properties')
      .send({ propertyName: 'Ático en Chamberí', addressStreet: 'Calle de Fuencarral', addressNumber: '120', city: 'Madrid', province: 'Madrid', postalCode: '28010' })
      .expect(201);

    const res = await list(`userId=${owner.id}&tableName=main_properties&action=create`);

    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = AuditLogEntrySchema.strict().array().length(1).parse(res.body);
    expect(row).toMatchObject({ action: 'create', tableName: 'main_properties', recordId: String(created.body.id), oldValues: null, user: { id: owner.id, name: 'Remedios Núñez Ortega', email: owner.email } });
    expect(row.newValues).toMatchObject({ id: created.body.id, propertyName: 'Ático en Chamberí', city: 'Madrid', ownerUserId: owner.id });
    expect(Date.now() - Date.parse(row.changedAt)).toBeLessThan(60_000);
    // The same row by the owner's name, any case and accent, or by part of the email.
    expect(recordIds(await list('user=remedios%20nunez&tableName=main_properties'))).toEqual([String(created.body.id)]);
    expect(recordIds(await list(`user=${encodeURIComponent(owner.email.slice(0, 12).toUpperCase())}&tableName=main_properties`))).toEqual([String(created.body.id)]);
  });

  it('narrows the rows by each filter', async () => {
    const ana = await buildUser(t.knex, { firstName: 'Ána', lastName: 'Filtro' });
    const luis = await buildUser(t.knex, { firstName: 'Luis', lastName: 'Filtro', email: `luis.50%_filtro.${Date.now()}@prueba.arrendia.es` });
    await insertRows([
      { tableName: 'prueba_filtros', recordId: 'a-update', userId: ana.id, changedAt: '2026-03-01T10:00:00Z' },
      { tableName: 'prueba_filtros', recordId: 'a-delete', userId: ana.id, action: 'delete', changedAt: '2026-03-01T11:00:00Z' },
      { tableName: 'prueba_filtros', recordId: 'l-update', userId: luis.id, changedAt: '2026-03-01T12:00:00Z' },
      { tableName: 'prueba_filtros', recordId: 'system', changedAt: '2026-03-01T13:00:00Z' },
      { tableName: 'prueba_filtros_otra', recordId: 'other-table', userId: ana.id, changedAt: '2026-03-01T14:00:00Z' },
    ]);
    const scope = 'tableName=prueba_filtros';

    expect(recordIds(await list(scope))).toEqual(['system', 'l-update', 'a-delete', 'a-update']);
    expect(recordIds(await list(`${scope}&userId=${ana.id}`))).toEqual(['a-delete', 'a-update']);
    expect(recordIds(await list(`${scope}&user=ANA%20filtro`))).toEqual(['a-delete', 'a-update']);
    // % and _ are letters to look for, not wildcards.
    expect(recordIds(await list(`${scope}&user=50%25_`))).toEqual(['l-update']);
    expect(recordIds(await list(`${scope}&user=filtro`))).toEqual(['l-update', 'a-delete', 'a-update']);
    expect(recordIds(await list(`${scope}&action=delete`))).toEqual(['a-delete']);
    expect(recordIds(await list(`tableName=prueba_filtros_otra`))).toEqual(['other-table']);
    // Empty values, as the screen's "todas" sends them, filter nothing.
    expect(recordIds(await list(`${scope}&user=&action=&userId=&from=&to=`))).toHaveLength(4);
    expect((await list(`${scope}&user=nadie-coincide`)).body).toEqual([]);
  });

  it('reads from and to as Madrid calendar days, both included, in winter and summer time', async () => {
    await insertRows([
      { tableName: 'prueba_fechas', recordId: 'mar-01 23:30', changedAt: '2026-03-01T22:30:00Z' },
      { tableName: 'prueba_fechas', recordId: 'mar-02 00:30', changedAt: '2026-03-01T23:30:00Z' },
      { tableName: 'prueba_fechas', recordId: 'jul-31 23:30', changedAt: '2026-07-31T21:30:00Z' },
      { tableName: 'prueba_fechas', recordId: 'ago-01 00:30', changedAt: '2026-07-31T22:30:00Z' },
    ]);
    const scope = 'tableName=prueba_fechas';

    expect(recordIds(await list(`${scope}&to=2026-03-01`))).toEqual(['mar-01 23:30']);
    expect(recordIds(await list(`${scope}&from=2026-03-02&to=2026-03-02`))).toEqual(['mar-02 00:30']);
    expect(recordIds(await list(`${scope}&from=2026-03-02&to=2026-07-31`))).toEqual(['jul-31 23:30', 'mar-02 00:30']);
    expect(recordIds(await list(`${scope}&from=2026-08-01`))).toEqual(['ago-01 00:30']);
  });

  it('pages newest first, ties by id, with the total in X-Total-Count', async () => {
    const ids = await insertRows(Array.from({ length: 25 }, (_, i) => ({ tableName: 'prueba_paginas', recordId: String(i), changedAt: i < 20 ? '2026-04-01T10:00:00Z' : `2026-04-0${i - 18}T10:00:00Z` })));
    const newestFirst = [...ids.slice(20).reverse(), ...ids.slice(0, 20).reverse()];

    const first = await list('tableName=prueba_paginas&pageSize=10');
    const third = await list('tableName=prueba_paginas&page=3&pageSize=10');

    expect(first.headers['x-total-count']).toBe('25');
    expect(first.body.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(0, 10));
    expect(third.body.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(20));
    expect(third.headers['x-total-count']).toBe('25');
    expect((await list('tableName=prueba_paginas&page=4&pageSize=10')).body).toEqual([]);

    // ?sort=changedAt: oldest first, ties by id in the same direction; the filters and the total stay.
    const oldestFirst = [...newestFirst].reverse();
    const sorted = await list('tableName=prueba_paginas&sort=changedAt&pageSize=10&page=2');
    expect([sorted.body.map((r: { id: number }) => r.id), sorted.headers['x-total-count']]).toEqual([oldestFirst.slice(10, 20), '25']);
    expect((await list('tableName=prueba_paginas&sort=-changedAt&pageSize=10')).body.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(0, 10));
  });

  it.each([
    ['userId=abc', 'userId', 'Identificador de usuario no válido'],
    ['userId=0x10', 'userId', 'Identificador de usuario no válido'],
    ['userId=99999999999', 'userId', 'Identificador de usuario no válido'],
    ['userId=1&userId=2', 'userId', 'Identificador de usuario no válido'],
    ['tableName=main_properties%3B%20drop', 'tableName', 'Tabla no válida'],
    ['action=Borrar%20todo', 'action', 'Acción no válida'],
    ['from=2026-02-30', 'from', 'La fecha no existe'],
    ['to=01%2F03%2F2026', 'to', 'La fecha debe tener el formato AAAA-MM-DD'],
    ['from=2026-03-02&to=2026-03-01', 'to', 'La fecha final no puede ser anterior a la inicial'],
    [`user=${'x'.repeat(256)}`, 'user', 'Máximo 255 caracteres'],
    ['pageSize=101', 'pageSize', expect.any(String)],
    ['page=0', 'page', expect.any(String)],
    ['sort=tableName', 'sort', 'Campo de ordenación no válido'],
    ['sort=-', 'sort', 'Campo de ordenación no válido'],
  ])('refuses ?%s with 400 and the field', async (query, field, message) => {
    const res = await admin.get(`/api/admin/audit-log?${query}`).expect(400);
    expect(res.body).toEqual({ error: 'validation_error', message: 'Revisa los campos marcados', fields: { [field]: message } });
  });
});

describe('GET /api/admin/audit-log/facets', () => {
  it('lists each table and action in the log once, sorted', async () => {
    await insertRows([
      { tableName: 'prueba_facetas_b', action: 'update' },
      { tableName: 'prueba_facetas_a', action: 'prueba_accion' },
      { tableName: 'prueba_facetas_b', action: 'prueba_accion' },
    ]);
    const facets = AuditLogFacetsSchema.parse((await admin.get('/api/admin/audit-log/facets').expect(200)).body);
    expect(facets.tableNames.filter((n) => n.startsWith('prueba_facetas'))).toEqual(['prueba_facetas_a', 'prueba_facetas_b']);
    expect(facets.actions).toEqual([...new Set(facets.actions)].sort());
    expect(facets.actions).toEqual(expect.arrayContaining(['login', 'prueba_accion', 'update']));
  });
});

describe('GET /api/admin/audit-log.csv', () => {
  it('exports the filtered rows for Spanish Excel: BOM, ; separated, Madrid times to the second, JSON values, escaped', async () => {
    const user = await buildUser(t.knex, { firstName: '=HYPERLINK("http://x")', lastName: 'Pérez' });
    await insertRows([
      { tableName: 'prueba_csv', recordId: '7', userId: user.id, changedAt: '2026-07-01T22:30:05.123Z', oldValues: { notes: 'dijo "hola"; adiós' }, newValues: { notes: 'línea 1\nlínea 2', rent: '-5.00' } },
      { tableName: 'prueba_csv', recordId: '=1+2', action: 'create', changedAt: '2026-01-15T08:00:09Z', newValues: { a: 1 } },
      { tableName: 'prueba_csv', recordId: '+34 600', action: 'delete', changedAt: '2026-01-15T07:00:00Z' },
      { tableName: 'prueba_csv', recordId: '-1', changedAt: '2026-01-15T06:00:00Z' },
      { tableName: 'prueba_csv', recordId: '@SUM(A1)', changedAt: '2026-01-15T05:00:00Z' },
      { tableName: 'prueba_csv_otra', recordId: 'fuera del filtro' },
    ]);

    const res = await csv('tableName=prueba_csv&page=2').expect(200);

    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="auditoria-${todayIso()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-truncated']).toBeUndefined();
    const bytes = res.body as Buffer;
    // (jsonb keeps its keys shortest first: the file shows them as stored.)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Fecha;Usuario;Acción;Tabla;Registro;Valores anteriores;Valores nuevos',
      `02/07/2026 00:30:05;"'=HYPERLINK(""http://x"") Pérez <${user.email}>";Modificación;prueba_csv;7;"{""notes"":""dijo \\""hola\\""; adiós""}";"{""rent"":""-5.00"",""notes"":""línea 1\\nlínea 2""}"`,
      `15/01/2026 09:00:09;Sistema;Creación;prueba_csv;'=1+2;;"{""a"":1}"`,
      `15/01/2026 08:00:00;Sistema;Eliminación;prueba_csv;'+34 600;;`,
      `15/01/2026 07:00:00;Sistema;Modificación;prueba_csv;'-1;;`,
      `15/01/2026 06:00:00;Sistema;Modificación;prueba_csv;'@SUM(A1);;`,
      '',
    ]);
  });

  it('streams more rows than one batch in the list order, microsecond ties included', async () => {
    const total = CSV_BATCH_ROWS * 2 + 50;
    // Three rows per microsecond: a cursor that rounded to milliseconds would skip or repeat rows.
    await t.knex.raw(
      `insert into audit_log ("action", "tableName", "recordId", "changedAt")
       select 'update', 'prueba_lotes', 'r' || i, timestamptz '2026-05-01 10:00:00.000001+00' + ((i / 3) * interval '1 microsecond')
       from generate_series(1, ?) as i`,
      [total],
    );
    const expected = (await t.knex('audit_log').where({ tableName: 'prueba_lotes' }).orderBy([{ column: 'changedAt', order: 'desc' }, { column: 'id', order: 'desc' }]).select('recordId')).map((r) => r.recordId);

    const lines = (await csv('tableName=prueba_lotes').expect(200)).body.toString('utf8').trimEnd().split('\r\n').slice(1);

    expect(lines).toHaveLength(total);
    expect(lines.map((l: string) => l.split(';')[4])).toEqual(expected);
  });

  it('stops at the cap and says where in X-Truncated', async () => {
    await insertRows(Array.from({ length: 4 }, (_, i) => ({ tableName: 'prueba_tope', recordId: String(i), changedAt: `2026-06-0${i + 1}T10:00:00Z` })));
    const run = async (maxRows: number) => {
      const headers: Record<string, string> = {};
      const ctx = { knex: t.knex, query: { tableName: 'prueba_tope' }, set: (k: string, v: string) => void (headers[k] = v) } as unknown as Ctx;
      await exportCsv(ctx, maxRows);
      let text = '';
      for await (const chunk of ctx.body as Readable) text += chunk;
      return { headers, lines: text.trimEnd().split('\r\n').slice(1) };
    };

    const cut = await run(3);
    expect(cut.headers['X-Truncated']).toBe('3');
    expect(cut.lines.map((l) => l.split(';')[4])).toEqual(['3', '2', '1']);
    const whole = await run(4);
    expect(whole.headers['X-Truncated']).toBeUndefined();
    expect(whole.lines).toHaveLength(4);
  });

  it('refuses invalid filters with 400 and the field', async () => {
    const res = await admin.get('/api/admin/audit-log.csv?from=ayer').expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { from: 'La fecha debe tener el formato AAAA-MM-DD' } });
  });
});

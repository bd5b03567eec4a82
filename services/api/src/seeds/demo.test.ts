import { CurrentUserSchema, type OutboxMessage } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { DEMO_ACCOUNTS, DEMO_AGENCY, DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_INVITED_EMAIL, DEMO_RESET_EMAIL } from './demoMail';
import { DemoCalendar } from './demoCalendar';
import { describeDemoData } from './demoDataSuite';
import { DEMO_EMAIL_DOMAIN } from './demoDomain';
import { DEMO_PEOPLE } from './demoPeople';
import { seed } from './index';

let t: TestApp;
let tables: string[];
let withoutDemo: Record<string, number>;
let afterFirstRun: Record<string, number>;
let afterSecondRun: Record<string, number>;
const now = new Date();

/** Row count of every table of the schema (the migrations' own bookkeeping aside). */
async function countAll(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(t.knex, table)])));
}

beforeAll(async () => {
  t = await startTestApp();
  tables = (
    await t.knex('information_schema.tables').where({ table_schema: t.knex.raw('current_schema()'), table_type: 'BASE TABLE' }).pluck('table_name')
  ).filter((name: string) => !name.startsWith('knex_'));
  await seed(t.knex, { demo: false });
  withoutDemo = await countAll();
  await seedDemo(t.knex, { now, publicUrl: 'https://demo.arrendia.test' });
  afterFirstRun = await countAll();
  await seed(t.knex, { demo: true });
  afterSecondRun = await countAll();
}, 60_000);
afterAll(() => t.close());

// First: the tests after it change the seeded rows.
describe('seeded demo data', () => {
  describeDemoData(() => ({ knex: t.knex, cal: new DemoCalendar(now) }));
});

describe('seed', () => {
  it('leaves demo data out unless demo mode is on', () => {
    // index_values: the published IPC, IRAV and IGC values the rent updates migration ships (issue 36).
    const reference = { roles: 6, remotes: 5, unit_types: 6, transaction_categories: 11, index_values: 76 };
    expect(Object.entries(withoutDemo).filter(([table, n]) => n !== (reference[table as keyof typeof reference] ?? 0))).toEqual([]);
  });

  it('fills every portfolio table in demo mode', () => {
    // Rows people make by using the product: sessions, the audit trail, uploaded files, generated reports.
    // Made by people using the product, never by the seed.
    // rent_charges: the daily job fills it when the server starts (jobs/daily.ts), and report_schedules
    // with each account's 'Reportes mensuales' schedule (jobs/scheduledReports.ts).
    // listing_photos: uploaded photos; the seeded adverts show the spec's placeholder images.
    // email_verifications: the demo accounts' addresses count as confirmed, so none waits for a link.
    // imports, import_rows: spreadsheets people upload (issue 35).
    // data_exports: the ZIPs of 'Exportar mis datos' people ask for (issue 35).
    // rent_updates, contract_rent_history: the daily job proposes each update as an anniversary
    // nears, and a rent that changes keeps its history (issue 36); the demo leases carry clauses.
    const untouched = ['sessions', 'audit_log', 'documents', 'listing_photos', 'reports', 'owner_invitations', 'live_events', 'rent_charges', 'report_schedules', 'login_attempts', 'user_presence', 'consent_requests', 'throttle_hits', 'email_verifications', 'imports', 'import_rows', 'data_exports', 'rent_updates', 'contract_rent_history'];
    const empty = Object.entries(afterFirstRun).filter(([table, n]) => n === 0 && !untouched.includes(table));
    expect(empty).toEqual([]);
    expect(afterFirstRun).toMatchObject({ agencies: 1, users: DEMO_ACCOUNTS.length + DEMO_PEOPLE.length, main_properties: 12 });
  });

  it('creates nothing more when run again', () => {
    expect(afterSecondRun).toEqual(afterFirstRun);
  });

  it("shows the super admin's outbox the mail the demo would have sent: a tenant invitation and a password reset (issue 34)", async () => {
    const admin = t.agent();
    await admin.post('/api/auth/login').send({ email: 'admin@demo.arrendia.es', password: DEMO_PASSWORD }).expect(200);
    const body = ((await admin.get('/api/admin/outbox').expect(200)).body as OutboxMessage[]).sort((a, b) => b.kind.localeCompare(a.kind));
    expect(body.map((m) => [m.kind, m.toAddress, m.subject, m.state])).toEqual([
      ['tenant_invitation', DEMO_INVITED_EMAIL, 'Marta Sánchez Ruiz te invita a Arrendia', 'pendiente'],
      ['password_reset', DEMO_RESET_EMAIL, expect.any(String), 'pendiente'],
    ]);
    // Each is the real thing: its link opens the public page of a live invitation or reset.
    for (const [{ id }, page, api] of [
      [body[0], '/invitacion/', '/api/tenant-invitations/'],
      [body[1], '/restablecer/', '/api/password-resets/'],
    ] as const) {
      const { text } = (await admin.get(`/api/admin/outbox/${id}`).expect(200)).body;
      const token = new RegExp(`https://demo\\.arrendia\\.test${page}([\\w-]+)`).exec(text)?.[1];
      expect(token).toBeTruthy();
      await t.request().get(`${api}${token}`).expect(200);
    }
  });

  it('puts the manager and the two agents in the demo agency, and nobody else', async () => {
    const agency = await t.knex('agencies').where({ cifAgencia: DEMO_AGENCY.cifAgencia }).first();
    const members = await t.knex('users').where({ agencyId: agency.id }).orderBy('email').pluck('email');
    expect(members).toEqual(['agente@demo.arrendia.es', 'diego.navarro@demo.arrendia.es', 'manager@demo.arrendia.es']);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.roleName, a.firstName]))('lets %s log in with the demo password as %s', async (email, roleName, firstName) => {
    const res = await t.request().post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    const user = CurrentUserSchema.parse(res.body);
    expect(canonicalRole(user.role?.roleName)).toBe(roleName);
    expect(user.firstName).toBe(firstName);
  });


  it('lets every other demo person log in with the demo password', async () => {
    for (const { email } of DEMO_PEOPLE) {
      const res = await t.request().post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
      expect([email, res.status]).toEqual([email, 200]);
    }
  }, 30_000); // thirteen argon2 verifications

  it('gives every demo login an address in DEMO_EMAIL_DOMAIN (the accounts that may not turn on two-factor authentication)', () => {
    for (const { email } of [...DEMO_ACCOUNTS, ...DEMO_PEOPLE]) expect(email.endsWith(DEMO_EMAIL_DOMAIN)).toBe(true);
  });
});

describe('seed after users changed the demo data', () => {
  it('keeps what users changed and does not bring back what they deleted', async () => {
    const property = await t.knex('main_properties').orderBy('id').first();
    await t.knex('main_properties').where({ id: property.id }).update({ propertyName: 'Mi piso renombrado' });
    await t.knex('users').where({ email: 'owner@demo.arrendia.es' }).update({ telefono: '+34 699 000 111' });
    await t.knex('notifications').del();
    const before = await countAll();

    await seed(t.knex, { demo: true });

    expect(await countAll()).toEqual(before);
    expect(await t.knex('main_properties').where({ id: property.id }).first()).toMatchObject({ propertyName: 'Mi piso renombrado' });
    expect(await t.knex('users').where({ email: 'owner@demo.arrendia.es' }).first()).toMatchObject({ telefono: '+34 699 000 111' });
  });

  it('recreates a demo account whose email is gone, and nothing else', async () => {
    await t.knex('users').where({ email: 'isabel.moreno@demo.arrendia.es' }).update({ email: 'isabel@otra.es' });
    const before = await countAll();

    await seed(t.knex, { demo: true });

    expect(await countAll()).toEqual({ ...before, users: before.users + 1 });
  });
});

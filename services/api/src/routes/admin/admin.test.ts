import { AdminOverviewSchema, type AdminOverview } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildIncident, buildProperty, buildTransaction, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';


const HOUR = 3_600_000;
const OTHER_ROLES: readonly RoleName[] = ['propietario_individual', 'admin_agencia', 'agente', 'propietario_delegado', 'inquilino'];

let t: TestApp;

const signedIn = (user: User) => signIn(t, user);

/** Every remote checked a minute ago and healthy: no check runs and no remote alert. */
const remotesHealthy = () => t.knex('remotes').update({ healthOk: true, healthError: null, healthLatencyMs: 12, healthCheckedAt: new Date(Date.now() - 60_000) });

async function overviewAs(admin: User): Promise<AdminOverview> {
  const res = await (await signedIn(admin)).get('/api/admin/overview').expect(200);
  return AdminOverviewSchema.parse(res.body);
}

const kinds = (o: AdminOverview) => o.alerts.map((a) => a.kind);

describe('GET /api/admin/overview and /api/admin/rental-types: who may read them', () => {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 signed out on both endpoints', async () => {
    for (const path of ['/api/admin/overview', '/api/admin/rental-types?kind=rooms']) {
      expect((await t.request().get(path).expect(401)).body.error).toBe('unauthorized');
    }
  });

  it.each(OTHER_ROLES)('refuses %s with 403 on both endpoints', async (roleName) => {
    const agent = await signedIn(await buildUser(t.knex, { roleName }));
    for (const path of ['/api/admin/overview', '/api/admin/rental-types?kind=apartments']) {
      expect((await agent.get(path).expect(403)).body.error).toBe('forbidden');
    }
  });
});

describe('GET /api/admin/overview', () => {
  let admin: User;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  // Every figure is platform-wide: each test starts from an empty platform (roles, remotes and catalogues stay).
  beforeEach(async () => {
    await t.knex.raw('truncate users, agencies, audit_log, login_attempts, sessions restart identity cascade');
    await t.knex('remotes').update({ enabled: true });
    admin = await buildUser(t.knex, { roleName: 'super_admin', firstName: 'Sara', lastName: 'Admin' });
    await remotesHealthy();
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts non-archived properties, active users, global occupancy and open incidents, and raises no alert on a healthy platform', async () => {
    const owner = await buildUser(t.knex);
    await buildUser(t.knex, { isActive: false });
    const home = await buildProperty(t.knex, { ownerUserId: owner.id });
    const rented = await buildUnit(t.knex, { mainPropertyId: home.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: home.id });
    await buildUnit(t.knex, { mainPropertyId: home.id });
    await buildUnit(t.knex, { mainPropertyId: home.id, currentStatus: 'Alquilado', isActive: false });
    const archived = await buildProperty(t.knex, { ownerUserId: owner.id, isArchived: true });
    await buildUnit(t.knex, { mainPropertyId: archived.id, currentStatus: 'Alquilado' });
    for (const status of ['Abierta', 'En Progreso', 'Resuelta', 'Cerrada'] as const) await buildIncident(t.knex, { rentableUnitId: rented.id, status });

    const o = await overviewAs(admin);
    // admin + owner active; 1 of the 3 active units of the non-archived property rented.
    expect(o.cards).toEqual({ properties: 1, activeUsers: 2, occupancyRate: 33.3, openIncidents: 2 });
    expect(o.alerts).toEqual([]);
  });

  describe('remote alerts', () => {
    const failOwnerPortal = () =>
      jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
        const name = String(url).split('/remotes/')[1]?.split('/')[0] ?? 'x';
        return name === 'owner-portal' ? new Response('caído', { status: 502 }) : Response.json({ name });
      });

    it('checks the remotes again when the stored check is missing, stores it and alerts on the enabled remote that fails', async () => {
      await t.knex('remotes').update({ healthCheckedAt: null, healthOk: null });
      const fetchSpy = failOwnerPortal();
      const o = await overviewAs(admin);
      const remotes = Number((await t.knex('remotes').count({ n: '*' }).first())?.n);
      expect(fetchSpy).toHaveBeenCalledTimes(remotes);
      expect(o.alerts).toEqual([{ kind: 'remote_down', severity: 'critica', title: 'El módulo owner-portal no responde', message: expect.stringContaining('El manifiesto respondió 502'), link: '/modules' }]);
      expect(await t.knex('remotes').where('name', 'owner-portal').first()).toMatchObject({ healthOk: false, healthError: 'El manifiesto respondió 502' });

      // Within 5 minutes the stored result answers: no new check, same alert.
      const again = await overviewAs(admin);
      expect(fetchSpy).toHaveBeenCalledTimes(remotes);
      expect(kinds(again)).toEqual(['remote_down']);
    });

    it('checks again a result older than 5 minutes, and a fresh failing result alerts without a check', async () => {
      await t.knex('remotes').where('name', 'tenant-portal').update({ healthOk: false, healthError: 'Sin respuesta en 3 s', healthCheckedAt: new Date(Date.now() - 6 * 60_000) });
      const fetchSpy = failOwnerPortal();
      expect((await overviewAs(admin)).alerts.map((a) => a.title)).toEqual(['El módulo owner-portal no responde']);
      expect(fetchSpy).toHaveBeenCalled();

      fetchSpy.mockClear();
      await remotesHealthy();
      await t.knex('remotes').where('name', 'tenant-portal').update({ healthOk: false, healthError: 'Sin respuesta en 3 s' });
      expect((await overviewAs(admin)).alerts.map((a) => a.title)).toEqual(['El módulo tenant-portal no responde']);
      expect(fetchSpy).not.toHaveBeenCalled();
    });

    it('does not alert on a disabled remote, and does not check because of it', async () => {
      const fetchSpy = failOwnerPortal();
      await t.knex('remotes').where('name', 'owner-portal').update({ enabled: false, healthOk: false, healthError: 'No se pudo conectar con el remoto', healthCheckedAt: null });
      expect((await overviewAs(admin)).alerts).toEqual([]);
      expect(fetchSpy).not.toHaveBeenCalled();
    });
  });

  it('alerts on Urgente or Alta incidents open for more than 48 h, and on nothing else', async () => {
    const property = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const reportedHoursAgo = async (hours: number, priority: 'Urgente' | 'Alta' | 'Media', status: 'Abierta' | 'En Progreso' | 'Resuelta' | 'Cerrada' = 'Abierta') => {
      const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, priority, status });
      await t.knex('incidents').where('id', incident.id).update({ createdAt: new Date(Date.now() - hours * HOUR) });
    };
    await reportedHoursAgo(47, 'Urgente');
    await reportedHoursAgo(72, 'Urgente', 'Resuelta');
    await reportedHoursAgo(72, 'Alta', 'Cerrada');
    await reportedHoursAgo(200, 'Media');
    expect((await overviewAs(admin)).alerts).toEqual([]);

    await reportedHoursAgo(50, 'Alta', 'En Progreso');
    expect((await overviewAs(admin)).alerts).toEqual([
      { kind: 'incidents_urgent', severity: 'alta', title: '1 incidencia prioritaria abierta más de 48 h', message: '0 urgentes y 1 de prioridad alta siguen sin resolver', link: '/incidents' },
    ]);

    await reportedHoursAgo(49, 'Urgente');
    expect((await overviewAs(admin)).alerts).toEqual([
      { kind: 'incidents_urgent', severity: 'critica', title: '2 incidencias prioritarias abiertas más de 48 h', message: '1 urgente y 1 de prioridad alta siguen sin resolver', link: '/incidents' },
    ]);
  });

  it('alerts on failed sign-ins when the last hour has at least 20 and at least 3 times the hourly average of the 24 h before', async () => {
    const failures = (n: number, hoursAgo: number, ip = '203.0.113.7') =>
      t.knex('login_attempts').insert(Array.from({ length: n }, (_, i) => ({ email: `x${i}@ejemplo.es`, ipAddress: ip, succeeded: false, attemptedAt: new Date(Date.now() - hoursAgo * HOUR) })));
    await failures(19, 0.5);
    // Successes and failures older than 25 h never count.
    await t.knex('login_attempts').insert(Array.from({ length: 30 }, () => ({ email: 'ok@ejemplo.es', ipAddress: '198.51.100.1', succeeded: true })));
    await failures(500, 30);
    expect(kinds(await overviewAs(admin))).toEqual([]);

    await failures(1, 0.2, '198.51.100.9');
    expect((await overviewAs(admin)).alerts).toEqual([
      { kind: 'failed_logins', severity: 'critica', title: '20 inicios de sesión fallidos en la última hora', message: 'Desde 2 direcciones IP; la media de las 24 h anteriores es de 0,0 por hora', link: '/audit-log' },
    ]);

    // 240 in the 24 h before: an average of 10 an hour, so 20 (and 29) are ordinary; 30 is a spike.
    await failures(240, 12);
    expect(kinds(await overviewAs(admin))).toEqual([]);
    await failures(9, 0.1);
    expect(kinds(await overviewAs(admin))).toEqual([]);
    await failures(1, 0.1);
    const spike = await overviewAs(admin);
    expect(spike.alerts.map((a) => [a.kind, a.title, a.message])).toEqual([
      ['failed_logins', '30 inicios de sesión fallidos en la última hora', 'Desde 2 direcciones IP; la media de las 24 h anteriores es de 10,0 por hora'],
    ]);
  });

  it('alerts on unpaid rent past its due date with the count and the exact total', async () => {
    const property = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id });
    const contract = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' })).id });
    const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
    const charge = (period: string, dueDate: string, amount: string, status: string) => t.knex('rent_charges').insert({ contractId: contract.id, period, dueDate, amount, status, reference: `REF-${period}-${contract.id}` });
    await charge('2026-01', day(-40), '950.00', 'Pagado');
    await charge('2026-02', day(0), '950.00', 'Pendiente');
    await charge('2026-03', day(5), '950.00', 'Pendiente');
    expect(kinds(await overviewAs(admin))).toEqual([]);

    await charge('2026-04', day(-1), '500.50', 'Pendiente');
    await charge('2026-05', day(-10), '700.25', 'Transferencia indicada');
    expect((await overviewAs(admin)).alerts).toEqual([
      { kind: 'rent_overdue', severity: 'alta', title: '2 recibos de alquiler vencidos', message: '1.200,75\u00a0€ sin cobrar con la fecha de pago ya pasada', link: '/finances' },
    ]);
  });

  it("lists every agency with its agents, units, occupancy, contracts, incidents and commissions, matching the manager's own dashboard", async () => {
    const agency = await buildAgency(t.knex, { nombreAgencia: 'Alfa Inmobiliaria' });
    await t.knex('agencies').where('id', agency.id).update({ commissionRate: '10.00' });
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, isActive: false });
    const owner = await buildUser(t.knex);
    const managed = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const [a, b, c] = [
      await buildUnit(t.knex, { mainPropertyId: managed.id, currentStatus: 'Alquilado' }),
      await buildUnit(t.knex, { mainPropertyId: managed.id, currentStatus: 'Alquilado' }),
      await buildUnit(t.knex, { mainPropertyId: managed.id }),
    ];
    const archived = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, isArchived: true });
    await buildUnit(t.knex, { mainPropertyId: archived.id, currentStatus: 'Alquilado' });
    const first = await buildContract(t.knex, { rentableUnitId: a.id });
    await buildContract(t.knex, { rentableUnitId: b.id });
    await buildContract(t.knex, { rentableUnitId: c.id, status: 'Pendiente' });
    const old = await buildContract(t.knex, { rentableUnitId: a.id, status: 'Finalizado', startDate: '2025-01-01', endDate: '2025-12-31' });
    await t.knex('contracts').where('id', old.id).update({ createdAt: new Date('2025-01-01T10:00:00Z') });
    await buildIncident(t.knex, { rentableUnitId: a.id });
    await buildIncident(t.knex, { rentableUnitId: b.id, status: 'Cerrada' });
    await buildTransaction(t.knex, { mainPropertyId: managed.id, contractId: first.id, amount: '1234.55' });
    await buildTransaction(t.knex, { mainPropertyId: managed.id, amount: '900.00', transactionDate: '2025-06-01' });
    await buildTransaction(t.knex, { mainPropertyId: managed.id, type: 'Gasto', amount: '300.00' });
    // Another owner's property without an agency belongs to no row.
    const own = await buildProperty(t.knex, { ownerUserId: owner.id });
    await buildIncident(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: own.id })).id });
    const empty = await buildAgency(t.knex, { nombreAgencia: 'Beta Gestión' });

    const o = await overviewAs(admin);
    expect(o.team).toEqual([
      { agencyId: agency.id, name: 'Alfa Inmobiliaria', agents: 2, units: 3, occupancyRate: 66.7, activeContracts: 2, contractsSignedThisMonth: 2, openIncidents: 1, commissionsThisMonth: '123.46' },
      { agencyId: empty.id, name: 'Beta Gestión', agents: 0, units: 0, occupancyRate: 0, activeContracts: 0, contractsSignedThisMonth: 0, openIncidents: 0, commissionsThisMonth: '0.00' },
    ]);

    const own_ = (await (await signedIn(manager)).get('/api/agency/overview').expect(200)).body;
    expect([own_.units, own_.occupancyRate, own_.activeIncidents, own_.monthlyCommissions]).toEqual([o.team[0].units, o.team[0].occupancyRate, o.team[0].openIncidents, o.team[0].commissionsThisMonth]);
  });

  describe('system activity', () => {
    const audit = (row: { userId: number | null; action: string; tableName: string; recordId: string | number; newValues?: object; minutesAgo: number }) =>
      t.knex('audit_log').insert({ userId: row.userId, action: row.action, tableName: row.tableName, recordId: String(row.recordId), newValues: row.newValues ? JSON.stringify(row.newValues) : null, changedAt: new Date(Date.now() - row.minutesAgo * 60_000) });

    it('words the newest audit rows in Spanish with who and when, leaving out sign-ins and read receipts', async () => {
      const marta = await buildUser(t.knex, { firstName: 'Marta', lastName: 'Gil' });
      const property = await buildProperty(t.knex, { ownerUserId: marta.id, propertyName: 'Ático Chamberí' });
      const newcomer = await buildUser(t.knex, { firstName: 'Luis', lastName: 'Pardo' });
      await audit({ userId: marta.id, action: 'create', tableName: 'main_properties', recordId: property.id, newValues: { propertyName: 'Ático Chamberí' }, minutesAgo: 10 });
      await audit({ userId: newcomer.id, action: 'register', tableName: 'users', recordId: newcomer.id, newValues: { email: newcomer.email }, minutesAgo: 8 });
      await audit({ userId: admin.id, action: 'update', tableName: 'remotes', recordId: 'owner-portal', newValues: { enabled: false }, minutesAgo: 6 });
      await audit({ userId: marta.id, action: 'update', tableName: 'notifications', recordId: 1, newValues: { isRead: true }, minutesAgo: 4 });
      await audit({ userId: marta.id, action: 'login', tableName: 'users', recordId: marta.id, minutesAgo: 2 });

      const o = await overviewAs(admin);
      expect(o.activity.map(({ who, what, link }) => ({ who, what, link }))).toEqual([
        { who: 'Sara Admin', what: 'Módulo owner-portal desactivado', link: '/modules' },
        { who: 'Luis Pardo', what: 'Nuevo usuario registrado: Luis Pardo', link: '/users' },
        { who: 'Marta Gil', what: 'Propiedad Ático Chamberí creada', link: `/properties/${property.id}` },
      ]);
      expect(new Date(o.activity[2].when).getTime()).toBeCloseTo(Date.now() - 10 * 60_000, -4);
    });

    it('shows the 10 newest rows, and the number of queries does not grow with the rows, agencies or alerts', async () => {
      const owner = await buildUser(t.knex);
      const queries = async () => {
        const agent = await signedIn(admin);
        let n = 0;
        const count = () => void n++;
        t.knex.on('query', count);
        const body = (await agent.get('/api/admin/overview').expect(200)).body as AdminOverview;
        t.knex.removeListener('query', count);
        return { n, body };
      };
      const property = await buildProperty(t.knex, { ownerUserId: owner.id });
      await audit({ userId: owner.id, action: 'create', tableName: 'main_properties', recordId: property.id, minutesAgo: 30 });
      const before = await queries();

      for (let i = 0; i < 12; i++) {
        const p = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: (await buildAgency(t.knex)).id, propertyName: `Piso ${i}` });
        const unit = await buildUnit(t.knex, { mainPropertyId: p.id, currentStatus: 'Alquilado' });
        await buildIncident(t.knex, { rentableUnitId: unit.id, priority: 'Urgente' }).then((inc) => t.knex('incidents').where('id', inc.id).update({ createdAt: new Date(Date.now() - 72 * HOUR) }));
        await audit({ userId: owner.id, action: 'create', tableName: 'main_properties', recordId: p.id, newValues: { propertyName: `Piso ${i}` }, minutesAgo: 20 - i });
      }
      const after = await queries();
      expect(after.body.activity.map((a) => a.what)).toEqual(Array.from({ length: 10 }, (_, i) => `Propiedad Piso ${11 - i} creada`));
      expect(after.body.team).toHaveLength(12);
      expect(after.n).toBe(before.n);
    });
  });
});

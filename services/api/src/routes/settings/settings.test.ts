import fs from 'node:fs';
import path from 'node:path';
import { SettingsSchema, UserSessionSchema } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { verifyPassword } from '../../passwords';
import { documentsDir } from '../../storage/files';
import { buildAgency, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signedIn = (user: User, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36') => signIn(t, user, { userAgent });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f9a1e30000000049454e44ae426082', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');

const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Lucía',
  lastName: 'Martín Pérez',
  email: `lucia.${Date.now()}.${Math.random().toString(36).slice(2)}@prueba.arrendia.es`,
  telefono: '+34 612 345 678',
  nifCif: 'k1234567l',
  direccionFiscal: 'Calle Mayor 1, 28013 Madrid',
  ibanBancaria: 'ES91 2100 0418 4502 0005 1332',
  ...overrides,
});

describe('GET /api/settings', () => {
  it("gives every role its saved profile, the spec's notification defaults, a 30-minute timeout and its plan", async () => {
    for (const roleName of ['super_admin', 'propietario_individual', 'admin_agencia', 'agente', 'propietario_delegado', 'inquilino'] as const) {
      const agencyId = roleName === 'admin_agencia' || roleName === 'agente' ? (await buildAgency(t.knex)).id : null;
      const user = await buildUser(t.knex, { roleName, agencyId });
      const settings = SettingsSchema.parse((await (await signedIn(user)).get('/api/settings').expect(200)).body);
      expect(settings.profile.email).toBe(user.email);
      expect(settings.notifications).toEqual({ email: true, push: true, sms: false, incidentAlerts: true, paymentReminders: true, contractExpiry: true, monthlyReports: true });
      expect(settings.security).toMatchObject({ sessionTimeoutMinutes: 30, loginNotifications: true });
      expect(settings.billing.plan.id).toBe({ super_admin: 'plataforma', propietario_individual: 'propietario_individual', admin_agencia: 'agencia', agente: 'agente', propietario_delegado: 'propietario_delegado', inquilino: 'inquilino' }[roleName]);
    }
  });

  it('is 401 signed out', async () => {
    await t.request().get('/api/settings').expect(401);
  });
});

describe('PUT /api/settings/profile', () => {
  it('saves the profile normalised (K NIF, IBAN without spaces), audited, and /api/auth/user shows it; a new email waits for its link', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const agent = await signedIn(user);
    const input = profile();
    const res = await agent.put('/api/settings/profile').send(input).expect(200);
    expect(res.body).toMatchObject({ firstName: 'Lucía', lastName: 'Martín Pérez', email: user.email, nifCif: 'K1234567L', ibanBancaria: 'ES9121000418450200051332' });
    expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ email: user.email, nifCif: 'K1234567L' });
    const audit = await t.knex('audit_log').where({ tableName: 'users', recordId: String(user.id), action: 'update' }).orderBy('id', 'desc').first();
    expect(audit.newValues).toMatchObject({ firstName: 'Lucía', nifCif: 'K1234567L' });
    expect(audit.newValues).not.toHaveProperty('email');
    // The new address is pending (issue 34): the old one still signs in until the link is opened
    // (routes/auth/emailVerification.test.ts follows the link).
    expect(SettingsSchema.parse((await agent.get('/api/settings').expect(200)).body).profile).toMatchObject({ email: user.email, pendingEmail: input.email });
    await t.agent().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
    await t.agent().post('/api/auth/login').send({ email: input.email, password: FACTORY_PASSWORD }).expect(401);
  });

  it.each([
    ['ibanBancaria', 'ES91 2100 0418 4502 0005 1333', 'El IBAN no es válido'],
    ['nifCif', '12345678A', 'El NIF/NIE/CIF no es válido'],
    ['email', 'no-es-un-correo', 'Introduce un correo electrónico válido'],
    ['firstName', '  ', 'El nombre es obligatorio'],
  ])('refuses a bad %s with the Spanish message and writes nothing', async (field, value, message) => {
    const user = await buildUser(t.knex);
    const agent = await signedIn(user);
    const auditRows = await countRows(t.knex, 'audit_log');
    const res = await agent.put('/api/settings/profile').send(profile({ [field]: value })).expect(400);
    expect(res.body.fields[field]).toBe(message);
    expect(await countRows(t.knex, 'audit_log')).toBe(auditRows);
    expect((await t.knex('users').where('id', user.id).first()).firstName).toBe(user.firstName);
  });

  it('refuses fields the profile does not have (role, isActive) and an address another account uses', async () => {
    const user = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const agent = await signedIn(user);
    const mass = await agent.put('/api/settings/profile').send({ ...profile(), roleId: 1, isActive: false }).expect(400);
    expect(mass.body.fields).toMatchObject({ roleId: 'Campo no permitido', isActive: 'Campo no permitido' });
    const taken = await agent.put('/api/settings/profile').send(profile({ email: other.email })).expect(409);
    expect(taken.body.fields.email).toBe('Ya existe una cuenta con ese correo electrónico');
  });

  it('clears optional fields sent empty', async () => {
    const user = await buildUser(t.knex);
    const agent = await signedIn(user);
    await agent.put('/api/settings/profile').send(profile()).expect(200);
    const res = await agent.put('/api/settings/profile').send(profile({ telefono: '', nifCif: '', ibanBancaria: null, direccionFiscal: '' })).expect(200);
    expect(res.body).toMatchObject({ telefono: null, nifCif: null, ibanBancaria: null, direccionFiscal: null });
  });
});

describe('profile photo', () => {
  it('stores a PNG, points profileImageUrl at it and serves it to signed-in users only', async () => {
    const user = await buildUser(t.knex);
    const agent = await signedIn(user);
    const res = await agent.post('/api/settings/profile/photo').attach('file', PNG, 'yo.png').expect(200);
    expect(res.body.profileImageUrl).toMatch(/^\/api\/profile-photos\/[0-9a-f-]{36}$/);
    const served = await (await signedIn(await buildUser(t.knex, { roleName: 'inquilino' }))).get(res.body.profileImageUrl).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    await t.request().get(res.body.profileImageUrl).expect(401);

    // A new photo replaces it: the old address is gone, and its file by the time of the answer.
    const oldFile = path.join(documentsDir(t.config), 'profile-photos', res.body.profileImageUrl.split('/').at(-1));
    expect(fs.existsSync(oldFile)).toBe(true);
    const gif = await agent.post('/api/settings/profile/photo').attach('file', GIF, 'yo.gif').expect(200);
    expect(fs.existsSync(oldFile)).toBe(false);
    await agent.get(res.body.profileImageUrl).expect(404);
    expect((await agent.get(gif.body.profileImageUrl).expect(200)).headers['content-type']).toBe('image/gif');
    // Removing it brings the initials back.
    expect((await agent.delete('/api/settings/profile/photo').expect(200)).body.profileImageUrl).toBeNull();
  });

  it('refuses a PDF and a photo over 1 MB with the spec text, and writes nothing', async () => {
    const user = await buildUser(t.knex);
    const agent = await signedIn(user);
    const pdf = await agent.post('/api/settings/profile/photo').attach('file', Buffer.from('%PDF-1.4 hola'), 'yo.png').expect(400);
    expect(pdf.body.fields.file).toBe('Formato no admitido. JPG, GIF o PNG. 1MB máximo.');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await agent.post('/api/settings/profile/photo').attach('file', big, 'grande.png').expect(413);
    expect(tooBig.body.message).toBe('La foto supera el tamaño máximo. JPG, GIF o PNG. 1MB máximo.');
    expect((await t.knex('users').where('id', user.id).first()).profileImageUrl).toBeNull();
  });
});

describe('PATCH /api/settings/preferences', () => {
  it('saves switches and the session timeout; a switched-off kind of notification is no longer written for that user', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signedIn(owner);
    const res = await agent.patch('/api/settings/preferences').send({ notifications: { incidentAlerts: false, sms: true }, sessionTimeoutMinutes: 60 }).expect(200);
    expect(res.body.notifications).toMatchObject({ incidentAlerts: false, sms: true, paymentReminders: true });
    expect(res.body.security.sessionTimeoutMinutes).toBe(60);

    // A tenant reports an incident on the owner's flat: the owner asked not to hear about incidents.
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const staff = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
    await staff.post('/api/incidents').send({ rentableUnitId: unit.id, title: 'Fuga en la cocina', description: 'Gotea el grifo', incidentCategory: 'Fontanería', priority: 'Media' }).expect(201);
    expect(Number((await t.knex('notifications').where({ recipientUserId: owner.id, notificationType: 'new_incident' }).count({ n: '*' }).first())!.n)).toBe(0);

    // Switched back on, the next one arrives.
    await agent.patch('/api/settings/preferences').send({ notifications: { incidentAlerts: true } }).expect(200);
    await staff.post('/api/incidents').send({ rentableUnitId: unit.id, title: 'Persiana rota', description: 'No baja', incidentCategory: 'Otros', priority: 'Baja' }).expect(201);
    expect(Number((await t.knex('notifications').where({ recipientUserId: owner.id, notificationType: 'new_incident' }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it.each([[{ sessionTimeoutMinutes: 45 }, 'sessionTimeoutMinutes'], [{ notifications: { email: 'sí' } }, 'notifications.email'], [{ notifications: { fax: true } }, 'notifications.fax'], [{ loginNotifications: 1 }, 'loginNotifications']])(
    'refuses %j (400 on %s)',
    async (body, field) => {
      const agent = await signedIn(await buildUser(t.knex));
      const res = await agent.patch('/api/settings/preferences').send(body).expect(400);
      expect(Object.keys(res.body.fields)).toContain(field);
    },
  );

  it('with login notifications on, a sign-in from a new device notifies the user; the same device or the switch off does not', async () => {
    const user = await buildUser(t.knex);
    const logins = async () => Number((await t.knex('notifications').where({ recipientUserId: user.id, notificationType: 'login' }).count({ n: '*' }).first())!.n);
    const agent = await signedIn(user);
    // The first sign-in of an account, and the same browser again, are not news.
    await signedIn(user);
    expect(await logins()).toBe(0);
    await signedIn(user, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/121.0');
    expect(await logins()).toBe(1);
    const notice = await t.knex('notifications').where({ recipientUserId: user.id, notificationType: 'login' }).first();
    expect(notice).toMatchObject({ title: 'Nuevo inicio de sesión', relatedEntityType: 'settings' });
    expect(notice.message).toContain('Firefox en Windows');
    await agent.patch('/api/settings/preferences').send({ loginNotifications: false }).expect(200);
    await signedIn(user, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1');
    expect(await logins()).toBe(1);
  });
});

describe('session timeout', () => {
  it('ends a session idle longer than the user’s timeout (401 with a Spanish message); an active one goes on', async () => {
    const user = await buildUser(t.knex);
    const agent = await signedIn(user);
    await agent.patch('/api/settings/preferences').send({ sessionTimeoutMinutes: 15 }).expect(200);
    // 14 minutes idle: still valid. The stored activity time is what the server reads.
    await t.knex.raw(`UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{seenAt}', to_jsonb(?::bigint))::json WHERE sess->>'userId' = ?`, [Date.now() - 14 * 60_000, String(user.id)]);
    await agent.get('/api/settings').expect(200);
    await t.knex.raw(`UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{seenAt}', to_jsonb(?::bigint))::json WHERE sess->>'userId' = ?`, [Date.now() - 16 * 60_000, String(user.id)]);
    const res = await agent.get('/api/settings').expect(401);
    expect(res.body.message).toBe('Tu sesión ha caducado por inactividad. Inicia sesión de nuevo');
    // And the session is gone, not just refused once.
    await agent.get('/api/auth/user').expect(401);
  });
});

describe('POST /api/settings/password', () => {
  it('needs the current password, stores argon2id, keeps this session and ends the others on the spot', async () => {
    const user = await buildUser(t.knex);
    const here = await signedIn(user);
    const there = await signedIn(user, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/605.1');
    const wrong = await here.post('/api/settings/password').send({ currentPassword: 'no-es-esta', newPassword: 'otra-contraseña-segura' }).expect(400);
    expect(wrong.body.fields.currentPassword).toBe('La contraseña actual no es correcta');

    await here.post('/api/settings/password').send({ currentPassword: FACTORY_PASSWORD, newPassword: 'otra-contraseña-segura' }).expect(204);
    const stored = await t.knex('users').where('id', user.id).first();
    expect(stored.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored.password, 'otra-contraseña-segura')).toBe(true);
    expect(stored.lastPasswordChange).not.toBeNull();

    await there.get('/api/auth/user').expect(401);
    await here.get('/api/auth/user').expect(200);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(401);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: 'otra-contraseña-segura' }).expect(200);
  });

  it('refuses a short new password and the same password again', async () => {
    const agent = await signedIn(await buildUser(t.knex));
    expect((await agent.post('/api/settings/password').send({ currentPassword: FACTORY_PASSWORD, newPassword: 'corta' }).expect(400)).body.fields.newPassword).toBe('La contraseña debe tener al menos 8 caracteres');
    expect((await agent.post('/api/settings/password').send({ currentPassword: FACTORY_PASSWORD, newPassword: FACTORY_PASSWORD }).expect(400)).body.fields.newPassword).toBe('La nueva contraseña debe ser distinta de la actual');
  });
});

describe('/api/settings/sessions', () => {
  it("lists the user's sessions (this one first) and 'Cerrar otras sesiones' ends every other one", async () => {
    const user = await buildUser(t.knex);
    const here = await signedIn(user);
    const phone = await signedIn(user, 'Mozilla/5.0 (Linux; Android 14) Firefox/121.0');
    const tablet = await signedIn(user, 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/605.1');
    await signedIn(await buildUser(t.knex));

    const sessions = (await here.get('/api/settings/sessions').expect(200)).body.map((s: unknown) => UserSessionSchema.parse(s));
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, device: 'Chrome en Linux' });
    expect(sessions.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome en Linux', 'Firefox en Android', 'Safari en iOS']);

    // One ends by its handle; the rest with 'Cerrar otras sesiones'.
    const tabletHandle = sessions.find((s: { device: string }) => s.device === 'Safari en iOS').id;
    await here.delete(`/api/settings/sessions/${tabletHandle}`).expect(204);
    await tablet.get('/api/auth/user').expect(401);
    expect((await here.delete('/api/settings/sessions').expect(200)).body).toEqual({ ended: 1 });
    await phone.get('/api/auth/user').expect(401);
    await here.get('/api/auth/user').expect(200);
    expect((await here.get('/api/settings/sessions').expect(200)).body).toHaveLength(1);
  });

  it("cannot end another user's session (404)", async () => {
    const victim = await buildUser(t.knex);
    const victimAgent = await signedIn(victim);
    const handle = (await victimAgent.get('/api/settings/sessions').expect(200)).body[0].id;
    await (await signedIn(await buildUser(t.knex))).delete(`/api/settings/sessions/${handle}`).expect(404);
    await victimAgent.get('/api/auth/user').expect(200);
  });
});

describe('plan limit', () => {
  it("refuses the 11th property of an individual owner's plan with a Spanish 409; archiving one frees a place", async () => {
    const owner = await buildUser(t.knex);
    for (let i = 0; i < 10; i++) await buildProperty(t.knex, { ownerUserId: owner.id });
    const agent = await signedIn(owner);
    const before = await countRows(t.knex, 'main_properties');
    const body = { propertyName: 'Ático en Chamberí', addressStreet: 'Calle de Fuencarral', addressNumber: '120', city: 'Madrid', province: 'Madrid', postalCode: '28010' };
    const res = await agent.post('/api/properties').send(body).expect(409);
    expect(res.body).toMatchObject({ error: 'plan_limit_reached', message: 'Has alcanzado el límite de 10 propiedades del Plan Propietario Individual. Archiva una propiedad o cambia de plan para añadir más.' });
    expect(await countRows(t.knex, 'main_properties')).toBe(before);
    expect((await agent.get('/api/settings').expect(200)).body.billing).toMatchObject({ plan: { name: 'Plan Propietario Individual', monthlyPrice: '29.00', propertyLimit: 10 }, properties: 10 });

    await t.knex.raw(`UPDATE main_properties SET "isArchived" = true WHERE id = (SELECT id FROM main_properties WHERE "ownerUserId" = ? LIMIT 1)`, [owner.id]);
    await agent.post('/api/properties').send(body).expect(201);
  });

  it("applies the owner's plan when an agency creates a property for that owner", async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    for (let i = 0; i < 10; i++) await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const res = await (await signedIn(manager))
      .post('/api/properties')
      .send({ propertyName: 'Piso en Ruzafa', addressStreet: 'Carrer de Sueca', addressNumber: '8', city: 'Valencia', province: 'Valencia', postalCode: '46006', ownerUserId: owner.id })
      .expect(409);
    expect(res.body.error).toBe('plan_limit_reached');
  });
});

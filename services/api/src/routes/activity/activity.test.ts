import { ActivityItemSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PROPERTY = {
  propertyName: 'Ático de Lavapiés',
  addressStreet: 'Calle del Ave María',
  addressNumber: '12',
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28012',
  unitType: 'vivienda',
};

describe('GET /api/activity', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/activity').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('refuses a limit of 0 or 51 with a 400 naming the field', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    for (const limit of ['0', '51', 'diez']) {
      const res = await agent.get(`/api/activity?limit=${limit}`).expect(400);
      expect(res.body.fields.limit).toBe('Indica un número entre 1 y 50');
    }
  });

  it("describes the owner's own changes in Spanish, newest first, and shows another owner none of them", async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Marta', lastName: 'Gil' });
    const agent = await signIn(t, owner);
    const created = await agent.post('/api/properties').send(PROPERTY).expect(201);
    const { body: unit } = await agent.get(`/api/properties/${created.body.id}`).expect(200);
    const code = `ARR-${Date.now()}`;
    const contract = await agent
      .post('/api/contracts')
      .send({ contractCode: code, rentableUnitId: unit.units[0].id, startDate: '2026-01-01', rentAmount: 900 })
      .expect(201);
    await agent.post('/api/transactions').send({ mainPropertyId: created.body.id, type: 'Ingreso', amount: 900, transactionDate: '2026-11-02', categoryId: (await t.knex('transaction_categories').where({ categoryName: 'Alquiler' }).first()).id, description: 'Renta de noviembre' });
    const incident = await agent
      .post('/api/incidents')
      .send({ rentableUnitId: unit.units[0].id, incidentCategory: 'Fontanería', title: 'Gotea el grifo', description: 'En la cocina', priority: 'Media' })
      .expect(201);
    await agent.patch(`/api/incidents/${incident.body.incident?.id ?? incident.body.id}`).send({ status: 'En Progreso' });

    const res = await agent.get('/api/activity').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const items = z.array(ActivityItemSchema.strict()).parse(res.body);
    const descriptions = items.map((i) => i.description);
    expect(descriptions).toContain(`Contrato ${code} creado`);
    expect(descriptions).toContain('Propiedad Ático de Lavapiés creada');
    expect(descriptions).toContain('Nueva incidencia: Gotea el grifo');
    expect(items.find((i) => i.description === `Contrato ${code} creado`)).toMatchObject({ type: 'contract_signed', link: `/contracts/${contract.body.contract.id}`, actorName: 'Marta Gil' });
    expect(items.find((i) => i.description === 'Nueva incidencia: Gotea el grifo')?.type).toBe('new_incident');
    const times = items.map((i) => Date.parse(i.changedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The property was created first, so it is the last line.
    expect(descriptions.at(-1)).toBe('Propiedad Ático de Lavapiés creada');

    const stranger = await signIn(t, await buildUser(t.knex, { roleName: 'propietario_individual' }));
    expect((await stranger.get('/api/activity').expect(200)).body).toEqual([]);
  });

  it('keeps at most `limit` rows, and describes archive, restore and a deleted property', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const agent = await signIn(t, owner);
    const { body: property } = await agent.post('/api/properties').send({ ...PROPERTY, propertyName: 'Estudio de Chamberí', unitType: undefined }).expect(201);
    await agent.patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(200);
    await agent.patch(`/api/properties/${property.id}`).send({ isArchived: false }).expect(200);

    const three = (await agent.get('/api/activity?limit=2').expect(200)).body as { description: string; link: string | null }[];
    expect(three.map((i) => i.description)).toEqual(['Propiedad Estudio de Chamberí restaurada', 'Propiedad Estudio de Chamberí archivada']);
    expect(three[0].link).toBe(`/properties/${property.id}`);

    await agent.delete(`/api/properties/${property.id}`).expect(204);
    const after = (await agent.get('/api/activity').expect(200)).body as { description: string; link: string | null }[];
    expect(after[0]).toMatchObject({ description: 'Propiedad Estudio de Chamberí eliminada', link: null });
  });

  it('shows a tenant nothing of a building it has no contract in', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const agent = await signIn(t, owner);
    await agent.post('/api/properties').send(PROPERTY).expect(201);
    const tenant = await signIn(t, await buildUser(t.knex, { roleName: 'inquilino' }));
    expect((await tenant.get('/api/activity').expect(200)).body).toEqual([]);
  });
});

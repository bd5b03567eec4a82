import { buildAgency, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { up } from './20261129130000_normalise_phones';

/** 20261129130000: every stored phone as the 9 digits SpanishPhoneSchema keeps (issue 31). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('rewrites Spanish numbers typed with +34, 0034 and separators to their 9 digits, and leaves anything else as it was', async () => {
  const typed = ['+34 612 345 678', '0034 91-123-45-67', '(+34) 699.000.111', '612345678', '+44 20 7946 0958', '12345', null];
  const users = [];
  for (const telefono of typed) {
    const user = await buildUser(t.knex);
    await t.knex('users').where({ id: user.id }).update({ telefono });
    users.push(user);
  }
  const agency = await buildAgency(t.knex);
  await t.knex('agencies').where({ id: agency.id }).update({ telefonoAgencia: '+34 910 123 456' });
  const [provider] = await t.knex('providers').insert({ agencyId: agency.id, name: 'Fontanería Gil', trade: 'Fontanería', nifCif: 'B84021971', telefono: '+34-914-556-210' }).returning('id');

  await up(t.knex);

  const stored = await t.knex('users').whereIn('id', users.map((u) => u.id)).orderBy('id').pluck('telefono');
  expect(stored).toEqual(['612345678', '911234567', '699000111', '612345678', '+44 20 7946 0958', '12345', null]);
  expect((await t.knex('agencies').where({ id: agency.id }).first('telefonoAgencia')).telefonoAgencia).toBe('910123456');
  expect((await t.knex('providers').where({ id: provider.id }).first('telefono')).telefono).toBe('914556210');
});

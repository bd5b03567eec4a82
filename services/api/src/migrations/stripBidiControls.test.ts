import { buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { up } from './20261129140000_strip_bidi_controls';

/** 20261129140000: names stored before the forms dropped bidi controls lose them (issue 30). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('removes the bidirectional controls from stored user names and file names, and leaves other text alone', async () => {
  const spoofed = await buildUser(t.knex);
  await t.knex('users').where({ id: spoofed.id }).update({ firstName: 'Ana\u202E', lastName: '\u2066Ruiz\u2069 Peña' });
  const plain = await buildUser(t.knex, { firstName: 'Íñigo', lastName: 'Núñez' });
  const [doc] = await t.knex('documents')
    .insert({ fileName: 'factura\u202Efdp.exe', filePath: 'x.pdf', fileType: 'application/pdf', fileSizeKb: 1, uploadedByUserId: spoofed.id })
    .returning('id');

  await up(t.knex);

  expect(await t.knex('users').where({ id: spoofed.id }).first('firstName', 'lastName')).toEqual({ firstName: 'Ana', lastName: 'Ruiz Peña' });
  expect(await t.knex('users').where({ id: plain.id }).first('firstName', 'lastName')).toEqual({ firstName: 'Íñigo', lastName: 'Núñez' });
  expect((await t.knex('documents').where({ id: doc.id }).first('fileName')).fileName).toBe('facturafdp.exe');
});

/**
 * Issue 35's benchmark, not a test: an agency's file of 10.000 rows (500 properties of 50 owners,
 * 2.500 units, 2.500 tenants, 2.500 contracts, 2.000 opening balances) previewed and committed, the
 * target being under a minute on PostgreSQL. Skipped unless IMPORT_BENCH=1:
 *
 *   IMPORT_BENCH=1 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test NODE_ENV=test \
 *     NODE_OPTIONS=--experimental-vm-modules npx jest services/api/src/imports/importBench.test.ts --selectProjects api
 */
import { IMPORT_MAX_BYTES } from '@arrendia/api-contract';
import { catastralControlLetters, nifControlLetter } from '@arrendia/locale-es';
import { importJob } from '../commands/importCommitter';
import { buildAgency, buildProperty, buildUser, signIn } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';

const run = process.env.IMPORT_BENCH ? it : it.skip;

let t: TestApp;
beforeAll(async () => {
  if (process.env.IMPORT_BENCH) t = await startTestApp();
});
afterAll(() => t?.close());

const csv = (rows: string[][]) => rows.map((r) => r.join(';')).join('\n');
const ref = (n: number) => {
  const first18 = `${String(n).padStart(7, '0')}VK4713S${String(n % 10_000).padStart(4, '0')}`;
  return first18 + catastralControlLetters(first18);
};

describe('importing 10.000 rows (issue 35 benchmark)', () => {
  run(
    'previews and commits within a minute',
    async () => {
      const agency = await buildAgency(t.knex);
      const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
      const owners: string[] = [];
      for (let o = 0; o < 50; o++) {
        const owner = await buildUser(t.knex, { roleName: 'propietario_individual', email: `bench.owner${o}@ejemplo.es` });
        await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, isArchived: true });
        owners.push(owner.email);
      }
      const agent = await signIn(t, manager);
      const files: Record<string, string> = {
        inmuebles: csv([['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP', 'Referencia catastral', 'Email del propietario'], ...Array.from({ length: 500 }, (_, i) => [`Bench ${i}`, 'Calle Mayor', 'Madrid', 'Madrid', '28013', ref(i + 1), owners[i % 50]!])]),
        unidades: csv([['Inmueble', 'Unidad', 'Tipo', 'Renta base'], ...Array.from({ length: 2500 }, (_, i) => [ref((i % 500) + 1), `U${Math.floor(i / 500)}`, 'Vivienda completa', '800'])]),
        inquilinos: csv([['Nombre', 'Apellidos', 'Email', 'NIF'], ...Array.from({ length: 2500 }, (_, i) => ['Bench', `Inquilino ${i}`, `bench.tenant${i}@ejemplo.es`, `${String(50_000_000 + i)}${nifControlLetter(50_000_000 + i)}`])]),
        contratos: csv([
          ['Código', 'Inmueble', 'Unidad', 'Inquilinos', 'Fecha de inicio', 'Renta mensual', 'Estado'],
          ...Array.from({ length: 2500 }, (_, i) => [`BENCH-${i}`, ref((i % 500) + 1), `U${Math.floor(i / 500)}`, `bench.tenant${i}@ejemplo.es`, '01/01/2025', '800', 'Activo']),
        ]),
        saldos: csv([['Contrato', 'Fecha', 'Concepto', 'Importe', 'Tipo'], ...Array.from({ length: 2000 }, (_, i) => [`BENCH-${i}`, '31/12/2024', 'Saldo inicial', '800', 'Ingreso'])]),
      };
      const started = Date.now();
      let previewMs = 0;
      for (const [name, text] of Object.entries(files)) {
        const before = Date.now();
        const bytes = Buffer.from(text);
        expect(bytes.length).toBeLessThan(IMPORT_MAX_BYTES);
        const res = await agent.post('/api/imports').attach('file', bytes, `${name}.csv`);
        expect(res.status).toBe(201);
        expect({ file: name, invalid: res.body.counts.invalid, first: res.body.rows.find((r: { errors: unknown[] }) => r.errors.length)?.errors }).toEqual({ file: name, invalid: 0, first: undefined });
        previewMs += Date.now() - before;
        await agent.post(`/api/imports/${res.body.id}/commit`).expect(202);
        await importJob(res.body.id);
        expect((await agent.get(`/api/imports/${res.body.id}`).expect(200)).body.status).toBe('done');
      }
      const seconds = (Date.now() - started) / 1000;
      console.log(`10.000 filas: ${seconds.toFixed(1)} s en total (vistas previas ${(previewMs / 1000).toFixed(1)} s), ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
      expect(seconds).toBeLessThan(60);
    },
    10 * 60_000,
  );
});

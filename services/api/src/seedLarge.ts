import { parseArgs } from 'node:util';
import { databaseTarget, openDatabase } from './db';
import { migrate } from './db/migrate';
import { ConfigError, readConfig } from './env';
import { seed } from './seeds';
import { LARGE_SEED_PASSWORD, largeSeedAccounts, LargeSeedRefused, seedLarge } from './seeds/large';

/**
 * `npm run seed:large [-- --scale 0.1 --seed 7 --replace]`: the benchmark portfolio (seeds/large.ts)
 * in the database the server would use (DATABASE_URL, else PGlite at PGLITE_DIR).
 */
async function main() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, seed: { type: 'string', default: '1' }, replace: { type: 'boolean', default: false } },
  });
  const scale = Number(values.scale);
  const seedValue = Number(values.seed);
  const config = readConfig();
  const db = await openDatabase(databaseTarget(config));
  try {
    await migrate(db.knex);
    await seed(db.knex, { demo: false });
    console.log(`Sembrando la cartera grande (escala ${scale}, semilla ${seedValue}) en ${db.target.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`}…`);
    const result = await seedLarge(db.knex, { scale, seed: seedValue, replace: values.replace, log: (line) => console.log(line) });
    if (result.status === 'already-seeded') {
      console.log('Esta base de datos ya tiene esta misma siembra: no se ha escrito nada (usa --replace para rehacerla).');
    } else {
      console.log(`Hecho en ${result.seconds.toFixed(1)} s.`);
    }
    console.table(result.counts);
    console.log(`Cuentas: ${largeSeedAccounts.manager()}, ${largeSeedAccounts.owner()}, ${largeSeedAccounts.tenant()}… contraseña ${LARGE_SEED_PASSWORD}`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  if (err instanceof LargeSeedRefused || err instanceof ConfigError) {
    console.error(`seed:large: ${err.message}`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});

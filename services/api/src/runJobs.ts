import { parseArgs } from 'node:util';
import { IsoDateSchema } from '@arrendia/api-contract';
import { databaseTarget, openDatabase } from './db';
import { migrate } from './db/migrate';
import { ConfigError, readConfig } from './env';
import { runDailyJobs } from './jobs/daily';
import { exportsDir, reportsDir } from './storage/files';

/**
 * `npm run jobs [-- --date YYYY-MM-DD]`: the daily jobs (rent charges, overdue notices, renewals,
 * rent updates, scheduled reports, expired exports) once, on the database the server uses
 * (DATABASE_URL, else PGlite at PGLITE_DIR, with the server stopped). Without --date they run for
 * today, as the server does each morning; with it, as of that day: an operator runs a day the
 * server was down for longer than the jobs catch up, or a staging copy is moved forward. Each step
 * is idempotent: running a day twice changes nothing.
 */
async function main() {
  const { values } = parseArgs({ options: { date: { type: 'string' } } });
  const date = values.date === undefined ? null : IsoDateSchema.safeParse(values.date);
  if (date && !date.success) throw new ConfigError(`--date debe ser una fecha AAAA-MM-DD: ${values.date}`);
  const config = readConfig();
  const db = await openDatabase(databaseTarget(config));
  try {
    await migrate(db.knex);
    // Noon in Madrid's day: todayIso(now) is that date whatever the time zone.
    const now = date ? new Date(`${date.data}T12:00:00Z`) : new Date();
    const result = await runDailyJobs(db.knex, now, { reportsDir: reportsDir(config), exportsDir: exportsDir(config), rentUpdateNoticeDays: config.rentUpdateNoticeDays });
    console.log(JSON.stringify({ day: date?.data ?? 'hoy', ...result }));
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(`jobs: ${err.message}`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});

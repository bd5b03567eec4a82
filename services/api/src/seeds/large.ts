import type { Knex } from 'knex';
import { audit } from '../audit';
import { runDailyJobs } from '../jobs/daily';
import { hashPassword } from '../passwords';

/**
 * A portfolio at agency scale for benchmarks (issue 14): at scale 1, 40 agencies, 5,000 users of
 * every role, 10,000 properties, 50,000 units, 20,000 contracts, 500,000 transactions over five
 * years, 20,000 incidents and 200,000 messages, plus the listings, charges and delegations that
 * hang off them. Every row is made by PostgreSQL itself (INSERT … SELECT over generate_series), so
 * the same SQL runs on PostgreSQL and PGlite and a run takes seconds, not one round trip per row.
 *
 * The data is a pure function of (seed, scale): "random" choices are hashes of the row number and
 * the seed value, so two runs with the same values write the same rows.
 */

export const LARGE_SEED_PASSWORD = 'bench-arrendia-2026';
export const LARGE_SEED_DOMAIN = 'bench.arrendia.es';
/** The audit_log row that records a large seed: its values say which seed and scale it was. */
export const LARGE_SEED_MARKER = 'seed_large';

export interface LargeSeedOptions {
  /** 1 is the full portfolio above; 0.01 a hundredth of it (tests). */
  scale: number;
  /** Any integer: the same value gives the same data. */
  seed: number;
}

export interface LargeSeedCounts {
  agencies: number;
  users: number;
  properties: number;
  units: number;
  contracts: number;
  transactions: number;
  incidents: number;
  conversations: number;
  messages: number;
  listings: number;
}

/** Row counts at `scale`; each at least what the relations need (1 agency, 10 units …). */
export function largeSeedCounts(scale: number): LargeSeedCounts {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const contracts = n(20_000, 10);
  return {
    agencies: n(40, 1),
    users: n(5_000, 60),
    properties: n(10_000, 5),
    units: n(50_000, 25),
    contracts,
    transactions: n(500_000, 100),
    incidents: n(20_000, 10),
    conversations: Math.max(1, Math.min(Math.round(contracts * 0.6), n(10_000, 1))),
    messages: n(200_000, 20),
    listings: 0, // known after the units: counted from the rows
  };
}

/** Where each role's users start in the id range, and how many there are (ids are explicit). */
export function largeSeedPeople(counts: LargeSeedCounts) {
  const admins = 1;
  const managers = counts.agencies;
  const agents = counts.agencies * 10;
  const delegates = Math.max(1, Math.round(counts.users * 0.012));
  const owners = Math.max(1, Math.round(counts.users * 0.3));
  const tenants = counts.users - admins - managers - agents - delegates - owners;
  if (tenants < 1) throw new Error(`seed:large: ${counts.users} users are too few for ${counts.agencies} agencies`);
  const managerBase = admins + 1;
  const agentBase = managerBase + managers;
  const delegateBase = agentBase + agents;
  const ownerBase = delegateBase + delegates;
  const tenantBase = ownerBase + owners;
  return { managers, agents, delegates, owners, tenants, managerBase, agentBase, delegateBase, ownerBase, tenantBase };
}

/** The accounts a benchmark signs in with (all share LARGE_SEED_PASSWORD). */
export const largeSeedAccounts = {
  superAdmin: `admin@${LARGE_SEED_DOMAIN}`,
  manager: (agency = 1) => `gerente${agency}@${LARGE_SEED_DOMAIN}`,
  agent: (n = 1) => `agente${n}@${LARGE_SEED_DOMAIN}`,
  delegate: (n = 1) => `delegado${n}@${LARGE_SEED_DOMAIN}`,
  owner: (n = 1) => `propietario${n}@${LARGE_SEED_DOMAIN}`,
  tenant: (n = 1) => `inquilino${n}@${LARGE_SEED_DOMAIN}`,
};

/** Tables the reference seed owns (kept); every other table of the schema is emptied first. */
const KEPT_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'roles', 'unit_types', 'transaction_categories', 'remotes']);

/** A seed the command will not run: bad options, or a database holding other data. */
export class LargeSeedRefused extends Error {
  override name = 'LargeSeedRefused';
}

export type LargeSeedResult = { status: 'seeded'; counts: LargeSeedCounts; seconds: number } | { status: 'already-seeded'; counts: LargeSeedCounts };

/** The seed and scale of the large seed this database holds, or null. */
export async function currentLargeSeed(knex: Knex): Promise<{ seed: number; scale: number } | null> {
  const row = await knex('audit_log').where({ tableName: LARGE_SEED_MARKER }).orderBy('id', 'desc').first('newValues');
  return row ? (row.newValues as { seed: number; scale: number }) : null;
}

/** Whether the database holds anything besides reference data (a demo or real portfolio). */
export async function holdsData(knex: Knex): Promise<boolean> {
  const row = await knex('users').first('id');
  return row !== undefined;
}

/**
 * Seeds the large portfolio. The same (seed, scale) already in place is left as it is; anything
 * else in the database is only replaced with `replace` (the caller asks the user first).
 */
export async function seedLarge(knex: Knex, options: LargeSeedOptions & { replace?: boolean; log?: (line: string) => void }): Promise<LargeSeedResult> {
  const { scale, seed } = options;
  if (!(scale > 0 && scale <= 10)) throw new LargeSeedRefused('--scale debe ser un número mayor que 0 y hasta 10');
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 1_000_000) throw new LargeSeedRefused('--seed debe ser un entero entre 0 y 1000000');
  const log = options.log ?? (() => {});
  const counts = largeSeedCounts(scale);

  const existing = await currentLargeSeed(knex);
  if (existing && existing.seed === seed && existing.scale === scale && !options.replace) {
    return { status: 'already-seeded', counts: await countRows(knex, counts) };
  }
  if ((await holdsData(knex)) && !options.replace) {
    throw new LargeSeedRefused(
      existing
        ? `La base de datos ya tiene una siembra grande distinta (semilla ${existing.seed}, escala ${existing.scale}); usa --replace para sustituirla`
        : 'La base de datos ya tiene datos; usa --replace para borrarlos y sembrar la cartera grande',
    );
  }

  const started = Date.now();
  const passwordHash = await hashPassword(LARGE_SEED_PASSWORD);
  await knex.transaction(async (trx) => {
    await wipe(trx);
    const step = async (name: string, sql: string, bindings: readonly Knex.RawBinding[] = []) => {
      const t = Date.now();
      await trx.raw(sql, bindings);
      log(`  ${name.padEnd(22)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    for (const [name, sql, bindings] of portfolioSql(counts, seed, passwordHash)) await step(name, sql, bindings);
    await resetSequences(trx);
  });
  await vacuumSchema(knex);
  // The daily job creates this month's rent charges (paid ones reconciled with the income above).
  const t = Date.now();
  const daily = await runDailyJobs(knex);
  log(`  ${'rent charges (job)'.padEnd(22)} ${((Date.now() - t) / 1000).toFixed(1)} s (${daily.charges} cargos)`);
  const result = await countRows(knex, counts);
  await knex.transaction((trx) => audit(trx, { userId: null, action: 'create', tableName: LARGE_SEED_MARKER, recordId: seed, newValues: { seed, scale, counts: result } }));
  return { status: 'seeded', counts: result, seconds: (Date.now() - started) / 1000 };
}

async function countRows(knex: Knex, counts: LargeSeedCounts): Promise<LargeSeedCounts> {
  const tables: Record<keyof LargeSeedCounts, string> = {
    agencies: 'agencies',
    users: 'users',
    properties: 'main_properties',
    units: 'rentable_units',
    contracts: 'contracts',
    transactions: 'transactions',
    incidents: 'incidents',
    conversations: 'conversations',
    messages: 'messages',
    listings: 'unit_listings',
  };
  const out = { ...counts };
  for (const [key, table] of Object.entries(tables) as [keyof LargeSeedCounts, string][]) {
    const row = await knex(table).count({ n: '*' }).first();
    out[key] = Number(row?.n ?? 0);
  }
  return out;
}

/** The tables of the schema the app uses, by name. */
async function schemaTables(db: Knex | Knex.Transaction): Promise<string[]> {
  const { rows } = await db.raw(`select tablename from pg_tables where schemaname = current_schema() order by tablename`);
  return (rows as { tablename: string }[]).map((r) => r.tablename);
}

async function wipe(trx: Knex.Transaction): Promise<void> {
  const tables = (await schemaTables(trx)).filter((t) => !KEPT_TABLES.has(t));
  if (tables.length) await trx.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
}

/**
 * Fresh visibility map and statistics for the schema's tables, as autovacuum would leave them, so
 * index-only scans work at once. Named one by one: a bare VACUUM goes through every schema of the
 * database, waiting on whatever another schema's transaction locks (the tests' schemas share one).
 */
async function vacuumSchema(knex: Knex): Promise<void> {
  const tables = await schemaTables(knex);
  await knex.raw(`vacuum analyze ${tables.map((t) => `"${t}"`).join(', ')}`);
}

/** Every serial sequence after the explicit ids: the next row the app creates gets max(id) + 1. */
async function resetSequences(trx: Knex.Transaction): Promise<void> {
  const { rows } = await trx.raw(`
    select c.table_name as t from information_schema.columns c
     where c.table_schema = current_schema() and c.column_name = 'id' and c.column_default like 'nextval%'`);
  for (const { t } of rows as { t: string }[]) {
    await trx.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max(id) from "${t}"), 0) + 1, false)`, [`"${t}"`]);
  }
}

/**
 * The INSERT … SELECT statements, in dependency order. `h(expr, salt, mod)` is a deterministic
 * pseudo-random integer in [0, mod) for row `expr`.
 */
function portfolioSql(c: LargeSeedCounts, seed: number, passwordHash: string): [string, string, Knex.RawBinding[]][] {
  const p = largeSeedPeople(c);
  const h = (expr: string, salt: number, mod: number) => `(abs(hashint8((${expr})::bigint * 1000003 + ${salt * 7919 + seed * 104729}))::bigint % ${mod})`;
  const pick = (values: readonly string[], expr: string, salt: number) =>
    `(array[${values.map((v) => `'${v.replace(/'/g, "''").replace(/\?/g, '\\?')}'`).join(',')}])[1 + ${h(expr, salt, values.length)}]`;
  const firstNames = ['Lucía', 'Hugo', 'Martina', 'Mateo', 'Sofía', 'Leo', 'María', 'Daniel', 'Julia', 'Pablo', 'Paula', 'Álvaro', 'Carmen', 'Javier', 'Elena'];
  const lastNames = ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno'];
  const cities = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Málaga', 'Bilbao', 'Zaragoza'];
  const streets = ['Calle Mayor', 'Calle de Alcalá', 'Gran Vía', 'Calle de Serrano', 'Paseo de la Castellana', 'Calle de Atocha', 'Calle de Fuencarral', 'Avenida de América'];
  const districts = ['Chamberí', 'Malasaña', 'Centro', 'La Latina', 'Salamanca'];
  const categories = ['Fontanería', 'Electricidad', 'Calefacción/Aire Acondicionado', 'Cerrajería', 'Pintura y Decoración', 'Electrodomésticos', 'Zonas Comunes', 'Ascensor', 'Otros'];
  const active = Math.round(c.contracts * 0.6);
  const finished = c.contracts - active;
  const perProperty = Math.max(1, Math.floor(c.units / c.properties));
  const role = (name: string) => `(select id from roles where "roleName" = '${name}')`;
  const person = (i: string) =>
    `${pick(firstNames, i, 1)}, ${pick(lastNames, i, 2)} || ' ' || ${pick(lastNames, i, 3)}`;

  return [
    [
      'agencies',
      `insert into agencies (id, "nombreAgencia", "cifAgencia", "direccionFiscal", "telefonoAgencia", "emailAgencia", "commissionRate")
       select k, 'Inmobiliaria ' || ${pick(cities, 'k', 4)} || ' ' || k, 'B' || lpad(k::text, 8, '0'), ${pick(streets, 'k', 5)} || ', ' || (1 + ${h('k', 6, 120)}),
              '91' || lpad((1000000 + k)::text, 7, '0'), 'agencia' || k || '@${LARGE_SEED_DOMAIN}', 5 + ${h('k', 7, 6)}
         from generate_series(1, ${c.agencies}) k`,
      [],
    ],
    [
      'users',
      // Addresses confirmed (issue 34), as the demo's: nobody is waiting for a link.
      `insert into users (id, "roleId", "agencyId", email, password, "firstName", "lastName", telefono, "isActive", "createdAt", "updatedAt", "emailVerifiedAt")
       select i,
              case when i = 1 then ${role('super_admin')}
                   when i < ${p.agentBase} then ${role('admin_agencia')}
                   when i < ${p.delegateBase} then ${role('agente')}
                   when i < ${p.ownerBase} then ${role('propietario_delegado')}
                   when i < ${p.tenantBase} then ${role('propietario_individual')}
                   else ${role('inquilino')} end,
              case when i >= ${p.managerBase} and i < ${p.agentBase} then i - ${p.managerBase} + 1
                   when i >= ${p.agentBase} and i < ${p.delegateBase} then (i - ${p.agentBase}) % ${c.agencies} + 1 end,
              case when i = 1 then 'admin'
                   when i < ${p.agentBase} then 'gerente' || (i - ${p.managerBase} + 1)
                   when i < ${p.delegateBase} then 'agente' || (i - ${p.agentBase} + 1)
                   when i < ${p.ownerBase} then 'delegado' || (i - ${p.delegateBase} + 1)
                   when i < ${p.tenantBase} then 'propietario' || (i - ${p.ownerBase} + 1)
                   else 'inquilino' || (i - ${p.tenantBase} + 1) end || '@${LARGE_SEED_DOMAIN}',
              ?, ${person('i')}, '6' || lpad((10000000 + i)::text, 8, '0'), true,
              now() - make_interval(days => ${h('i', 8, 1800)}::int), now(), now()
         from generate_series(1, ${c.users}) i`,
      [passwordHash],
    ],
    [
      'delegations',
      `insert into owner_delegations ("ownerUserId", "delegateUserId")
       select ${p.ownerBase} + o, ${p.delegateBase} + o % ${p.delegates}
         from generate_series(0, least(${p.owners}, ${p.delegates * 10}) - 1) o`,
      [],
    ],
    [
      'properties',
      // One in five properties is run by its owner alone; the rest by an agency and one of its agents.
      `insert into main_properties (id, "ownerUserId", "managerAgencyId", "assignedAgentUserId", "propertyName", "addressStreet", "addressNumber",
                                    city, province, "postalCode", country, "refCatastral", "totalAreaM2", "buildYear", "isArchived", "createdAt", "updatedAt")
       select i, ${p.ownerBase} + (i - 1) % ${p.owners},
              case when i % 5 <> 0 then (i - 1) % ${c.agencies} + 1 end,
              case when i % 5 <> 0 then ${p.agentBase} + (i - 1) % ${c.agencies} + ${c.agencies} * (((i - 1) / ${c.agencies}) % 10) end,
              'Edificio ' || ${pick(streets, 'i', 9)} || ' ' || i, ${pick(streets, 'i', 9)}, (1 + ${h('i', 10, 150)})::text,
              city, city, lpad((28001 + ${h('i', 11, 80)})::text, 5, '0'), 'España', 'BN' || lpad(i::text, 18, '0'),
              (60 + ${h('i', 12, 900)})::numeric(10,2), 1900 + ${h('i', 13, 125)}, i % 100 = 99,
              now() - make_interval(days => ${h('i', 14, 1826)}::int), now()
         from (select i, ${pick(cities, 'i', 15)} as city from generate_series(1, ${c.properties}) i) s`,
      [],
    ],
    [
      'units',
      `insert into rentable_units (id, "mainPropertyId", "unitTypeId", "unitName", "areaM2", "currentStatus", "baseRentPrice", amenities, "isActive", "createdAt", "updatedAt")
       select u, least((u - 1) / ${perProperty} + 1, ${c.properties}),
              case when u % 10 = 0 then (select id from unit_types where "typeName" = 'garaje')
                   when u % 10 = 5 then (select id from unit_types where "typeName" = 'habitacion')
                   else (select id from unit_types where "typeName" = 'vivienda') end,
              case when u % 10 = 0 then 'Plaza ' || u else 'Piso ' || (1 + (u - 1) % ${perProperty}) || 'º ' || chr(65 + ${h('u', 16, 4)}::int) end,
              (15 + ${h('u', 17, 150)})::numeric(10,2), 'Disponible', (450 + ${h('u', 18, 2000)})::numeric(10,2), '[]'::jsonb, true,
              now() - make_interval(days => ${h('u', 19, 1826)}::int), now()
         from generate_series(1, ${c.units}) u`,
      [],
    ],
    [
      'unit details',
      `insert into unit_details_residential ("rentableUnitId", "numBedrooms", "numBathrooms", "floorLevel", "isFurnished", "hasTerrace", "hasElevator",
                                             "hasAirConditioning", "heatingType", "energyCertificateRating", "allowsPets")
       select u, 1 + ${h('u', 20, 4)}, 1 + ${h('u', 21, 2)}, ${h('u', 22, 9)}, ${h('u', 23, 2)} = 1, ${h('u', 24, 3)} = 1, ${h('u', 25, 4)} > 0,
              ${h('u', 26, 2)} = 1, ${pick(['Gas natural', 'Eléctrica', 'Central', 'Aerotermia'], 'u', 27)}, ${pick(['A', 'B', 'C', 'D', 'E', 'F', 'G'], 'u', 28)},
              ${h('u', 29, 3)} = 0
         from generate_series(1, ${c.units}) u where u % 10 <> 0`,
      [],
    ],
    [
      'contracts',
      // Active contracts spread evenly over the units (one per unit); finished ones before them.
      `insert into contracts (id, "rentableUnitId", "contractCode", "startDate", "endDate", "rentAmount", "paymentDay", "depositAmount", "depositStatus",
                              status, "renewalNoticeDays", "terminationReason", "createdAt", "updatedAt")
       select k, unit, 'BN-' || lpad(k::text, 7, '0'), start, finish, rent, 1 + ${h('k', 30, 28)}, rent * 2,
              case when k <= ${active} then 'Recibida' else 'Devuelta' end,
              case when k <= ${active} then 'Activo' else 'Finalizado' end, 60,
              case when k > ${active} then 'Fin del periodo pactado' end, start::timestamptz, now()
         from (
           select k, rent, start,
                  case when k <= ${active} then (((k - 1)::bigint * ${c.units}) / ${active} + 1)::int
                       else (((k - ${active} - 1)::bigint * ${c.units}) / ${Math.max(finished, 1)} + 1)::int end as unit,
                  case when k <= ${active} then current_date + 120 + ${h('k', 31, 900)}::int
                       else start + 180 + ${h('k', 32, 500)}::int end as finish
             from (
               select k, (450 + ${h('k', 33, 2000)})::numeric(10,2) as rent,
                      case when k <= ${active} then current_date - 40 - ${h('k', 34, 1700)}::int
                           else current_date - 1826 + ${h('k', 35, 900)}::int end as start
                 from generate_series(1, ${c.contracts}) k
             ) a
         ) b`,
      [],
    ],
    [
      'units let',
      `update rentable_units u set "currentStatus" = 'Alquilado' from contracts c where c."rentableUnitId" = u.id and c.status = 'Activo'`,
      [],
    ],
    [
      'tenants',
      `insert into tenants_contracts ("tenantUserId", "contractId", "isPrimaryTenant")
       select ${p.tenantBase} + (k - 1) % ${p.tenants}, k, true from generate_series(1, ${c.contracts}) k`,
      [],
    ],
    [
      'rent (last 3 months)',
      // Each active contract's rent of the last three months, paid on its day (98 % of them):
      // what the rent-charge job reconciles as Pagado.
      `insert into transactions ("rentableUnitId", "mainPropertyId", "categoryId", "contractId", type, amount, "transactionDate", description, "paymentMethod", status)
       select c."rentableUnitId", u."mainPropertyId", (select id from transaction_categories where "categoryName" = 'Alquiler'), c.id, 'Ingreso',
              c."rentAmount", d.due, 'Alquiler ' || to_char(d.due, 'MM/YYYY'), 'Transferencia', 'Completado'
         from contracts c
         join rentable_units u on u.id = c."rentableUnitId"
         cross join generate_series(0, 2) m
         cross join lateral (select (date_trunc('month', current_date) - make_interval(months => m))::date + c."paymentDay" - 1 as due) d
        where c.status = 'Activo' and d.due <= current_date and d.due >= c."startDate" and ${h('c.id * 3 + m', 36, 50)} > 0
        order by c.id, m`,
      [],
    ],
    [
      'transactions',
      // The rest of five years of income and expenses, each inside its contract's dates.
      `insert into transactions ("rentableUnitId", "mainPropertyId", "categoryId", "contractId", type, amount, "transactionDate", description, "paymentMethod", status, "createdAt", "updatedAt")
       select c."rentableUnitId", u."mainPropertyId",
              case when expense then 5 + ${h('i', 37, 7)} else 1 end, case when expense then null else c.id end,
              case when expense then 'Gasto' else 'Ingreso' end,
              case when expense then (30 + ${h('i', 38, 600)})::numeric(10,2) else c."rentAmount" end,
              day, case when expense then 'Gasto ' else 'Alquiler ' end || to_char(day, 'MM/YYYY'), 'Transferencia',
              case when ${h('i', 39, 100)} < 96 then 'Completado' when ${h('i', 39, 100)} < 99 then 'Pendiente' else 'Fallido' end,
              day::timestamptz, day::timestamptz
         from (
           select i, 1 + ${h('i', 40, c.contracts)} as contract, ${h('i', 41, 7)} = 0 as expense from generate_series(1, greatest(0, ${c.transactions} - (select count(*) from transactions))) i
         ) g
         join contracts c on c.id = g.contract
         join rentable_units u on u.id = c."rentableUnitId"
         cross join lateral (select c."startDate" + ${h('i', 42, 100000)}::int % greatest(1, least(current_date - 60, c."endDate") - c."startDate") as day) d
        order by g.i`,
      [],
    ],
    [
      'incidents',
      `insert into incidents ("rentableUnitId", "contractId", "reportedByUserId", "assignedToUserId", "incidentCategory", title, description, status, priority,
                              "costEstimate", "finalCost", "closedAt", "createdAt", "updatedAt")
       select c."rentableUnitId", c.id, tc."tenantUserId", p."assignedAgentUserId", cat, cat || ': revisión en ' || u."unitName",
              'Incidencia comunicada por el inquilino (' || cat || ').', st, ${pick(['Baja', 'Media', 'Media', 'Alta', 'Urgente'], 'i', 43)},
              (50 + ${h('i', 44, 900)})::numeric(10,2), case when st in ('Resuelta', 'Cerrada') then (40 + ${h('i', 45, 900)})::numeric(10,2) end,
              case when st in ('Resuelta', 'Cerrada') then created + interval '5 days' end, created, created
         from (
           select i, 1 + ${h('i', 46, active)} as contract, ${pick(categories, 'i', 47)} as cat,
                  case when ${h('i', 48, 10)} < 2 then 'Abierta' when ${h('i', 48, 10)} < 3 then 'En Progreso'
                       when ${h('i', 48, 10)} < 6 then 'Resuelta' else 'Cerrada' end as st,
                  now() - make_interval(days => ${h('i', 49, 730)}::int, hours => ${h('i', 50, 24)}::int) as created
             from generate_series(1, ${c.incidents}) i
         ) g
         join contracts c on c.id = g.contract
         join tenants_contracts tc on tc."contractId" = c.id
         join rentable_units u on u.id = c."rentableUnitId"
         join main_properties p on p.id = u."mainPropertyId"
        order by g.i`,
      [],
    ],
    [
      'conversations',
      `insert into conversations (id, "relatedEntityType", "relatedEntityId", title, "createdAt")
       select k, 'contract', k, 'Contrato BN-' || lpad(k::text, 7, '0'), now() - interval '400 days' from generate_series(1, ${c.conversations}) k`,
      [],
    ],
    [
      'participants',
      // The tenant, and whoever runs the property: its agent, or the owner when it has none.
      `insert into conversation_participants ("conversationId", "userId")
       select k, tc."tenantUserId" from generate_series(1, ${c.conversations}) k join tenants_contracts tc on tc."contractId" = k
       union all
       select k, coalesce(p."assignedAgentUserId", p."ownerUserId")
         from generate_series(1, ${c.conversations}) k
         join contracts c on c.id = k join rentable_units u on u.id = c."rentableUnitId" join main_properties p on p.id = u."mainPropertyId"`,
      [],
    ],
    [
      'messages',
      `insert into messages ("conversationId", "senderUserId", content, "sentAt", "readAt")
       select g.conv, case when g.turn % 2 = 0 then tc."tenantUserId" else coalesce(p."assignedAgentUserId", p."ownerUserId") end,
              ${pick(['Hola, ¿podemos hablar del contrato?', 'Claro, dime.', 'El pago de este mes ya está hecho.', 'Gracias, lo confirmo.', '¿Cuándo puede venir el técnico?', 'Mañana por la mañana.'], 'g.i', 51)} || ' (' || g.i || ')',
              now() - make_interval(mins => (${c.messages} - g.i)::int * 2), case when g.i <= ${c.messages} - ${c.conversations} then now() end
         from (select i, 1 + (i - 1) % ${c.conversations} as conv, (i - 1) / ${c.conversations} as turn from generate_series(1, ${c.messages}) i) g
         join tenants_contracts tc on tc."contractId" = g.conv
         join contracts c on c.id = g.conv join rentable_units u on u.id = c."rentableUnitId" join main_properties p on p.id = u."mainPropertyId"
        order by g.i`,
      [],
    ],
    [
      'listings',
      // One in three free homes and rooms is on the public catalogue.
      `insert into unit_listings ("rentableUnitId", "isPublished", "listingType", title, address, city, district, price, deposit, floor, description, "fullDescription",
                                  "availableFrom", "contactName", "contactPhone", "contactEmail", "showAgency", views, saved, rating, reviews, "publishedAt")
       select u.id, true, kind, kind || ' en ' || district || ' · ' || u."unitName", p."addressStreet" || ', ' || p."addressNumber", 'Madrid', district,
              u."baseRentPrice", u."baseRentPrice" * 2, d."floorLevel",
              kind || ' luminoso de ' || u."areaM2"::int || ' m² en ' || district || '.',
              kind || ' de ' || u."areaM2"::int || ' m² en ' || district || ', cerca del transporte público. Disponible para entrar a vivir.',
              current_date + ${h('u.id', 52, 60)}::int, 'Atención al cliente', '910000000', 'alquileres@${LARGE_SEED_DOMAIN}', p."managerAgencyId" is not null,
              ${h('u.id', 53, 500)}, ${h('u.id', 54, 40)}, (3 + ${h('u.id', 55, 20)} / 10.0)::numeric(2,1), ${h('u.id', 56, 30)},
              now() - make_interval(days => ${h('u.id', 57, 90)}::int)
         from rentable_units u
         join main_properties p on p.id = u."mainPropertyId" and not p."isArchived"
         left join unit_details_residential d on d."rentableUnitId" = u.id
         cross join lateral (select ${pick(districts, 'u.id', 58)} as district,
                                    case when u.id % 10 = 5 then 'Habitación' when ${h('u.id', 59, 4)} = 0 then 'Estudio' else 'Apartamento' end as kind) k
        where u."currentStatus" = 'Disponible' and u.id % 10 <> 0 and u.id % 3 = 1
        order by u.id`,
      [],
    ],
  ];
}

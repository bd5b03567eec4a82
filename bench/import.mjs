#!/usr/bin/env node
// Importing a portfolio of 10.000 rows from one spreadsheet (issue 35: "10,000 rows import in under a
// minute on PostgreSQL"). A benchmark, not a test: in one run it
//   1. builds the API if it changed (BENCH_SKIP_BUILD=1 reuses dist/), drops and re-creates its own
//      database and starts the built API on it as `npm start` runs it (production mode, demo data
//      off, scripts/serverArgs.cjs);
//   2. sets up the accounts through the product: a person registers (POST /api/auth/register) and is
//      made super admin (the one SQL write: no release has another way to the first super admin
//      without the demo data), creates an agency and its manager (POST /api/agencies, /api/users);
//      the manager invites 50 owners (POST /api/owner-invitations), who accept (…/:token/accept);
//   3. builds ONE workbook (exceljs) with 500 properties (10 per owner, its plan's limit), 2.500
//      units, 2.500 tenants, 2.500 contracts naming those tenants by email and 2.000 opening balances;
//   4. uploads it as the manager (multipart POST /api/imports), requires 0 invalid rows, commits it
//      (POST /api/imports/:id/commit) and follows GET /api/imports/:id until 'done', timing the
//      preview, the commit and the total; reads where the commit's time went from its batches'
//      audit rows (each batch is one transaction: its rows' changedAt is when it started);
//   5. checks by SQL that the database holds what the import's report says, and uploads the same
//      file again: its preview must hold 0 valid rows (everything exists);
//   6. prints a table, writes bench/results/import-<engine>-<date>.json and exits 1 when a check
//      fails or, on PostgreSQL, the total is over 60 s.
//
//   node bench/import.mjs                 # PostgreSQL at BENCH_DATABASE_URL (default: local arrendia_bench_import)
//   node bench/import.mjs --workers 1     # API processes (WEB_CONCURRENCY; by default, one per core)
//   node bench/import.mjs --replace       # also when that database holds anything but this bench's data
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { backendPids, cpuOf, cpuReadable, processTree, spentBetween } from './support/cpu.mjs';
import { root, waitFor } from './support/server.mjs';
import serverArgs from '../scripts/serverArgs.cjs';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string' },
    poll: { type: 'string', default: '1000' },
    replace: { type: 'boolean', default: false },
  },
});

const ENGINE = 'postgres';
const WORKERS = Number(args.workers ?? os.availableParallelism());
const POLL_MS = Number(args.poll);
const TARGET_SECONDS = 60;
const DOMAIN = 'importacion.bench.arrendia.es';
const PASSWORD = 'bench-arrendia-2026';
/** Rows per batch of the commit (IMPORT_BATCH_ROWS in libs/shared/api-contract). */
const BATCH_ROWS = 500;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file: 10.000 rows. 500 properties of 50 owners, 10 each (the limit of the owner's plan). */
const SIZE = { owners: 50, properties: 500, unitsPerProperty: 5, tenants: 2_500, contracts: 2_500, balances: 2_000 };
SIZE.units = SIZE.properties * SIZE.unitsPerProperty;
const TOTAL_ROWS = SIZE.properties + SIZE.units + SIZE.tenants + SIZE.contracts + SIZE.balances;

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrendia_bench_import';
const databaseName = new URL(databaseUrl).pathname.slice(1);

const children = [];
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM')));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const log = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms) => ms / 1000;
const fmt = (n, digits = 1) => (n === undefined || n === null ? '' : Number(n).toFixed(digits));

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const res = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('api:build failed');
}

/**
 * Drops and re-creates the bench's database. One that holds accounts of another domain (the API
 * bench's portfolio, a developer's data) is only dropped with --replace.
 */
async function recreateDatabase() {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (rowCount && !args.replace) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        // Dropped without --replace only when empty or holding nothing but this bench's accounts.
        const { rows } = await db.query(
          `select to_regclass('public.users') is not null as "hasUsers",
                  (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%') as tables`,
        );
        const { hasUsers, tables } = rows[0];
        const others = hasUsers ? (await db.query('select count(*)::int as n from users where email not like $1', [`%@${DOMAIN}`])).rows[0].n : tables;
        if (others) throw new Error(`${databaseName} holds data that is not this bench's: pass --replace to drop it, or set BENCH_DATABASE_URL to another database`);
      } finally {
        await db.end();
      }
    }
    const quoted = `"${databaseName.replace(/"/g, '""')}"`;
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
}

function startApi(port) {
  const child = spawn(process.execPath, [...serverArgs.serverNodeArgs(), path.join(root, 'dist/services/api/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-not-for-production',
      COOKIE_SECURE: '0',
      DEMO_MODE: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(WORKERS),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

// ---------------------------------------------------------------------------------------------
// Talking to the API as a browser does: JSON or multipart, a session cookie per person.

let base = '';

async function call(method, url, { cookie, json, form } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const text = await res.text();
  const ms = performance.now() - started;
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { status: res.status, data, ms, bytes: Buffer.byteLength(text), cookie: setCookie };
}

async function expectStatus(status, method, url, options) {
  const res = await call(method, url, options);
  if (res.status !== status) throw new Error(`${method} ${url}: ${res.status} (expected ${status}) ${JSON.stringify(res.data).slice(0, 500)}`);
  return res;
}

async function signIn(email) {
  const res = await expectStatus(200, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
  return res.cookie;
}

// ---------------------------------------------------------------------------------------------
// The accounts

const ownerEmail = (o) => `propietario${o + 1}@${DOMAIN}`;

/** The super admin, the agency and its manager, and its 50 owners, all through the API. */
async function setUpAccounts(db) {
  const adminEmail = `admin@${DOMAIN}`;
  await expectStatus(201, 'POST', '/api/auth/register', { json: { email: adminEmail, password: PASSWORD, firstName: 'Administración', lastName: 'Banco' } });
  // The product creates the first super admin only with the demo data: this is the one row the bench writes itself.
  const promoted = await db.query(`update users set "roleId" = (select id from roles where "roleName" = 'super_admin') where email = $1`, [adminEmail]);
  if (promoted.rowCount !== 1) throw new Error('could not make the registered account super admin');
  const admin = await signIn(adminEmail);

  const agency = await expectStatus(201, 'POST', '/api/agencies', {
    cookie: admin,
    json: { nombreAgencia: 'Inmobiliaria Banco de Importación', cifAgencia: 'B86543212', direccionFiscal: 'Calle Mayor 1, 28013 Madrid', emailAgencia: `agencia@${DOMAIN}` },
  });
  const managerEmail = `gerente@${DOMAIN}`;
  await expectStatus(201, 'POST', '/api/users', {
    cookie: admin,
    json: { email: managerEmail, firstName: 'Gerente', lastName: 'Banco', roleName: 'admin_agencia', agencyId: agency.data.id, password: PASSWORD },
  });
  const cookie = await signIn(managerEmail);

  for (let o = 0; o < SIZE.owners; o += 1) {
    const invitation = await expectStatus(201, 'POST', '/api/owner-invitations', { cookie, json: { email: ownerEmail(o), firstName: 'Propietario', lastName: `Banco ${o + 1}` } });
    const token = invitation.data.link.split('/').pop();
    await expectStatus(200, 'POST', `/api/owner-invitations/${token}/accept`, { json: { firstName: 'Propietario', lastName: `Banco ${o + 1}`, password: PASSWORD } });
  }
  return { agencyId: agency.data.id, cookie };
}

// ---------------------------------------------------------------------------------------------
// The workbook

/** The two control letters of a referencia catastral (libs/shared/locale-es catastralControlLetters). */
function catastralControlLetters(first18) {
  const letters = 'MQWERTYUIOPASDFGHJKLBZX';
  const weights = [13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1];
  const alphabet = 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
  const letter = (eleven) => {
    let sum = 0;
    for (let i = 0; i < 11; i += 1) sum += (/\d/.test(eleven[i]) ? Number(eleven[i]) : alphabet.indexOf(eleven[i]) + 1) * weights[i];
    return letters[sum % 23];
  };
  const cargo = first18.slice(14, 18);
  return letter(first18.slice(0, 7) + cargo) + letter(first18.slice(7, 14) + cargo);
}

/** A valid, distinct referencia catastral per property n (1…500). */
const refCatastral = (n) => {
  const first18 = `${String(n).padStart(7, '0')}VK4713S${String(n % 10_000).padStart(4, '0')}`;
  return first18 + catastralControlLetters(first18);
};
const nif = (n) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
const tenantEmail = (i) => `inquilino${i + 1}@${DOMAIN}`;
const contractCode = (i) => `BANCO-${String(i + 1).padStart(5, '0')}`;

/** One sheet per entity, named and headed as the template (GET /api/imports/templates/plantilla.xlsx). */
function workbookSheets() {
  const unitOf = (i) => ({ property: refCatastral((i % SIZE.properties) + 1), unitName: `Piso ${Math.floor(i / SIZE.properties) + 1}` });
  return {
    Inmuebles: [
      ['Nombre', 'Calle', 'Número', 'Ciudad', 'Provincia', 'Código postal', 'Referencia catastral', 'Superficie (m²)', 'Email del propietario'],
      ...Array.from({ length: SIZE.properties }, (_, i) => [`Edificio ${i + 1}`, 'Calle Mayor', String(i + 1), 'Madrid', 'Madrid', '28013', refCatastral(i + 1), 400, ownerEmail(i % SIZE.owners)]),
    ],
    Unidades: [
      ['Inmueble', 'Unidad', 'Tipo', 'Renta base', 'Dormitorios'],
      ...Array.from({ length: SIZE.units }, (_, i) => [unitOf(i).property, unitOf(i).unitName, 'Vivienda completa', 800, 2]),
    ],
    Inquilinos: [
      ['Nombre', 'Apellidos', 'Email', 'NIF/NIE'],
      ...Array.from({ length: SIZE.tenants }, (_, i) => ['Inquilino', `Banco ${i + 1}`, tenantEmail(i), nif(50_000_000 + i)]),
    ],
    Contratos: [
      ['Código del contrato', 'Inmueble', 'Unidad', 'Inquilinos (NIF o email)', 'Fecha de inicio', 'Renta mensual', 'Fianza', 'Estado'],
      ...Array.from({ length: SIZE.contracts }, (_, i) => [contractCode(i), unitOf(i).property, unitOf(i).unitName, tenantEmail(i), '01/01/2025', 800, 800, 'Activo']),
    ],
    Saldos: [
      ['Código del contrato', 'Fecha', 'Concepto', 'Importe', 'Tipo'],
      ...Array.from({ length: SIZE.balances }, (_, i) => [contractCode(i), '31/12/2024', 'Saldo inicial', 800, 'Ingreso']),
    ],
  };
}

async function buildWorkbook() {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(workbookSheets())) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function uploadForm(bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: XLSX_TYPE }), 'cartera-10000-filas.xlsx');
  return form;
}

// ---------------------------------------------------------------------------------------------
// CPU of the API's processes and of the PostgreSQL backends serving it (bench/support/cpu.mjs)

async function cpuReading(api, monitor) {
  if (!cpuReadable) return null;
  return { node: cpuOf(processTree(api.pid)), pg: cpuOf(await backendPids(monitor, databaseName)) };
}

function cpuSpent(before, after) {
  if (!before || !after) return { nodeSeconds: null, pgSeconds: null };
  return { nodeSeconds: spentBetween(before.node, after.node) / 1e6, pgSeconds: spentBetween(before.pg, after.pg) / 1e6 };
}

// ---------------------------------------------------------------------------------------------
// Where the commit's time went, from its audit rows

const ENTITY_OF_TABLE = { main_properties: 'properties', rentable_units: 'units', contracts: 'contracts', transactions: 'balances' };

/**
 * The job's batches as its audit rows date them: each batch is one transaction, and changedAt is
 * its start (now()). Tenant batches write no row of their own (the contracts invite the tenants),
 * so they fall inside the units phase; they only mark their import rows.
 */
async function commitPhases(db, importId) {
  const { rows } = await db.query(
    `select "changedAt" as at, "tableName", action, "newValues"->>'status' as status, count(*)::int as n
       from audit_log
      where "changedAt" >= (select min("changedAt") from audit_log where "tableName" = 'imports' and "recordId" = $1 and "newValues"->>'status' = 'importing')
        and "changedAt" <= (select max("changedAt") from audit_log where "tableName" = 'imports' and "recordId" = $1 and "newValues"->>'status' in ('done', 'failed', 'cancelled'))
      group by 1, 2, 3, 4
      order by 1`,
    [String(importId)],
  );
  const at = (r) => new Date(r.at).getTime();
  const started = rows.find((r) => r.tableName === 'imports' && r.status === 'importing');
  const ended = rows.findLast((r) => r.tableName === 'imports' && ['done', 'failed', 'cancelled'].includes(r.status));
  const batches = new Map(); // start → entity
  for (const r of rows) {
    const entity = r.action === 'create' ? ENTITY_OF_TABLE[r.tableName] : undefined;
    if (entity && !batches.has(at(r))) batches.set(at(r), entity);
  }
  const starts = [...batches.entries()].sort((a, b) => a[0] - b[0]);
  const firstOf = (entity) => starts.find(([, e]) => e === entity)?.[0];
  const order = ['properties', 'units', 'contracts', 'balances'];
  const phases = [{ name: 're-check of the rows (before the first batch)', seconds: seconds(starts[0][0] - at(started)), batches: 0 }];
  order.forEach((entity, i) => {
    const from = firstOf(entity);
    const to = order.slice(i + 1).map(firstOf).find((t) => t !== undefined) ?? at(ended);
    // The tenants' batches run between the units' and the contracts': counted with the units.
    const count = starts.filter(([, e]) => e === entity).length + (entity === 'units' ? Math.ceil(SIZE.tenants / BATCH_ROWS) : 0);
    phases.push({ name: entity === 'units' ? 'units + tenants (these write nothing)' : entity, seconds: seconds(to - from), batches: count });
  });
  return { phases, jobSeconds: seconds(at(ended) - at(started)) };
}

// ---------------------------------------------------------------------------------------------
// What the database holds for the agency

async function databaseCounts(db, agencyId, importId) {
  const one = async (sql, params = [agencyId]) => (await db.query(sql, params)).rows[0].n;
  return {
    properties: await one('select count(*)::int as n from main_properties where "managerAgencyId" = $1'),
    units: await one('select count(*)::int as n from rentable_units where "managerAgencyId" = $1'),
    unitsRented: await one(`select count(*)::int as n from rentable_units where "managerAgencyId" = $1 and "currentStatus" = 'Alquilado'`),
    contracts: await one(`select count(*)::int as n from contracts where "managerAgencyId" = $1 and status = 'Activo'`),
    tenantInvitations: await one('select count(*)::int as n from tenant_invitations i join contracts k on k.id = i."contractId" where k."managerAgencyId" = $1 and i."acceptedAt" is null'),
    tenantAccounts: await one(`select count(*)::int as n from users where email like $1`, [`inquilino%@${DOMAIN}`]),
    balances: await one('select count(*)::int as n from transactions where "managerAgencyId" = $1 and "contractId" is not null'),
    importRowsCreated: await one(`select count(*)::int as n from import_rows where "importId" = $1 and status = 'created'`, [importId]),
    propertiesPerOwnerMax: await one('select coalesce(max(c), 0)::int as n from (select count(*) as c from main_properties where "managerAgencyId" = $1 group by "ownerUserId") t'),
  };
}

// ---------------------------------------------------------------------------------------------

async function followUntilEnded(cookie, id) {
  const deadline = Date.now() + 15 * 60_000;
  const reads = [];
  for (;;) {
    const res = await expectStatus(200, 'GET', `/api/imports/${id}`, { cookie });
    reads.push(res.ms);
    if (!['importing', 'preview'].includes(res.data.status)) return { importData: res.data, seenAt: performance.now(), reads };
    if (Date.now() > deadline) throw new Error(`import ${id} still ${res.data.status} after 15 minutes`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function firstErrors(preview) {
  return preview.rows
    .filter((r) => r.errors.length)
    .slice(0, 5)
    .map((r) => `${r.sheet} fila ${r.rowNumber}: ${r.errors.map((e) => e.message).join('; ')}`);
}

async function main() {
  log(`bench/import.mjs · ${ENGINE} · ${databaseName} · ${WORKERS} API process(es) · ${TOTAL_ROWS} rows in one XLSX`);
  build();
  await recreateDatabase();

  const port = await freePort();
  const api = startApi(port);
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, api, { timeoutMs: 120_000, intervalMs: 250 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  let t = performance.now();
  const { agencyId, cookie } = await setUpAccounts(db);
  const setupSeconds = seconds(performance.now() - t);
  log(`accounts: super admin, agency, its manager and ${SIZE.owners} owners who accepted their invitations (${fmt(setupSeconds)} s)`);

  t = performance.now();
  const bytes = await buildWorkbook();
  log(`workbook: ${TOTAL_ROWS} rows, ${fmt(bytes.length / 1024, 0)} KB (${fmt(seconds(performance.now() - t))} s to build)`);

  const failures = [];
  const check = (ok, what) => {
    if (!ok) failures.push(what);
    return ok;
  };

  // Preview
  let cpuBefore = await cpuReading(api, db);
  const uploadStarted = performance.now();
  const preview = await call('POST', '/api/imports', { cookie, form: uploadForm(bytes) });
  const previewMs = performance.now() - uploadStarted;
  const previewCpu = cpuSpent(cpuBefore, await cpuReading(api, db));
  if (preview.status !== 201) throw new Error(`POST /api/imports: ${preview.status} ${JSON.stringify(preview.data).slice(0, 500)}`);
  const importId = preview.data.id;
  log(`preview: ${fmt(seconds(previewMs))} s, ${JSON.stringify(preview.data.counts)}, answer ${fmt(preview.bytes / 1024 / 1024, 1)} MB`);
  check(preview.data.counts.total === TOTAL_ROWS && preview.data.counts.valid === TOTAL_ROWS, `preview: ${TOTAL_ROWS} valid rows expected, got ${JSON.stringify(preview.data.counts)}`);
  check(preview.data.counts.invalid === 0, `preview: ${preview.data.counts.invalid} invalid rows: ${firstErrors(preview.data).join(' | ')}`);
  check(preview.data.notices.length === 0, `preview notices: ${preview.data.notices.join(' | ')}`);
  if (failures.length) throw new Error(failures.join('\n'));

  // Commit, followed as the import screen follows it
  cpuBefore = await cpuReading(api, db);
  const commitStarted = performance.now();
  const commitStartedAt = Date.now();
  const commit = await expectStatus(202, 'POST', `/api/imports/${importId}/commit`, { cookie });
  const { importData, seenAt, reads } = await followUntilEnded(cookie, importId);
  const commitCpu = cpuSpent(cpuBefore, await cpuReading(api, db));
  const finishedAt = new Date(importData.finishedAt).getTime();
  const commitMs = finishedAt - commitStartedAt;
  const totalMs = previewMs + commitMs;
  log(`commit: ${importData.status} ${fmt(seconds(commitMs))} s after the request (seen ${fmt(seconds(seenAt - commitStarted))} s), report ${JSON.stringify(importData.report)}`);
  check(importData.status === 'done', `the import ended '${importData.status}' (${importData.report?.stoppedBecause ?? ''})`);

  const { phases, jobSeconds } = await commitPhases(db, importId);

  // What the database holds
  const counts = await databaseCounts(db, agencyId, importId);
  const created = importData.report?.created ?? {};
  const expected = {
    properties: [created.properties, SIZE.properties],
    units: [created.units, SIZE.units],
    unitsRented: [created.contracts, SIZE.contracts],
    contracts: [created.contracts, SIZE.contracts],
    tenantInvitations: [created.tenants, SIZE.tenants],
    tenantAccounts: [0, 0],
    balances: [created.balances, SIZE.balances],
    importRowsCreated: [TOTAL_ROWS, TOTAL_ROWS],
  };
  for (const [key, [reported, planned]] of Object.entries(expected)) {
    check(counts[key] === reported && reported === planned, `database: ${key} ${counts[key]}, report ${reported}, file ${planned}`);
  }
  check(counts.propertiesPerOwnerMax <= 10, `an owner has ${counts.propertiesPerOwnerMax} properties, over the 10 of its plan`);

  // The same file again: everything exists
  const again = await call('POST', '/api/imports', { cookie, form: uploadForm(bytes) });
  if (again.status !== 201) throw new Error(`POST /api/imports (again): ${again.status} ${JSON.stringify(again.data).slice(0, 500)}`);
  log(`same file again: ${fmt(seconds(again.ms))} s, ${JSON.stringify(again.data.counts)}`);
  check(again.data.counts.valid === 0 && again.data.counts.existing === TOTAL_ROWS && again.data.counts.invalid === 0, `same file again: 0 valid and ${TOTAL_ROWS} existing expected, got ${JSON.stringify(again.data.counts)}`);
  // Not committed: nothing to write. Cancelled so that the account's list shows no preview left over.
  await expectStatus(200, 'POST', `/api/imports/${again.data.id}/cancel`, { cookie });

  for (const child of children) child.kill('SIGTERM');
  await db.end();

  const over = seconds(totalMs) > TARGET_SECONDS;
  const readsSorted = [...reads].sort((a, b) => a - b);
  const rows = [
    ['accounts (register, agency, manager, 50 owners invited and accepted)', fmt(setupSeconds, 1), '', ''],
    ['preview: POST /api/imports (upload, read, check, store, answer)', fmt(seconds(previewMs), 1), cpuText(previewCpu), `${fmt(preview.bytes / 1024 / 1024, 1)} MB answer`],
    ['commit: POST /api/imports/:id/commit → finishedAt', fmt(seconds(commitMs), 1), cpuText(commitCpu), `202 in ${fmt(commit.ms, 0)} ms; job ${fmt(jobSeconds, 1)} s`],
    ...phases.map((p) => [`  ${p.name}`, fmt(p.seconds, 1), '', p.batches ? `${p.batches} batch(es), ${fmt((p.seconds / p.batches) * 1000, 0)} ms each` : '']),
    ['total: preview + commit', fmt(seconds(totalMs), 1), '', over ? `MISSED: > ${TARGET_SECONDS} s` : `ok (≤ ${TARGET_SECONDS} s)`],
    [`GET /api/imports/:id while importing (${reads.length}, every ${POLL_MS} ms)`, '', '', `median ${fmt(readsSorted[Math.floor(reads.length / 2)], 0)} ms, max ${fmt(readsSorted.at(-1), 0)} ms`],
    ['same file again: POST /api/imports', fmt(seconds(again.ms), 1), '', `${again.data.counts.valid} valid, ${again.data.counts.existing} existing`],
  ];
  const header = ['phase', 's', 'CPU s (Node + PostgreSQL)', 'notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  rows.forEach((r) => log(line(r)));
  log('');
  log(`database: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);

  const result = {
    date: new Date().toISOString(),
    engine: ENGINE,
    workers: WORKERS,
    cpus: os.cpus().length,
    rows: { ...SIZE, total: TOTAL_ROWS },
    fileBytes: bytes.length,
    targetSeconds: TARGET_SECONDS,
    setupSeconds,
    previewSeconds: seconds(previewMs),
    previewAnswerBytes: preview.bytes,
    previewCpu,
    commitRequestMs: commit.ms,
    commitSeconds: seconds(commitMs),
    commitSeenSeconds: seconds(seenAt - commitStarted),
    commitCpu,
    jobSeconds,
    phases,
    totalSeconds: seconds(totalMs),
    importReads: { count: reads.length, pollMs: POLL_MS, medianMs: readsSorted[Math.floor(reads.length / 2)], maxMs: readsSorted.at(-1) },
    report: importData.report,
    database: counts,
    again: { seconds: seconds(again.ms), counts: again.data.counts },
    failures,
    ok: !over && failures.length === 0,
  };
  const out = path.join(root, 'bench/results', `import-${ENGINE}-${result.date.slice(0, 19).replace(/:/g, '')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(path.relative(root, out));
  if (failures.length) log(`\nFAILED:\n- ${failures.join('\n- ')}`);
  if (!result.ok) process.exit(1);
  log(`${TOTAL_ROWS} rows in ${fmt(seconds(totalMs))} s: target met.`);
}

function cpuText({ nodeSeconds, pgSeconds }) {
  return nodeSeconds == null ? '' : `${fmt(nodeSeconds, 1)} + ${fmt(pgSeconds, 1)}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

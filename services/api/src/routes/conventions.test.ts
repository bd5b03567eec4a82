import fs from 'node:fs';
import path from 'node:path';

/** The write path and the boundaries the house style draws, checked on the source (issue 10). */
const routesDir = __dirname;
const routeFiles = fs
  .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
  .map((f) => ({ file: f, source: fs.readFileSync(path.join(routesDir, f), 'utf8') }));

/** A route file that reads its body untyped: the body must come through route(schema, handler) (issue 31). */
const readsBodyUntyped = (source: string) => /ctx\.state\.input\b|\bvalidate\(/.test(source);

/**
 * Issue 31, point 2: a handler reads -> calls a query or a command -> presents. It may hand
 * `ctx.knex` or `ctx.state.trx` to a query or a command, never call the database itself.
 */
const queriesTheDatabase = (source: string) =>
  /\b(?:ctx\.knex|ctx\.state\.trx!?|trx|knex|db)\s*\(/.test(source) ||
  /\b[A-Z]\w*\.query\(/.test(source) ||
  /\.raw\(|\bknex\.fn\b/.test(source) ||
  /^import (?!type\b)[^;]*from '(?:\.\.\/)+models\//m.test(source);
/** Issue 31, point 3: a command owns its transaction (the middleware's or its own), a handler never opens one. */
const opensATransaction = (source: string) => /\.transaction\(/.test(source);
/** Issue 31, point 2: rows become JSON in presenters/, not in a handler's `.map(row => ({…}))`. */
const mapsRowsInline = (source: string) => /\.map\(\s*(?:\([^()]*\)|\w+)\s*=>\s*\(\{/.test(source);
/** Issue 31, point 2: nothing outside routes/ imports from routes/ (the app mounts the router: app.ts is the one exception). */
const importsRoutes = (source: string) => /from '(?:\.\.?\/)+(?:\.\.\/)*routes(?:\/[^']*)?'/.test(source);
/** Issue 31, point 4: a stored file goes out through storage/download.ts (sendFile), never read by a handler. */
const readsStoredFiles = (source: string) => /from 'node:fs|from 'fs|createReadStream\(/.test(source);
/** Issue 31, point 4: one way to lock a row in scope or 404 (policies/inScope.ts): no FOR UPDATE of one's own. */
const locksRowsItself = (source: string) => /\.forUpdate\(|\.forShare\(/.test(source);

const srcDir = path.join(routesDir, '..');
const sourceFiles = fs
  .readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.split(path.sep).includes('test'))
  .map((f) => ({ file: f, source: fs.readFileSync(path.join(srcDir, f), 'utf8') }));

describe('route files', () => {
  it('exist (the checks below read something)', () => {
    expect(routeFiles.length).toBeGreaterThan(40);
  });

  it('never write the audit log themselves: a mutation goes handler -> commands/<verbNoun>.ts -> audit()', () => {
    expect(routeFiles.filter((r) => /\baudit\(|from '\.\.\/\.\.\/audit'/.test(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('gate with requirePermission only (no role lists of their own)', () => {
    expect(routeFiles.filter((r) => /requireRole|ROUTE_ACCESS/.test(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('never import another route folder: what two resources share lives in queries/, storage/, presenters/ or policies/', () => {
    const crossing = routeFiles.filter((r) => /from '\.\.\/(?!\.\.\/)[^']+'/.test(r.source) && path.dirname(r.file) !== '.');
    expect(crossing.map((r) => r.file)).toEqual([]);
  });

  it('scope rows only through policies/scope (no whereIn on a property-id subquery of their own)', () => {
    expect(routeFiles.filter((r) => /function scope[A-Z]|PropertyIds\(/.test(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('take a JSON body only through route(schema, handler), typed by its schema: no ctx.state.input, no validate() (issue 31)', () => {
    // The rule bites: a planted handler of each untyped kind is caught, the typed one is not.
    expect(readsBodyUntyped(`const input = ctx.state.${'input'} as ContractsCreateData;`)).toBe(true);
    expect(readsBodyUntyped(".post('/contracts', ...write, validate(ContractsCreateSchema), transaction, create)")).toBe(true);
    expect(readsBodyUntyped(".post('/contracts', ...write, transaction, route(ContractsCreateSchema, create))")).toBe(false);
    expect(routeFiles.filter((r) => readsBodyUntyped(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('make no database call of their own: reads go to queries/, writes to commands/ (issue 31)', () => {
    expect(queriesTheDatabase("const rows = await ctx.knex('leads').where({ id });")).toBe(true);
    expect(queriesTheDatabase('const row = await ctx.state.trx!(\'leads\').first();')).toBe(true);
    expect(queriesTheDatabase('const user = await User.query(ctx.knex).findById(id);')).toBe(true);
    expect(queriesTheDatabase("import { Lead } from '../../models/Lead';")).toBe(true);
    expect(queriesTheDatabase("import type { Lead } from '../../models/Lead';\nctx.body = present(await leadRows(ctx.knex, user));")).toBe(false);
    expect(routeFiles.filter((r) => queriesTheDatabase(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('never open a transaction: the middleware or the command owns it (issue 31)', () => {
    expect(opensATransaction('await ctx.knex.transaction((trx) => createUser(trx, input));')).toBe(true);
    expect(opensATransaction('ctx.body = await createUser(ctx.knex, currentUser(ctx), input);')).toBe(false);
    expect(routeFiles.filter((r) => opensATransaction(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('map no rows inline: a presenter turns a row into JSON (issue 31)', () => {
    expect(mapsRowsInline('ctx.body = rows.map((row) => ({ id: row.id, name: row.name }));')).toBe(true);
    expect(mapsRowsInline('ctx.body = rows.map(r => ({ id: r.id }));')).toBe(true);
    expect(mapsRowsInline('ctx.body = rows.map(presentLead);')).toBe(false);
    expect(routeFiles.filter((r) => mapsRowsInline(r.source)).map((r) => r.file)).toEqual([]);
  });

  it('send stored files only through sendFile (storage/download.ts): headers, disposition and streaming in one place (issue 31)', () => {
    expect(readsStoredFiles("import fs from 'node:fs/promises';\nconst bytes = await fs.readFile(storedPath(dir, row.filePath));")).toBe(true);
    expect(readsStoredFiles('ctx.body = createReadStream(path);')).toBe(true);
    expect(readsStoredFiles("await sendFile(ctx, { dir, storedName: row.filePath, cacheControl: 'private, no-store', missing });")).toBe(false);
    expect(routeFiles.filter((r) => readsStoredFiles(r.source)).map((r) => r.file)).toEqual([]);
  });
});

describe('the rest of the API', () => {
  it('imports nothing from routes/ but the composition root, app.ts (issue 31)', () => {
    expect(importsRoutes("import { activityItems } from '../routes/activity/activity';")).toBe(true);
    expect(importsRoutes("import { apiRouter } from './routes';")).toBe(true);
    expect(importsRoutes("import { leadRows } from '../queries/pipelineRows';")).toBe(false);
    const outside = sourceFiles.filter((f) => !f.file.startsWith(`routes${path.sep}`) && f.file !== 'app.ts');
    expect(outside.length).toBeGreaterThan(100);
    expect(outside.filter((f) => importsRoutes(f.source)).map((f) => f.file)).toEqual([]);
  });

  it('locks a row in scope only through loadInScope (issue 31)', () => {
    expect(locksRowsItself("await trx('leads').where({ id }).forUpdate().first();")).toBe(true);
    expect(locksRowsItself("await loadInScope(trx, trx('leads').where({ id }), { lock: true, notFound: LEAD_NOT_FOUND });")).toBe(false);
    expect(sourceFiles.filter((f) => locksRowsItself(f.source)).map((f) => f.file)).toEqual([path.join('policies', 'inScope.ts')]);
  });
});

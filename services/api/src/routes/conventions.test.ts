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
});

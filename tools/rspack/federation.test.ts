import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { federationName, REMOTE_NAMES } from '@arrendia/remote-contract';
import rootPackage from '../../package.json';

const WORKSPACE_ROOT = path.resolve(__dirname, '../..');

interface SharedItem {
  singleton: boolean;
  requiredVersion: string | false;
  version?: string;
  import?: string;
  shareKey?: string;
}

interface BuildSummary {
  name: string;
  mode: string;
  entry: Record<string, string>;
  dependencies?: string[];
  output: { path: string; publicPath: string; filename: string; clean: boolean; uniqueName: string };
  alias: Record<string, string>;
  mf?: Record<string, unknown> & { shared: Record<string, SharedItem>; experiments: Record<string, unknown> };
  define: Record<string, string>;
  html?: { filename: string; templateContent: string; chunks: string[] };
}

/** @rspack/core is ESM-only, which jest cannot require: read the config in a plain Node process. */
function configOf(name: string, kind: string, env: Record<string, string | undefined> = {}): BuildSummary[] {
  const script = `
    const { createAppConfig } = require('./tools/rspack/federation.cjs');
    const c = createAppConfig({ name: ${JSON.stringify(name)}, root: ${JSON.stringify(path.join(WORKSPACE_ROOT, 'apps', name))}, kind: ${JSON.stringify(kind)} });
    process.stdout.write(JSON.stringify([c].flat().map((b) => {
      const byName = (n) => b.plugins.find((p) => p.constructor.name === n);
      return {
        name: b.name, mode: b.mode, entry: b.entry, dependencies: b.dependencies, output: b.output, alias: b.resolve.alias,
        mf: byName('ModuleFederationPlugin')?._options,
        define: byName('DefinePlugin')._args[0],
        html: byName('HtmlRspackPlugin')?._args[0],
      };
    })));`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: undefined, ARRENDIA_BUILD_ID: undefined, ...env };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: WORKSPACE_ROOT, env: childEnv, encoding: 'utf8' }));
}

/** Every .ts/.tsx file of the apps and libs that ends up in a bundle (tests and test helpers left out). */
function productSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name === 'node_modules') continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|test-utils\.tsx?$/.test(name)) files.push(file);
    }
  };
  walk(path.join(WORKSPACE_ROOT, 'apps'));
  walk(path.join(WORKSPACE_ROOT, 'libs'));
  return files.filter((file) => !file.includes(`${path.sep}testing${path.sep}`));
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function visit(node: ts.Node, onNode: (node: ts.Node) => void): void {
  onNode(node);
  ts.forEachChild(node, (child) => visit(child, onNode));
}

/** Names imported as values (not `import type`, not `type X`) from any of `modules`, with the first file that does. */
function valueImportsFrom(modules: string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of productSources()) {
    for (const statement of parse(file).statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !modules.includes(statement.moduleSpecifier.text)) continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name || (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))) names.set('* or default', file);
      if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const element of clause.namedBindings.elements) if (!element.isTypeOnly) names.set((element.propertyName ?? element.name).text, file);
      }
    }
  }
  return names;
}

/** `z.<name>` read at run time (property accesses; `z.infer<…>` in a type is a qualified name, not one). */
function zodRuntimeNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of productSources()) {
    visit(parse(file), (node) => {
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'z') names.set(node.name.text, file);
    });
  }
  return names;
}

function facadeFile(shared: Record<string, SharedItem>, request: string): string {
  const file = shared[request].import;
  if (!file) throw new Error(`${request} has no facade`);
  return file;
}

/** The names a facade's `export { … } from` statements give. */
function namedReExports(file: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
  }
  return names;
}

/** The keys of the object the zod facade exports as `z`. */
function zodFacadeKeys(file: string): Set<string> {
  const keys = new Set<string>();
  visit(parse(file), (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'z') {
      visit(node, (inner) => {
        if (ts.isObjectLiteralExpression(inner)) for (const property of inner.properties) if (property.name && ts.isIdentifier(property.name)) keys.add(property.name.text);
      });
    }
  });
  return keys;
}

const relative = (file: string) => path.relative(WORKSPACE_ROOT, file);

describe('createAppConfig (tools/rspack/federation.cjs)', () => {
  const [container, page] = configOf('owner-portal', 'remote');
  const [shell, ...moreShell] = configOf('shell', 'host');

  it('names containers like the remote contract does', () => {
    expect(container.mf!.name).toBe(federationName('owner-portal'));
    expect(REMOTE_NAMES.map(federationName)).toContain(container.mf!.name);
  });

  it('builds a remote container exposing ./App from remote-entry, with an unhashed remoteEntry.js and a manifest', () => {
    expect(container.mf).toMatchObject({ name: 'owner_portal', filename: 'remoteEntry.js', exposes: { './App': './src/remote-entry.ts' }, manifest: true, dts: false });
    expect(container.mf!.remotes).toBeUndefined();
    expect(container.entry).toEqual({});
    expect(container.output).toMatchObject({ path: path.join(WORKSPACE_ROOT, 'dist/apps/owner-portal'), publicPath: 'auto', clean: true });
    expect(container.output.filename).toContain('[contenthash');
    expect(container.html).toBeUndefined();
  });

  it("runs a remote on the host's federation runtime, which only the host puts on the page", () => {
    expect(container.mf!.experiments).toMatchObject({ externalRuntime: true });
    expect(shell.mf!.experiments).toMatchObject({ provideExternalRuntime: true });
    expect(shell.mf!.experiments.externalRuntime).toBeUndefined();
  });

  it("builds a remote's stand-alone page after the container, without federation, into standalone/ of its folder", () => {
    expect(page.dependencies).toEqual([container.name]);
    expect(page.mf).toBeUndefined();
    expect(page.entry).toEqual({ main: './src/main.ts' });
    expect(page.output).toMatchObject({ path: path.join(WORKSPACE_ROOT, 'dist/apps/owner-portal/standalone'), publicPath: 'auto', clean: false });
    expect(page.output.uniqueName).not.toBe(container.output.uniqueName);
    expect(page.html).toMatchObject({ filename: '../index.html', chunks: ['main'] });
  });

  it('builds the shell as one build with no remotes and nothing exposed, served from /, in Spanish', () => {
    expect(moreShell).toEqual([]);
    expect(shell.mf!.name).toBe('shell');
    expect(shell.mf!.remotes).toBeUndefined();
    expect(shell.mf!.exposes).toBeUndefined();
    expect(shell.mf!.manifest).toBe(true);
    expect(shell.output.publicPath).toBe('/');
    expect(shell.html!.templateContent).toContain('<html lang="es">');
    expect(shell.html!.templateContent).toContain('<title>Arrendia · Gestión de alquileres</title>');
    expect(shell.html!.templateContent).toMatch(/<meta name="description" content="[^"]*alquileres/);
  });

  it('shares React, react-query and styled-components as singletons with the root ranges', () => {
    const deps = rootPackage.dependencies as Record<string, string>;
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@tanstack/react-query', 'styled-components']) {
      expect(shell.mf!.shared[name]).toEqual({ singleton: true, requiredVersion: deps[name.replace(/\/(jsx-runtime|client)$/, '')] });
      expect(container.mf!.shared[name]).toEqual(shell.mf!.shared[name]);
    }
  });

  it('shares one router under one key, whichever package an import names, through its facade', () => {
    const deps = rootPackage.dependencies as Record<string, string>;
    const facade = path.join(WORKSPACE_ROOT, 'tools/rspack/shared/react-router.mjs');
    expect(shell.mf!.shared['react-router-dom']).toMatchObject({ singleton: true, requiredVersion: deps['react-router-dom'], import: facade });
    expect(shell.mf!.shared['react-router']).toMatchObject({ singleton: true, requiredVersion: deps['react-router'], import: facade, shareKey: 'react-router-dom' });
    expect(shell.alias['react-router-implementation$']).toMatch(/node_modules\/react-router\/dist\/production\/index\.mjs$/);
  });

  it('shares zod once through its facade, not as a singleton', () => {
    expect(shell.mf!.shared.zod).toMatchObject({ singleton: false, requiredVersion: rootPackage.dependencies.zod, import: path.join(WORKSPACE_ROOT, 'tools/rspack/shared/zod.mjs') });
    expect(shell.alias['zod-implementation$']).toMatch(/node_modules\/zod\/index\.js$/);
  });

  it('shares the ui modules that hold state one file at a time, and no whole workspace lib', () => {
    const byKey = Object.fromEntries(Object.entries(container.mf!.shared).filter(([, item]) => item.shareKey?.startsWith('@arrendia/')).map(([file, item]) => [item.shareKey, relative(file)]));
    expect(byKey).toEqual({
      '@arrendia/ui/theme': 'libs/shared/ui/src/theme/ThemeProvider.tsx',
      '@arrendia/ui/toast': 'libs/shared/ui/src/toast/toastStore.ts',
      '@arrendia/ui/tooltip': 'libs/shared/ui/src/components/Tooltip.tsx',
      '@arrendia/ui/radix': 'libs/shared/ui/src/radix.ts',
    });
    for (const [file, item] of Object.entries(container.mf!.shared).filter(([, i]) => i.shareKey?.startsWith('@arrendia/'))) {
      expect(statSync(file).isFile()).toBe(true);
      expect(item).toMatchObject({ singleton: true, requiredVersion: false, version: '0.0.0' });
    }
    expect(Object.keys(container.mf!.shared).filter((key) => key.startsWith('@arrendia/'))).toEqual([]);
  });

  it("defines NODE_ENV and the build id, 'local' and production by default, in every build", () => {
    for (const build of [container, page, shell]) {
      expect(build.mode).toBe('production');
      expect(build.define).toEqual({ 'process.env.NODE_ENV': '"production"', __ARRENDIA_BUILD_ID__: '"local"' });
    }
    const dev = configOf('tenant-portal', 'remote', { NODE_ENV: 'development', ARRENDIA_BUILD_ID: 'b-1' });
    for (const build of dev) {
      expect(build.mode).toBe('development');
      expect(build.define).toEqual({ 'process.env.NODE_ENV': '"development"', __ARRENDIA_BUILD_ID__: '"b-1"' });
    }
  });
});

describe('shared facades (tools/rspack/shared)', () => {
  const [shell] = configOf('shell', 'host');

  it('the router facade exports every name the apps and libs import from react-router(-dom)', () => {
    const exported = namedReExports(facadeFile(shell.mf!.shared, 'react-router-dom'));
    const missing = [...valueImportsFrom(['react-router', 'react-router-dom'])].filter(([name]) => !exported.has(name)).map(([name, file]) => `${name} (${relative(file)})`);
    expect(missing).toEqual([]);
  });

  it('the zod facade has every z.<name> the apps and libs read at run time', () => {
    const keys = zodFacadeKeys(facadeFile(shell.mf!.shared, 'zod'));
    const missing = [...zodRuntimeNames()].filter(([name]) => !keys.has(name)).map(([name, file]) => `z.${name} (${relative(file)})`);
    expect(missing).toEqual([]);
    const imported = [...valueImportsFrom(['zod'])].filter(([name]) => name !== 'z').map(([name, file]) => `${name} (${relative(file)})`);
    expect(imported).toEqual([]);
  });
});

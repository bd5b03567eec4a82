import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { federationName, REMOTE_NAMES } from '@arrendia/remote-contract';
import rootPackage from '../../package.json';

const WORKSPACE_ROOT = path.resolve(__dirname, '../..');

interface Summary {
  mode: string;
  entry: unknown;
  output: { path: string; publicPath: string; filename: string; clean: boolean };
  mf: Record<string, unknown> & { shared: Record<string, { singleton: boolean; requiredVersion: string | false; version?: string }> };
  define: Record<string, string>;
  html: { templateContent: string; chunks: string[] };
  federationName: string;
}

/** @rspack/core is ESM-only, which jest cannot require: read the config in a plain Node process. */
function configOf(name: string, kind: string, env: Record<string, string | undefined> = {}): Summary {
  const script = `
    const { createAppConfig, federationName } = require('./tools/rspack/federation.cjs');
    const c = createAppConfig({ name: ${JSON.stringify(name)}, root: ${JSON.stringify(path.join(WORKSPACE_ROOT, 'apps', name))}, kind: ${JSON.stringify(kind)} });
    const byName = (n) => c.plugins.find((p) => p.constructor.name === n);
    process.stdout.write(JSON.stringify({
      mode: c.mode, entry: c.entry, output: c.output,
      mf: byName('ModuleFederationPlugin')._options,
      define: byName('DefinePlugin')._args[0],
      html: byName('HtmlRspackPlugin')._args[0],
      federationName: federationName(${JSON.stringify(name)}),
    }));`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: undefined, ARRENDIA_BUILD_ID: undefined, ...env };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: WORKSPACE_ROOT, env: childEnv, encoding: 'utf8' }));
}

describe('createAppConfig (tools/rspack/federation.cjs)', () => {
  const remote = configOf('owner-portal', 'remote');
  const shell = configOf('shell', 'host');

  it('names containers like the remote contract does', () => {
    expect(remote.federationName).toBe(federationName('owner-portal'));
    expect(REMOTE_NAMES.map(federationName)).toContain(remote.mf.name);
  });

  it('builds a remote exposing ./App from remote-entry, with an unhashed remoteEntry.js and a manifest', () => {
    expect(remote.mf).toMatchObject({ name: 'owner_portal', filename: 'remoteEntry.js', exposes: { './App': './src/remote-entry.ts' }, manifest: true, dts: false });
    expect(remote.mf.remotes).toBeUndefined();
    expect(remote.entry).toEqual({ main: './src/main.ts' });
    expect(remote.output).toMatchObject({ path: path.join(WORKSPACE_ROOT, 'dist/apps/owner-portal'), publicPath: 'auto', clean: true });
    expect(remote.output.filename).toContain('[contenthash');
    expect(remote.html.chunks).toEqual(['main']);
  });

  it('builds the shell with no remotes and nothing exposed, served from /, in Spanish', () => {
    expect(shell.mf.name).toBe('shell');
    expect(shell.mf.remotes).toBeUndefined();
    expect(shell.mf.exposes).toBeUndefined();
    expect(shell.mf.manifest).toBe(true);
    expect(shell.output.publicPath).toBe('/');
    expect(shell.html.templateContent).toContain('<html lang="es">');
    expect(shell.html.templateContent).toContain('<title>Arrendia · Gestión de alquileres</title>');
    expect(shell.html.templateContent).toMatch(/<meta name="description" content="[^"]*alquileres/);
  });

  it('shares React, the router, react-query, styled-components and the context libs as singletons', () => {
    const deps = rootPackage.dependencies as Record<string, string>;
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router', 'react-router-dom', '@tanstack/react-query', 'styled-components']) {
      expect(shell.mf.shared[name]).toEqual({ singleton: true, requiredVersion: deps[name.replace(/\/(jsx-runtime|client)$/, '')] });
    }
    for (const name of ['@arrendia/ui', '@arrendia/api-client', '@arrendia/remote-contract']) {
      expect(remote.mf.shared[name]).toEqual({ singleton: true, requiredVersion: false, version: '0.0.0' });
    }
  });

  it("defines NODE_ENV and the build id, 'local' and production by default", () => {
    expect(remote.mode).toBe('production');
    expect(remote.define).toEqual({ 'process.env.NODE_ENV': '"production"', __ARRENDIA_BUILD_ID__: '"local"' });
    const dev = configOf('tenant-portal', 'remote', { NODE_ENV: 'development', ARRENDIA_BUILD_ID: 'b-1' });
    expect(dev.mode).toBe('development');
    expect(dev.define).toEqual({ 'process.env.NODE_ENV': '"development"', __ARRENDIA_BUILD_ID__: '"b-1"' });
  });
});

/**
 * The one Rspack + Module Federation configuration every Arrendia app is built with.
 *
 *   // apps/owner-portal/rspack.config.cjs
 *   const { createAppConfig } = require('../../tools/rspack/federation.cjs');
 *   module.exports = createAppConfig({ name: 'owner-portal', root: __dirname, kind: 'remote' });
 *
 * Hand-written rather than NxModuleFederationPlugin, which drops react from the shared list and
 * turns chunk splitting off (shared/notes/toolchain.md). The shell declares no remotes: it asks the
 * API for them at run time, so no remote address is ever compiled into it.
 */
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

const WORKSPACE_ROOT = path.resolve(__dirname, '../..');
const rootPackage = require(path.join(WORKSPACE_ROOT, 'package.json'));

/** Mirrors federationName() of @arrendia/remote-contract (a test keeps the two in step). */
function federationName(app) {
  return app.replace(/-/g, '_');
}

/** Packages shared as singletons, with the range the root package.json asks for. */
const NPM_SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router': 'react-router',
  'react-router-dom': 'react-router-dom',
  '@tanstack/react-query': '@tanstack/react-query',
  'styled-components': 'styled-components',
};

/** Workspace libs that hold React context or module state (toasts, theme, query client). */
const WORKSPACE_SINGLETONS = {
  '@arrendia/ui': 'libs/shared/ui',
  '@arrendia/api-client': 'libs/shared/api-client',
  '@arrendia/remote-contract': 'libs/shared/remote-contract',
};

function sharedConfig() {
  const shared = {};
  for (const [request, pkg] of Object.entries(NPM_SINGLETONS)) {
    const range = rootPackage.dependencies[pkg];
    if (!range) throw new Error(`federation.cjs: ${pkg} is not a dependency of the root package.json`);
    shared[request] = { singleton: true, requiredVersion: range };
  }
  for (const [request, dir] of Object.entries(WORKSPACE_SINGLETONS)) {
    // Workspace packages have no published version to negotiate: give one and skip the check.
    const { version } = require(path.join(WORKSPACE_ROOT, dir, 'package.json'));
    shared[request] = { singleton: true, requiredVersion: false, version };
  }
  return shared;
}

/** The Arrendia mark as an inline SVG icon: no /favicon.ico request to answer 404. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%230f766e'/%3E%3Cpath d='M8 25V14l8-6 8 6v11h-6v-7h-4v7z' fill='white'/%3E%3C/svg%3E";

function htmlPage({ name, kind }) {
  const host = kind === 'host';
  const title = host ? 'Arrendia · Gestión de alquileres' : `Arrendia · ${name} (desarrollo)`;
  const description = host
    ? 'Arrendia: gestión de alquileres para propietarios, agencias e inquilinos en España. Contratos, cobros, incidencias y mensajes en un solo lugar.'
    : `Página de desarrollo del módulo ${name} de Arrendia.`;
  return new rspack.HtmlRspackPlugin({
    filename: 'index.html',
    // Only the app's own entry; the container entry (remoteEntry.js) is loaded by hosts.
    chunks: ['main'],
    templateContent: `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${description}" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" href="${FAVICON}" />
    <title>${title}</title>
  </head>
  <body>
    <noscript>Arrendia necesita JavaScript para funcionar.</noscript>
    <div id="root"></div>
  </body>
</html>
`,
  });
}

/**
 * @param {{ name: string, root: string, kind: 'host' | 'remote' }} options
 *   name: the Nx project (and remote) name; root: the app folder (`__dirname` of its config).
 * @returns {import('@rspack/core').Configuration}
 */
function createAppConfig({ name, root, kind }) {
  if (kind !== 'host' && kind !== 'remote') throw new Error(`federation.cjs: unknown kind ${kind}`);
  const development = process.env.NODE_ENV === 'development';
  const mode = development ? 'development' : 'production';
  const remote = kind === 'remote';
  const hash = development ? '' : '.[contenthash:10]';

  return {
    mode,
    context: root,
    target: 'web',
    devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
    entry: { main: './src/main.ts' },
    output: {
      path: path.join(WORKSPACE_ROOT, 'dist/apps', name),
      publicPath: remote ? 'auto' : '/',
      filename: `[name]${hash}.js`,
      chunkFilename: `[name]${hash}.js`,
      assetModuleFilename: `assets/[name]${hash}[ext]`,
      uniqueName: federationName(name),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', development, refresh: false },
              },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName(name),
        ...(remote ? { filename: 'remoteEntry.js', exposes: { './App': './src/remote-entry.ts' } } : {}),
        shared: sharedConfig(),
        manifest: true,
        dts: false,
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __ARRENDIA_BUILD_ID__: JSON.stringify(process.env.ARRENDIA_BUILD_ID || 'local'),
      }),
      htmlPage({ name, kind }),
    ],
    optimization: {
      chunkIds: development ? 'named' : 'deterministic',
      moduleIds: development ? 'named' : 'deterministic',
    },
    performance: { hints: false },
    stats: 'normal',
  };
}

module.exports = { createAppConfig, federationName, sharedConfig, WORKSPACE_ROOT };

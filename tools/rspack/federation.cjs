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
 *
 * What a page downloads is budgeted (issue 14, e2e/tests/perf/bundleBudgets.cjs), hence three
 * choices below: a shared module cannot be tree-shaken, so only what must be one copy is shared, at
 * the smallest grain that keeps it one copy (facades for the router and zod, single files of the ui
 * lib); the host puts the federation runtime on the page once for every remote; and a remote is
 * two builds, its container and a stand-alone page that borrows nothing from a host.
 */
const fs = require('node:fs');
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

/**
 * Shared in place of a package: a module of tools/rspack/shared/ that re-exports only what the
 * apps use, since a shared module cannot be tree-shaken (see each file). The module reaches the
 * real package through the `<package>-implementation` alias, which no shared key matches.
 */
const FACADES = {
  'react-router': 'react-router.mjs',
  'react-router-dom': 'react-router.mjs',
  zod: 'zod.mjs',
};
/** react-router-dom re-exports react-router: one key for both requests keeps one router context. */
const SHARE_KEYS = { 'react-router': 'react-router-dom' };
const IMPLEMENTATIONS = {
  'react-router-implementation$': path.join(packageDir('react-router'), 'dist/production/index.mjs'),
  'zod-implementation$': path.join(packageDir('zod'), 'index.js'),
};

/**
 * Packages shared without being singletons: zod holds no state the apps must agree on, but every
 * screen that reads the API needs it, and one download beats a copy per remote.
 */
const NPM_SHARED = { zod: 'zod' };

/**
 * The workspace modules that hold React context or module state, shared one file at a time (by
 * resolved path): the rest of a workspace lib is stateless and compiled into each app, tree-shaken,
 * so a page downloads only the components it shows. Sharing a whole lib would ship all of it, and
 * everything it imports, to the first page that uses any of it.
 */
const WORKSPACE_SINGLETON_MODULES = {
  '@arrendia/ui/theme': 'libs/shared/ui/src/theme/ThemeProvider.tsx',
  '@arrendia/ui/toast': 'libs/shared/ui/src/toast/toastStore.ts',
  '@arrendia/ui/tooltip': 'libs/shared/ui/src/components/Tooltip.tsx',
  '@arrendia/ui/radix': 'libs/shared/ui/src/radix.ts',
};

function packageDir(pkg) {
  return path.dirname(require.resolve(`${pkg}/package.json`, { paths: [WORKSPACE_ROOT] }));
}

function installedVersion(pkg) {
  return require(path.join(packageDir(pkg), 'package.json')).version;
}

/** The version of the workspace package that holds `file` (its nearest package.json). */
function workspaceVersion(file) {
  for (let dir = path.dirname(file); dir.startsWith(WORKSPACE_ROOT); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) return require(manifest).version;
  }
  throw new Error(`federation.cjs: no package.json above ${file}`);
}

function rangeOf(pkg) {
  const range = rootPackage.dependencies[pkg];
  if (!range) throw new Error(`federation.cjs: ${pkg} is not a dependency of the root package.json`);
  return range;
}

function sharedConfig() {
  const shared = {};
  for (const [request, pkg] of Object.entries(NPM_SINGLETONS)) {
    shared[request] = { singleton: true, requiredVersion: rangeOf(pkg) };
  }
  for (const [request, pkg] of Object.entries(NPM_SHARED)) {
    shared[request] = { singleton: false, requiredVersion: rangeOf(pkg) };
  }
  for (const [request, file] of Object.entries(FACADES)) {
    // A facade has no package.json of its own: the version is the package's it stands for.
    Object.assign(shared[request], { import: path.join(__dirname, 'shared', file), version: installedVersion(request) });
    if (SHARE_KEYS[request]) shared[request].shareKey = SHARE_KEYS[request];
  }
  for (const [shareKey, file] of Object.entries(WORKSPACE_SINGLETON_MODULES)) {
    // Matched by resolved path, whatever relative path or barrel an import goes through. Workspace
    // packages have no published version to negotiate: give one and skip the check.
    const absolute = path.join(WORKSPACE_ROOT, file);
    shared[absolute] = { shareKey, singleton: true, requiredVersion: false, version: workspaceVersion(absolute) };
  }
  return shared;
}

/** The Arrendia mark as an inline SVG icon: no /favicon.ico request to answer 404. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%230f766e'/%3E%3Cpath d='M8 25V14l8-6 8 6v11h-6v-7h-4v7z' fill='white'/%3E%3C/svg%3E";

/** Where a remote's stand-alone page keeps its scripts, inside the remote's build folder. */
const STANDALONE_FOLDER = 'standalone';

function htmlPage({ name, kind, filename = 'index.html' }) {
  const host = kind === 'host';
  const title = host ? 'Arrendia · Gestión de alquileres' : `Arrendia · ${name} (desarrollo)`;
  const description = host
    ? 'Arrendia: gestión de alquileres para propietarios, agencias e inquilinos en España. Contratos, cobros, incidencias y mensajes en un solo lugar.'
    : `Página de desarrollo del módulo ${name} de Arrendia.`;
  return new rspack.HtmlRspackPlugin({
    filename,
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

/** What every build shares: mode, loaders, resolution, ids, the defines. */
function commonConfig({ root, development }) {
  const mode = development ? 'development' : 'production';
  return {
    mode,
    context: root,
    target: 'web',
    devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: IMPLEMENTATIONS,
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
    optimization: {
      chunkIds: development ? 'named' : 'deterministic',
      moduleIds: development ? 'named' : 'deterministic',
    },
    performance: { hints: false },
    stats: 'normal',
  };
}

function definePlugin(development) {
  return new rspack.DefinePlugin({
    'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production'),
    __ARRENDIA_BUILD_ID__: JSON.stringify(process.env.ARRENDIA_BUILD_ID || 'local'),
  });
}

function outputOf(name, { development, publicPath, uniqueName, clean, folder = '' }) {
  const hash = development ? '' : '.[contenthash:10]';
  return {
    path: path.join(WORKSPACE_ROOT, 'dist/apps', name, folder),
    publicPath,
    filename: `[name]${hash}.js`,
    chunkFilename: `[name]${hash}.js`,
    assetModuleFilename: `assets/[name]${hash}[ext]`,
    uniqueName,
    clean,
  };
}

/**
 * @param {{ name: string, root: string, kind: 'host' | 'remote' }} options
 *   name: the Nx project (and remote) name; root: the app folder (`__dirname` of its config).
 * @returns {import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 *   the host's one build; for a remote, its container and then its stand-alone page.
 */
function createAppConfig({ name, root, kind }) {
  if (kind !== 'host' && kind !== 'remote') throw new Error(`federation.cjs: unknown kind ${kind}`);
  const development = process.env.NODE_ENV === 'development';
  const common = commonConfig({ root, development });

  if (kind === 'host') {
    return {
      ...common,
      name,
      entry: { main: './src/main.ts' },
      output: outputOf(name, { development, publicPath: '/', uniqueName: federationName(name), clean: true }),
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(name),
          shared: sharedConfig(),
          manifest: true,
          dts: false,
          // The federation runtime core (~17 KB gzipped) is put on the page once, by the host, for
          // every remote's remoteEntry.js to use instead of bringing its own copy.
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
        definePlugin(development),
        htmlPage({ name, kind }),
      ],
    };
  }

  const container = {
    ...common,
    name,
    // The container entry (remoteEntry.js) is the only one: the stand-alone page is built below.
    entry: {},
    output: outputOf(name, { development, publicPath: 'auto', uniqueName: federationName(name), clean: true }),
    plugins: [
      new ModuleFederationPlugin({
        name: federationName(name),
        filename: 'remoteEntry.js',
        exposes: { './App': './src/remote-entry.ts' },
        shared: sharedConfig(),
        manifest: true,
        dts: false,
        // Runs on the host's runtime core (provideExternalRuntime above); a remote loads no remote.
        experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true, disableSnapshot: true } },
      }),
      definePlugin(development),
    ],
  };
  // The page for working on a remote alone (/remotes/<name>/index.html, its scripts under
  // standalone/): an ordinary single-page build, with no federation runtime to borrow from a
  // host. It runs after the container, whose build cleans the folder.
  const standalone = {
    ...common,
    name: `${name}-standalone`,
    dependencies: [name],
    entry: { main: './src/main.ts' },
    output: outputOf(name, { development, publicPath: 'auto', uniqueName: `${federationName(name)}_standalone`, clean: false, folder: STANDALONE_FOLDER }),
    plugins: [definePlugin(development), htmlPage({ name, kind, filename: '../index.html' })],
  };
  return [container, standalone];
}

module.exports = { createAppConfig, federationName, sharedConfig, STANDALONE_FOLDER, WORKSPACE_ROOT };

// @ts-check
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/**
 * The API as Node bundles: main.js (API + static files), serve-remote.js (one remote on its own)
 * seed-large.js (the benchmark portfolio) and run-jobs.js (the daily jobs once, for a date: npm run jobs). Workspace libs (@arrendia/*) are compiled in; every other package stays a require() of
 * node_modules, so pg, PGlite (WASM) and argon2 (native) load as their authors ship them.
 *
 * @type {import('@rspack/core').Configuration}
 */
module.exports = {
  mode: 'production',
  target: 'node',
  context: root,
  entry: {
    main: './services/api/src/main.ts',
    'serve-remote': './services/api/src/serveRemote.ts',
    'seed-large': './services/api/src/seedLarge.ts',
    'run-jobs': './services/api/src/runJobs.ts',
  },
  output: {
    path: path.join(root, 'dist/services/api'),
    filename: '[name].js',
    clean: true,
  },
  devtool: 'source-map',
  // nodeEnv: false keeps process.env.NODE_ENV a run-time setting instead of a build-time constant.
  optimization: { minimize: false, nodeEnv: false },
  // Real __dirname: env.ts and serveRemote.ts find dist/ relative to the bundle.
  node: { __dirname: false, __filename: false },
  externalsPresets: { node: true },
  externals: [
    ({ request }, callback) => {
      const bare = request && !request.startsWith('.') && !path.isAbsolute(request) && !request.startsWith('@arrendia/');
      if (bare) return callback(undefined, `commonjs ${request}`);
      callback();
    },
  ],
  resolve: {
    extensions: ['.ts', '.js', '.json'],
    tsConfig: path.join(root, 'tsconfig.base.json'),
  },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        },
        type: 'javascript/auto',
      },
    ],
  },
};

const { createAppConfig } = require('../../tools/rspack/federation.cjs');
module.exports = createAppConfig({ name: 'public-site', root: __dirname, kind: 'remote' });

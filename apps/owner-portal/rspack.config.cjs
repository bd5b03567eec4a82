const { createAppConfig } = require('../../tools/rspack/federation.cjs');
module.exports = createAppConfig({ name: 'owner-portal', root: __dirname, kind: 'remote' });

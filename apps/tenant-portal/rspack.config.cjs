const { createAppConfig } = require('../../tools/rspack/federation.cjs');
module.exports = createAppConfig({ name: 'tenant-portal', root: __dirname, kind: 'remote' });

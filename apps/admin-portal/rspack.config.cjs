const { createAppConfig } = require('../../tools/rspack/federation.cjs');
module.exports = createAppConfig({ name: 'admin-portal', root: __dirname, kind: 'remote' });

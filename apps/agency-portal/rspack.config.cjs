const { createAppConfig } = require('../../tools/rspack/federation.cjs');
module.exports = createAppConfig({ name: 'agency-portal', root: __dirname, kind: 'remote' });

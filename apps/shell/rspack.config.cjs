const { createAppConfig } = require('../../tools/rspack/federation.cjs');
module.exports = createAppConfig({ name: 'shell', root: __dirname, kind: 'host' });

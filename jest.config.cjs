/**
 * One jest run over every project. `unit` covers libs and apps (jsdom where a file asks for it);
 * `api` is the API's integration suite, run once on embedded PGlite and, when TEST_DATABASE_URL is
 * set, again on that PostgreSQL (scripts/test.mjs).
 */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];

const moduleNameMapper = {
  '^@arrendia/(ui|api-contract|api-client|permissions|locale-es|law-es|remote-contract|testing|portal-runtime)$': '<rootDir>/libs/shared/$1/src/index.ts',
  '^@arrendia/staff-screens$': '<rootDir>/libs/composite/staff-screens/src/index.ts',
  '^@arrendia/feature-(.+)$': '<rootDir>/libs/features/$1/src/index.ts',
};

const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      setupFiles: ['<rootDir>/tools/jest/setup-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-dom.ts'],
      testMatch: ['<rootDir>/libs/**/*.test.ts?(x)', '<rootDir>/apps/**/*.test.ts?(x)', '<rootDir>/tools/**/*.test.ts', '<rootDir>/e2e/support/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-api.ts'],
      testMatch: ['<rootDir>/services/api/**/*.test.ts'],
      // API_TEST_IGNORE: a pattern of paths left out of this run (npm test leaves the security and
      // most route suites to the PostgreSQL run when there is one: scripts/test.mjs).
      testPathIgnorePatterns: ['/node_modules/', ...(process.env.API_TEST_IGNORE ? [process.env.API_TEST_IGNORE] : [])],
    },
  ],
};

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Module boundaries as the house style draws them. Each rule names what a kind of project may
 * import; nothing is allowed by wildcard.
 */
const depConstraints = [
  { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:testing', 'type:ui', 'type:data-access', 'type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:testing', 'type:runtime', 'type:composite', 'type:feature', 'type:ui', 'type:data-access', 'type:contract', 'type:domain', 'type:util'] },
  // Screens composed from several features that more than one portal mounts (a feature never imports another).
  { sourceTag: 'type:composite', onlyDependOnLibsWithTags: ['type:testing', 'type:runtime', 'type:feature', 'type:ui', 'type:data-access', 'type:contract', 'type:domain', 'type:util'] },
  // How a portal mounts its screens (routes, lazy screens, the standalone mount): run-time plumbing, no screen of its own.
  { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:testing', 'type:ui', 'type:data-access', 'type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:testing', 'type:ui', 'type:data-access', 'type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  // Test helpers for screens; imported by test files only.
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:contract', 'type:domain', 'type:util'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contract', 'type:domain', 'type:util'] },
  // Scopes: a portal, the shell, the API and the e2e suite each build only on what is shared, never
  // on one another (the shell loads the portals at run time); shared code builds on shared code.
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:public-site', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:owner-portal', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:agency-portal', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:tenant-portal', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:admin-portal', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.nx/**', 'data/**', 'tmp/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints, banTransitiveDependencies: false },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Test helpers (type:testing) are for tests and a project's own test-utils: product code that
    // imports them fails lint.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-utils.ts', '**/test-utils.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@arrendia/testing', message: 'Las utilidades de prueba (type:testing) solo se importan desde ficheros *.test.ts(x) y test-utils.' }] }],
    },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

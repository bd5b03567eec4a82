import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** The probes the tests below lint: [file it stands at, code]. */
const PROBES = {
  domainInDesignSystem: ['libs/shared/ui/src/probe.ts', "import { ROLE_NAMES } from '@arrendia/permissions';\nexport const x = ROLE_NAMES;\n"],
  designSystemInApi: ['services/api/src/probe.ts', "import { Button } from '@arrendia/ui';\nexport const x = Button;\n"],
  permissionsInApi: ['services/api/src/probe.ts', "import { ROLE_NAMES } from '@arrendia/permissions';\nexport const x = ROLE_NAMES;\n"],
  testingInProduct: ['libs/features/contracts/src/probe.tsx', "import { renderWithProviders } from '@arrendia/testing';\nexport const x = renderWithProviders;\n"],
  testingInTest: ['libs/features/contracts/src/probe.test.tsx', "import { renderWithProviders } from '@arrendia/testing';\nexport const x = renderWithProviders;\n"],
  testingInTestUtils: ['libs/features/contracts/src/test-utils.tsx', "import { renderWithProviders } from '@arrendia/testing';\nexport const x = renderWithProviders;\n"],
  portalIntoPortal: ['apps/owner-portal/src/probe.tsx', "import App from '../../agency-portal/src/App';\nexport const x = App;\n"],
} as const;
const CONFIG_OF = 'apps/owner-portal/src/App.tsx';

type Linted = { status: number; output: string };
let linted: Record<keyof typeof PROBES, Linted>;
let portalConfig: { rules: Record<string, unknown> };

/**
 * Lints every probe the way `npm test` lints the tree, in one ESLint process (tools/lintProbes.cjs):
 * one config load instead of one per probe.
 */
beforeAll(() => {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
  // The boundary rule reads Nx's project graph and skips itself silently when none is cached.
  spawnSync('npx', ['nx', 'show', 'projects'], { cwd: root, env, encoding: 'utf8' });
  const names = Object.keys(PROBES) as (keyof typeof PROBES)[];
  const res = spawnSync(process.execPath, [path.join(root, 'tools/lintProbes.cjs'), '--config-of', CONFIG_OF], { cwd: root, env, encoding: 'utf8', input: JSON.stringify(names.map((n) => PROBES[n])) });
  if (res.status !== 0) throw new Error(`lintProbes failed: ${res.stderr}`);
  const { results, config } = JSON.parse(res.stdout) as { results: { errorCount: number; messages: string[] }[]; config: typeof portalConfig };
  linted = Object.fromEntries(names.map((n, i) => [n, { status: results[i]!.errorCount > 0 ? 1 : 0, output: results[i]!.messages.join('\n') }])) as typeof linted;
  portalConfig = config;
}, 120_000);

describe('module boundaries (@nx/enforce-module-boundaries)', () => {
  it('refuses a domain import in the design system', () => {
    const res = linted.domainInDesignSystem;
    expect(res.status).toBe(1);
    expect(res.output).toContain('enforce-module-boundaries');
  });

  it('refuses the design system in the API', () => {
    const res = linted.designSystemInApi;
    expect(res.status).toBe(1);
    expect(res.output).toContain('enforce-module-boundaries');
  });

  it('allows the API to use the permissions lib', () => {
    const res = linted.permissionsInApi;
    expect(res.output).not.toContain('enforce-module-boundaries');
  });
});

describe('boundaries that check what they say (issue 10)', () => {
  it('refuses the testing lib in product code', () => {
    const res = linted.testingInProduct;
    expect(res.status).toBe(1);
    expect(res.output).toContain('no-restricted-imports');
    expect(res.output).toContain('solo se importan desde ficheros *.test.ts(x)');
  });

  it('allows the testing lib in a test file', () => {
    const res = linted.testingInTest;
    expect(res.output).not.toContain('no-restricted-imports');
    expect(res.output).not.toContain('enforce-module-boundaries');
  });

  it("allows the testing lib in a project's test-utils, which only its tests import", () => {
    const res = linted.testingInTestUtils;
    expect(res.output).not.toContain('no-restricted-imports');
    expect(res.output).not.toContain('enforce-module-boundaries');
  });

  it('refuses a scope crossing: one portal reaching into another portal', () => {
    const res = linted.portalIntoPortal;
    expect(res.status).toBe(1);
    expect(res.output).toContain('enforce-module-boundaries');
  });

  it('constrains every scope tag of the workspace to shared code (no wildcard)', () => {
    const [, options] = portalConfig.rules['@nx/enforce-module-boundaries'] as [unknown, { depConstraints: { sourceTag: string; onlyDependOnLibsWithTags: string[] }[] }];
    const scopeRules = Object.fromEntries(options.depConstraints.filter((c) => c.sourceTag.startsWith('scope:')).map((c) => [c.sourceTag, c.onlyDependOnLibsWithTags]));
    const scopes = new Set(
      spawnSync('git', ['ls-files', '*project.json'], { cwd: root, encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .flatMap((file) => (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).tags as string[]).filter((t) => t.startsWith('scope:'))),
    );
    expect(scopes.size).toBeGreaterThan(5);
    for (const scope of scopes) expect([scope, scopeRules[scope]]).toEqual([scope, ['scope:shared']]);
    expect(options.depConstraints.map((c) => c.sourceTag)).not.toContain('*');
  });
});

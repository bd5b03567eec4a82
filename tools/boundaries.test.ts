import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** Lints a piece of code as if it stood at `file`, the way `npm test` lints the tree. */
function lintAs(file: string, code: string): { status: number | null; output: string } {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
  // The rule reads Nx's project graph and skips itself silently when none is cached.
  spawnSync('npx', ['nx', 'show', 'projects'], { cwd: root, env, encoding: 'utf8' });
  const res = spawnSync('npx', ['eslint', '--stdin', '--stdin-filename', file], { cwd: root, env, input: code, encoding: 'utf8' });
  return { status: res.status, output: res.stdout + res.stderr };
}

describe('module boundaries (@nx/enforce-module-boundaries)', () => {
  jest.setTimeout(60_000);

  it('refuses a domain import in the design system', () => {
    const res = lintAs('libs/shared/ui/src/probe.ts', "import { ROLE_NAMES } from '@arrendia/permissions';\nexport const x = ROLE_NAMES;\n");
    expect(res.status).toBe(1);
    expect(res.output).toContain('enforce-module-boundaries');
  });

  it('refuses the design system in the API', () => {
    const res = lintAs('services/api/src/probe.ts', "import { Button } from '@arrendia/ui';\nexport const x = Button;\n");
    expect(res.status).toBe(1);
    expect(res.output).toContain('enforce-module-boundaries');
  });

  it('allows the API to use the permissions lib', () => {
    const res = lintAs('services/api/src/probe.ts', "import { ROLE_NAMES } from '@arrendia/permissions';\nexport const x = ROLE_NAMES;\n");
    expect(res.output).not.toContain('enforce-module-boundaries');
  });
});

describe('boundaries that check what they say (issue 10)', () => {
  jest.setTimeout(60_000);

  it('refuses the testing lib in product code', () => {
    const res = lintAs('libs/features/contracts/src/probe.tsx', "import { renderWithProviders } from '@arrendia/testing';\nexport const x = renderWithProviders;\n");
    expect(res.status).toBe(1);
    expect(res.output).toContain('no-restricted-imports');
    expect(res.output).toContain('solo se importan desde ficheros *.test.ts(x)');
  });

  it('allows the testing lib in a test file', () => {
    const res = lintAs('libs/features/contracts/src/probe.test.tsx', "import { renderWithProviders } from '@arrendia/testing';\nexport const x = renderWithProviders;\n");
    expect(res.output).not.toContain('no-restricted-imports');
    expect(res.output).not.toContain('enforce-module-boundaries');
  });

  it('refuses a scope crossing: one portal reaching into another portal', () => {
    const res = lintAs('apps/owner-portal/src/probe.tsx', "import App from '../../agency-portal/src/App';\nexport const x = App;\n");
    expect(res.status).toBe(1);
    expect(res.output).toContain('enforce-module-boundaries');
  });

  it('constrains every scope tag of the workspace to shared code (no wildcard)', () => {
    const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
    const res = spawnSync('npx', ['eslint', '--print-config', 'apps/owner-portal/src/App.tsx'], { cwd: root, env, encoding: 'utf8' });
    const [, options] = JSON.parse(res.stdout).rules['@nx/enforce-module-boundaries'] as [unknown, { depConstraints: { sourceTag: string; onlyDependOnLibsWithTags: string[] }[] }];
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

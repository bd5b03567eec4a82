import { spawnSync } from 'node:child_process';
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

import { spawnSync } from 'node:child_process';
import { SEMI_SPACE_MB, serverNodeArgs } from './serverArgs.cjs';

/** The young generation (new space) a Node.js process started with `args` can grow to, in MB. */
function maxNewSpaceMb(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const probe = [
    "const v8 = require('node:v8');",
    'let keep = [];',
    'for (let i = 0; i < 4e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 200000) keep = []; }',
    "const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');",
    'console.log(space.space_size / 1048576);',
  ].join('\n');
  const res = spawnSync(process.execPath, [...args, '-e', probe], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  if (res.status !== 0) throw new Error(res.stderr);
  return Number(res.stdout.trim());
}

describe('serverNodeArgs', () => {
  it('gives the server a larger young generation than Node.js gives by default', () => {
    const args = serverNodeArgs({});
    expect(args).toContain(`--max-semi-space-size=${SEMI_SPACE_MB}`);
    const tuned = maxNewSpaceMb(args);
    const plain = maxNewSpaceMb([]);
    expect(tuned).toBeGreaterThan(plain);
    expect(tuned).toBeLessThanOrEqual(2 * SEMI_SPACE_MB);
  });

  it("keeps an operator's own --max-semi-space-size from NODE_OPTIONS", () => {
    const env = { NODE_OPTIONS: '--max-old-space-size=512 --max-semi-space-size=8' };
    const args = serverNodeArgs(env);
    expect(args.some((a) => a.startsWith('--max-semi-space-size'))).toBe(false);
    expect(maxNewSpaceMb(args, env)).toBeLessThanOrEqual(16);
  });

  it('keeps source maps on, for stack traces that name the TypeScript files', () => {
    expect(serverNodeArgs({})).toContain('--enable-source-maps');
  });
});

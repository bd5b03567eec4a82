import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from '../migrations';
import { assertPgliteCanLoad, openTestDatabase } from '../test/support';
import { openDatabase } from './index';
import { DatabaseLockedError } from './lock';

describe('openDatabase on an embedded directory', () => {
  // A new on-disk cluster is an initdb in WASM: ~15 s on a quiet machine, over 60 s when the
  // other suites share its two cores (CI measured it). The bound only stops a hang.
  const OPEN_BOUND_MS = 180_000;
  let dir: string;
  beforeAll(() => {
    assertPgliteCanLoad();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-pglite-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener while the first holds the directory, and frees it on close', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await first.knex.raw('create table marca (id int)');
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(
        new DatabaseLockedError(process.pid).message,
      );
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, 'arrendia.lock'))).toBe(false);

    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      // The same data, kept across close and open.
      expect((await second.knex.raw('select count(*) as n from marca')).rows).toEqual([{ n: 0 }]);
    } finally {
      await second.close();
    }
  }, OPEN_BOUND_MS);

  it('takes over a lock left by a process that died', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(path.join(dir, 'arrendia.lock'), String(deadPid));

    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(fs.readFileSync(path.join(dir, 'arrendia.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await db.close();
    }
  }, OPEN_BOUND_MS);
});

describe('types read from the database', () => {
  it('match node-postgres on every engine: DATE as text, INT8 as number, NUMERIC as exact text', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await db.knex.raw(
        "select date '2025-03-31' as d, 9007199254740::int8 as big, count(*) as n, 1234.50::numeric(10,2) as money, now() as ts from (values (1), (2)) v",
      );
      expect(rows[0]).toEqual({ d: '2025-03-31', big: 9007199254740, n: 2, money: '1234.50', ts: expect.any(Date) });
    } finally {
      await drop();
      await db.close();
    }
  });
});

describe('MIGRATIONS', () => {
  it('lists every migration file once, oldest first, under its file name', () => {
    const files = fs
      .readdirSync(path.join(__dirname, '../migrations'))
      .filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(MIGRATIONS.map((m) => m.name)).toEqual(files);
  });
});

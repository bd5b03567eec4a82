/**
 * A PostgreSQL server of a test's own, which the test may stop and start (the fault tests): a
 * fresh cluster in a temporary folder, on a free port, from the binaries of the installed
 * PostgreSQL. The shared server the other suites use is never touched.
 *
 * PostgreSQL refuses to run as root; as root the cluster belongs to the `postgres` system user and
 * its commands run through `runuser`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrivateCluster {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

/** Where pg_ctl and initdb live, or null when this machine has no PostgreSQL server binaries. */
export function postgresBinDir(): string | null {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on the PATH: look where Debian installs the server.
  }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort().reverse()) candidates.push(path.join(debian, version, 'bin'));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')) && fs.existsSync(path.join(dir, 'initdb'))) ?? null;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (!postgresBinDir()) return 'no PostgreSQL server binaries (pg_ctl, initdb) on this machine';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres system user to own the cluster';
    }
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL server binaries found');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o755);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: dir });
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=on -c synchronous_commit=on`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

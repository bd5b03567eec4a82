// CPU time spent by a server's processes and by the PostgreSQL backends serving it, read from
// /proc (Linux) around a load run: what one request costs each side, in µs of CPU. Elsewhere, or
// when PostgreSQL runs on another host (its backends are not in this /proc), the figures are null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const cpuReadable = fs.existsSync('/proc/self/stat');

const MICROS_PER_TICK = 1e6 / clockTicksPerSecond();

function clockTicksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** The fields of /proc/<pid>/stat after the command name (index 0 is field 3, the state), or null. */
function statFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** `pid` and every process below it (a cluster's primary and its workers). */
export function processTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = statFields(entry)?.[1];
    if (parent) children.set(parent, [...(children.get(parent) ?? []), entry]);
  }
  const tree = [];
  const queue = [String(pid)];
  while (queue.length) {
    const next = queue.shift();
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** User plus system CPU of each readable pid, in µs. */
export function cpuOf(pids) {
  const times = new Map();
  for (const pid of pids) {
    const fields = statFields(pid);
    // utime and stime are fields 14 and 15.
    if (fields) times.set(String(pid), (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK);
  }
  return times;
}

/**
 * CPU spent between two cpuOf() readings: a pid read only after started in between, and counts
 * whole; one gone by the second reading is lost (a pool rarely closes a connection under load).
 */
export function spentBetween(before, after) {
  let spent = 0;
  for (const [pid, micros] of after) spent += micros - (before.get(pid) ?? 0);
  return spent;
}

/** The pids of the backends connected to `database`, but the asking one's (`client`, a pg.Client). */
export async function backendPids(client, database) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return rows.map((r) => String(r.pid));
}

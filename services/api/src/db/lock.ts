import fs from 'node:fs';
import path from 'node:path';

/** Another live process holds the embedded database directory. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
  constructor(readonly pid: number) {
    super(`La base de datos embebida ya está en uso por otro proceso (pid ${pid})`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/arrendia.lock` for this process: two processes writing one PGlite directory lose
 * writes silently. A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireLock(dir: string): () => void {
  const file = path.join(dir, 'arrendia.lock');
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        // Never remove a lock that another process took over meanwhile.
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // Same pid counts as taken too: this very process already has the directory open.
    const holder = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DatabaseLockedError(holder);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`No se pudo tomar el bloqueo ${file}`);
}

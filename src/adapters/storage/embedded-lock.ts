import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../core/errors.js';

/** Another live process holds the embedded database (a running service, usually). */
export class EmbeddedDatabaseInUse extends AppError {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super('unavailable', `The embedded database in ${dir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to share a PostgreSQL database.`);
  }
}

/**
 * PGlite runs inside one process; two processes opening the same data folder
 * would corrupt it. A pid lock file turns that into a clear error.
 */
export function lockEmbeddedDatabase(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'vigil.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new EmbeddedDatabaseInUse(dir, owner);
      }
      rmSync(path, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

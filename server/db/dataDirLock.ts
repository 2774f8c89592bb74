/**
 * PGlite takes no lock on its folder: two servers on one DATA_DIR would both start, both write, and
 * one would lose the other's acknowledged writes. The server that opens the folder holds
 * `pglite.lock` (its pid, created exclusively) for its life; another start finds it held by a live
 * process and refuses. A lock left behind by a process that is gone (a crash, kill -9) is taken over,
 * as is one naming this process's own pid (a container restarted with the same pid).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

export const LOCK_FILE = 'pglite.lock';

export interface DataDirLock {
  /** Removes the lock file (when it is still this process's). */
  release(): void;
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of the PGlite folder `dir`, or throws a ConfigError saying who holds it. */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Written whole first, then linked into place: linking fails if the lock exists, and a reader
    // never sees a half-written lock.
    const written = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(written, `${process.pid}\n`, { mode: 0o600 });
    try {
      fs.linkSync(written, file);
      const release = () => {
        if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
        process.removeListener('exit', release);
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(written, { force: true });
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new ConfigError(
        [
          `Another server (process ${holder}) is using the embedded database in ${dir}.`,
          'The embedded database (PGlite) serves one server at a time: stop that one first, or give this one',
          'another DATA_DIR; several instances need a PostgreSQL server (DATABASE_URL).',
          `If no server runs there, remove ${file}.`,
        ].join('\n'),
      );
    }
    // Left by a process that is gone: move it aside and try again. Another start may have replaced it
    // in between; then the moved lock is that one's, and goes back.
    const aside = `${file}.stale.${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    if (holderOf(aside) !== holder) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // a third start holds it now
      }
    }
    fs.rmSync(aside, { force: true });
  }
  throw new ConfigError(`Could not take the lock of the embedded database in ${dir} (${file}).`);
}

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownerOnlyFolder } from './owner-only.js';

export class DataDirInUseError extends Error {}

/**
 * PGlite is single-process: two processes opening one data folder corrupt it. Whoever opens the embedded
 * database (the API server, the CLI) first claims the folder with a lock file holding its pid; a live holder
 * makes the claim fail with a clear message, a stale one (crashed process) is taken over.
 * Returns the function that releases the claim.
 */
export function claimDataDir(dataDir: string, holder = 'process'): () => void {
  const dir = path.resolve(dataDir);
  ownerOnlyFolder(dir);
  const lockPath = path.join(dir, 'embedded-db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, JSON.stringify({ pid: process.pid, holder }), { flag: 'wx', mode: 0o600 });
      const release = () => rmSync(lockPath, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(lockPath);
      if (current && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by a running ${current.holder} (pid ${current.pid}). ` +
            'Stop it first, or point this command at another DATA_DIR or a PostgreSQL DATABASE_URL.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not claim the embedded database in ${dir}`);
}

/** The live process holding the embedded database in `dataDir`, if any (a stale lock file is no holder). */
export function dataDirHolder(dataDir: string): { pid: number; holder: string } | undefined {
  const current = readHolder(path.join(path.resolve(dataDir), 'embedded-db.lock'));
  return current && current.pid !== process.pid && isAlive(current.pid) ? current : undefined;
}

function readHolder(lockPath: string): { pid: number; holder: string } | null {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number; holder: string };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

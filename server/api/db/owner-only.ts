import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (signing keys, client secret hashes), the TLS private key and the web
 * app's client secret, so nobody but its owner may read, write or enter any of it: directories 0700, files 0600.
 *
 * The process umask becomes 077 wherever DATA_DIR is used, so what the process creates there is owner-only.
 * That alone is not enough: PGlite writes the files of a new database with fixed modes (0666, and 0644 for the
 * relation cache files it rewrites on every open), so database.ts sweeps the whole folder once PGlite is open,
 * which also repairs folders older versions left readable. Files PostgreSQL creates later are 0600 by its own rule.
 */
export function ownerOnlyFolder(dir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads may not change the umask; the sweeps still fix every mode.
  }
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  chmodSync(root, 0o700);
}

/** ownerOnlyFolder, and every directory under `dir` 0700 and every file 0600; symbolic links are left alone. */
export function makeOwnerOnly(dir: string): void {
  ownerOnlyFolder(dir);
  sweep(path.resolve(dir));
}

function sweep(target: string): void {
  try {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) chmodSync(target, wanted);
    if (stat.isDirectory()) for (const entry of readdirSync(target)) sweep(path.join(target, entry));
  } catch (error) {
    // Removed meanwhile (the database deletes its temporary files when it likes): nothing left to protect.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

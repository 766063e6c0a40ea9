import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** The hidden name a file has while it is written; never that of a backup, so nothing takes it for one. */
export const PARTIAL_SUFFIX = '.partial';

export function isPartialFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith(PARTIAL_SUFFIX);
}

/**
 * Writes `target` all at once or not at all: `write` fills a hidden temporary file beside it (owner-only, 0600),
 * which is flushed to the disk and only then renamed to `target`. A USB stick pulled or a machine that stops
 * mid-write leaves at most a `.….partial` file, never a half file under the backup's name. Answers the bytes written.
 */
export async function writeAtomically(target: string, write: (out: Writable) => Promise<void>): Promise<number> {
  const folder = path.dirname(target);
  const temporary = path.join(folder, `.${path.basename(target)}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`);
  // `flush`: the file's bytes are on the disk when the stream closes, before the rename names it
  const out = createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true });
  try {
    await write(out);
    const { size } = await stat(temporary);
    await rename(temporary, target);
    await syncFolder(folder);
    return size;
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/** Makes the rename itself durable; some file systems (FAT on a USB stick) cannot sync a folder, which is no error. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // nothing more this file system can promise
  }
}

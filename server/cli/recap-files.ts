import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { RecapFile } from '../api/recap-import/load-recap.js';
import { CliError } from './errors.js';
import { cliInput } from './io.js';

/** Where a named path is: relative to the directory the command was typed in (which the server's is not, when it
 * runs the command for a CLI beside it). Names are reported as they were given. */
const onDisk = (name: string) => path.resolve(cliInput().cwd, name);

const gunzipAsync = promisify(gunzip);
const RECAP_FILE = /\.html?(\.gz)?$/i;

/**
 * The recap files named on the command line: a file as given, a folder as every `.htm` / `.htm.gz` in it and in its
 * subfolders (an archive keeps its pages in `pages/` beside its index), in path order. A path that does not exist is
 * an error before anything is read.
 */
export async function listRecapFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const given of paths) {
    const info = await stat(onDisk(given)).catch((error: NodeJS.ErrnoException) => {
      throw new CliError(`Cannot read ${given}: ${error.code === 'ENOENT' ? 'no such file or folder' : error.message}`);
    });
    if (!info.isDirectory()) {
      files.push(given);
      continue;
    }
    files.push(...(await recapFilesUnder(given)));
  }
  return files;
}

/** Recap files of a folder and its subfolders, sorted; links are not followed (a linked folder cannot loop). */
async function recapFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(onDisk(folder), { withFileTypes: true });
  const here = entries
    .filter((entry) => entry.isFile() && RECAP_FILE.test(entry.name))
    .map((entry) => path.join(folder, entry.name));
  const below: string[] = [];
  for (const entry of entries)
    if (entry.isDirectory()) below.push(...(await recapFilesUnder(path.join(folder, entry.name))));
  return [...here, ...below].sort();
}

/** One page's HTML, gunzipped when the name ends in .gz. */
export async function readRecapFile(name: string): Promise<RecapFile> {
  const bytes = await readFile(onDisk(name)).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Cannot read ${name}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  try {
    return { name, html: (name.endsWith('.gz') ? await gunzipAsync(bytes) : bytes).toString('utf8') };
  } catch {
    throw new CliError(`Cannot read ${name}: not a gzip file`);
  }
}

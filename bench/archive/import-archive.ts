/**
 * The archive imported into a fresh organization with the project's own command, as a circuit migrating its
 * history runs it (`cli import --org GUID --each --date 2015-01-01 FOLDER`: the pages that print no date take
 * that one), timed from the outside. Also finds what the pages then measure: the biggest recap (most performances).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

export interface ArchiveImport {
  folder: string;
  pages: number;
  imported: number;
  skipped: number;
  refused: number;
  seconds: number;
  organization: string;
  /** the imported page with the most performances */
  biggest: { file: string; title: string; date: string; performances: number };
}

/** Pages that print no date are filed on this day, as the archive's own instructions do (docs/recap-archive.md). */
const UNDATED_PAGES_DATE = '2015-01-01';

export function importArchive(folder: string, env: NodeJS.ProcessEnv, log: (line: string) => void): ArchiveImport {
  const cli = (args: string[]) => [process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args]] as const;
  const organization = (
    JSON.parse(execFileSync(...cli(['org', 'create', '--name', 'Recap Archive']), { env, encoding: 'utf8' })) as {
      guid: string;
    }
  ).guid;
  log(`  importing ${folder} into organization ${organization}`);
  const started = performance.now();
  // Exit code 1 when a page is refused (the archive has some): the summary is on stdout either way.
  const run = spawnSync(...cli(['import', '--org', organization, '--each', '--date', UNDATED_PAGES_DATE, folder]), {
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0 && run.status !== 1) throw new Error(`cli import exited with ${run.status ?? run.signal}`);
  const summary = JSON.parse(run.stdout) as {
    imported: { file: string; title: string; date: string; performances: number }[];
    skipped: unknown[];
    refused: unknown[];
  };
  if (summary.imported.length === 0) throw new Error(`nothing of ${folder} was imported`);
  const biggest = summary.imported.reduce((best, page) => (page.performances > best.performances ? page : best));
  const pages = summary.imported.length + summary.skipped.length + summary.refused.length;
  log(
    `  ${summary.imported.length} of ${pages} pages imported, ${summary.refused.length} refused, in ${seconds.toFixed(0)} s`,
  );
  return {
    folder,
    pages,
    imported: summary.imported.length,
    skipped: summary.skipped.length,
    refused: summary.refused.length,
    seconds,
    organization,
    biggest: {
      file: path.basename(biggest.file),
      title: biggest.title,
      date: biggest.date,
      performances: biggest.performances,
    },
  };
}

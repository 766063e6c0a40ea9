/**
 * `npm run bench -- --archive DIR`: the app and the API with a whole recap archive in one organization
 * (docs/decisions/014): the import (cli import --each, timed), the API against the Node ceiling and the reads of a
 * big season (archive-api.ts), and the web app on the emulated phone (archive-web.ts). PGlite is single-process:
 * each step opens the database after the one before has closed it.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ThroughputOptions } from '../api/throughput.js';
import { isolatedEnv } from '../lib/service.js';
import { measureArchiveApi, type ArchiveApiReport } from './archive-api.js';
import { measureArchiveWeb, type ArchivePage, type JudgeViewWork } from './archive-web.js';
import { importArchive, type ArchiveImport } from './import-archive.js';
import type { SearchKeystrokes } from '../web/search-keystroke.js';

export interface ArchiveReport {
  import: ArchiveImport;
  api?: ArchiveApiReport;
  pages?: ArchivePage[];
  /** the BFF's work for the judge's season page */
  judgeWork?: JudgeViewWork;
  search?: SearchKeystrokes;
  failures: { part: string; error: string }[];
}

/** Why the archive run is skipped, or undefined when `folder` is a folder to import. */
export function archiveSkipReason(folder: string | undefined): string | undefined {
  if (folder === undefined)
    return 'no --archive FOLDER given (e.g. npm run bench -- --archive ../shared/data/recap-archive/pages)';
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return `--archive ${folder}: no such folder`;
  return undefined;
}

export async function measureArchive(
  options: { folder: string; workDir: string; staticDir?: string; throughput: ThroughputOptions; runs: number },
  log: (line: string) => void,
): Promise<ArchiveReport> {
  const dataDir = path.join(options.workDir, 'archive-data');
  const imported = importArchive(path.resolve(options.folder), isolatedEnv({ DATA_DIR: dataDir }), log);
  const report: ArchiveReport = { import: imported, failures: [] };
  try {
    report.api = await measureArchiveApi(dataDir, imported, options.throughput, log);
  } catch (error) {
    report.failures.push({ part: 'archive api', error: messageOf(error) });
    log(`  failed: ${messageOf(error)}`);
  }
  if (!options.staticDir) {
    report.failures.push({ part: 'archive web', error: 'the web app was not built' });
  } else if (report.api) {
    try {
      const web = await measureArchiveWeb(
        { dataDir, staticDir: options.staticDir, workDir: options.workDir, runs: options.runs },
        { seasonId: report.api.season.id, recapGuid: report.api.recap.guid, judgeName: report.api.judge.name },
        log,
      );
      report.pages = web.pages;
      report.judgeWork = web.judgeWork;
      report.search = web.search;
    } catch (error) {
      report.failures.push({ part: 'archive web', error: messageOf(error) });
      log(`  failed: ${messageOf(error)}`);
    }
  }
  return report;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

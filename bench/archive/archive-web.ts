/**
 * The web app on the archive's organization, as `npm start` serves it (bench/lib/start-process.ts), on the emulated
 * phone (page-visit.ts): home, the biggest season's page, its standings and the biggest recap. Each page is visited
 * `runs` times, each a cold browser; the first visit of each page also finds the BFF's and the API's caches cold.
 * Then the search's keystrokes (web/search-keystroke.ts) with the whole archive in its index.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../../test/helpers/free-port.js';
import { isolatedEnv } from '../lib/service.js';
import { startNpmStart } from '../lib/start-process.js';
import { median } from '../lib/stats.js';
import { visitPage, type PageVisit } from '../web/page-visit.js';
import { measureSearchKeystrokes, type SearchKeystrokes } from '../web/search-keystroke.js';

export interface ArchivePage {
  /** home, season, standings, recap */
  id: string;
  name: string;
  url: string;
  runs: PageVisit[];
  medianLcpMs: number;
}

export interface ArchiveWebTargets {
  seasonId: number;
  recapGuid: string;
}

export async function measureArchiveWeb(
  options: { dataDir: string; staticDir: string; workDir: string; runs: number },
  targets: ArchiveWebTargets,
  log: (line: string) => void,
): Promise<{ pages: ArchivePage[]; search: SearchKeystrokes }> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const env = isolatedEnv({ DATA_DIR: options.dataDir, API_PORT: String(apiPort), SKIP_WEB_BUILD: '1', BFF_STATIC_DIR: options.staticDir });
  const stack = await startNpmStart(env, port, path.join(options.workDir, 'archive-stack.log'));
  const pages: [id: string, name: string, url: string, ready: (page: Page) => ReturnType<Page['getByRole']>][] = [
    ['home', 'Home', '/', (page) => page.getByRole('heading', { level: 2, name: 'Latest results' })],
    ['season', "The biggest season's page", `/seasons/${targets.seasonId}`, (page) => page.getByRole('link', { name: /^Recap: / })],
    ['standings', 'Its standings', `/seasons/${targets.seasonId}/standings`, (page) => page.getByRole('table')],
    ['recap', 'The biggest recap', `/competitions/${targets.recapGuid}`, (page) => page.getByRole('heading', { level: 2 })],
  ];
  try {
    const results: ArchivePage[] = [];
    for (const [id, name, url, ready] of pages) {
      const runs: PageVisit[] = [];
      for (let run = 1; run <= options.runs; run++) {
        const visit = await visitPage(`${stack.baseUrl}${url}`, ready);
        log(`  ${name} ${url} run ${run}: LCP ${visit.lcpMs.toFixed(0)} ms (${visit.lcpElement}), ${visit.elements} elements, ${visit.links} links, ${visit.apiReads} reads, ${(visit.transferBytes / 1024).toFixed(0)} KB`);
        runs.push(visit);
      }
      results.push({ id, name, url, runs, medianLcpMs: median(runs.map((visit) => visit.lcpMs)) });
    }
    const index = (await (await fetch(`${stack.baseUrl}/api/bff/search-index`)).json()) as { groups: { name: string }[] };
    // A group whose name has a long word: the typed query is that word, misspelt, as a fan types "kingwod".
    const group = index.groups.find((candidate) => candidate.name.split(' ').some((word) => /^[A-Za-z]{8,}$/.test(word)));
    if (!group) throw new Error('the archive has no group with a word of eight letters or more');
    const search = await measureSearchKeystrokes(stack.baseUrl, group.name, options.runs, log);
    return { pages: results, search };
  } finally {
    await stack.stop();
  }
}

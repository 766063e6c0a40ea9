/**
 * The web app on the archive's organization, as `npm start` serves it (bench/lib/start-process.ts), on the emulated
 * phone (page-visit.ts): home, the biggest season's page, its standings and the biggest recap. Each page is visited
 * `runs` times, each a cold browser; the first visit of each page also finds the BFF's and the API's caches cold.
 * Then the search's keystrokes (web/search-keystroke.ts) with the whole archive in its index.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../../test/helpers/free-port.js';
import { isolatedEnv } from '../lib/service.js';
import { startNpmStart } from '../lib/start-process.js';
import { median } from '../lib/stats.js';
import { paths } from '../../src/config/paths.js';
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
  /** the season's judge of the most captions */
  judgeName: string;
}

/** What the BFF did for the judge's season: the view's build on the first visit, and the view once kept. */
export interface JudgeViewWork {
  /** the stack process's resident memory (API and BFF) before the first visit, at its peak during it, and after */
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
  /** the view's answer to later requests (median of 10), and its size */
  warmMs: number;
  bodyBytes: number;
}

export async function measureArchiveWeb(
  options: { dataDir: string; staticDir: string; workDir: string; runs: number },
  targets: ArchiveWebTargets,
  log: (line: string) => void,
): Promise<{ pages: ArchivePage[]; search: SearchKeystrokes; judgeWork?: JudgeViewWork }> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const env = isolatedEnv({
    DATA_DIR: options.dataDir,
    API_PORT: String(apiPort),
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
  });
  const stack = await startNpmStart(env, port, path.join(options.workDir, 'archive-stack.log'));
  const pages: [id: string, name: string, url: string, ready: (page: Page) => ReturnType<Page['getByRole']>][] = [
    ['home', 'Home', '/', (page) => page.getByRole('heading', { level: 2, name: 'Latest results' })],
    [
      'season',
      "The biggest season's page",
      `/seasons/${targets.seasonId}`,
      (page) => page.getByRole('link', { name: /^Recap: / }),
    ],
    ['standings', 'Its standings', `/seasons/${targets.seasonId}/standings`, (page) => page.getByRole('table')],
    [
      'recap',
      'The biggest recap',
      `/competitions/${targets.recapGuid}`,
      (page) => page.getByRole('heading', { level: 2 }),
    ],
    [
      'judge',
      "The season's busiest judge",
      paths.judgeSeason.href(targets.judgeName, targets.seasonId),
      (page) => page.getByRole('heading', { level: 1 }),
    ],
  ];
  let judgeWork: JudgeViewWork | undefined;
  try {
    const results: ArchivePage[] = [];
    for (const [id, name, url, ready] of pages) {
      const runs: PageVisit[] = [];
      for (let run = 1; run <= options.runs; run++) {
        // The judge's first visit builds the season's judged sections (no other page on our API needs them): its memory.
        const memory = id === 'judge' && run === 1 ? sampleMemory(stack.pid) : undefined;
        const visit = await visitPage(`${stack.baseUrl}${url}`, ready).finally(() => memory?.stop());
        if (memory) judgeWork = { ...memory.result(), warmMs: NaN, bodyBytes: 0 };
        log(
          `  ${name} ${url} run ${run}: LCP ${visit.lcpMs.toFixed(0)} ms (${visit.lcpElement}), ${visit.elements} elements, ${visit.links} links, ${visit.apiReads} reads (slowest ${visit.slowestApiReadMs.toFixed(0)} ms), ${(visit.transferBytes / 1024).toFixed(0)} KB`,
        );
        runs.push(visit);
      }
      results.push({ id, name, url, runs, medianLcpMs: median(runs.map((visit) => visit.lcpMs)) });
    }
    if (judgeWork) {
      const view = `${stack.baseUrl}/api/bff/seasons/${targets.seasonId}/judge?name=${encodeURIComponent(targets.judgeName)}`;
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const body = await (await fetch(view, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
        times.push(performance.now() - started);
        judgeWork.bodyBytes = body.byteLength;
      }
      judgeWork.warmMs = median(times);
      log(
        `  judge view: RSS ${mib(judgeWork.rssBeforeBytes)} -> peak ${mib(judgeWork.rssPeakBytes)} -> ${mib(judgeWork.rssAfterBytes)} MiB; kept answer ${judgeWork.warmMs.toFixed(1)} ms, ${(judgeWork.bodyBytes / 1024).toFixed(0)} KB`,
      );
    }
    const index = (await (await fetch(`${stack.baseUrl}/api/bff/search-index`)).json()) as {
      groups: { name: string }[];
    };
    // A group whose name has a long word: the typed query is that word, misspelt, as a fan types "kingwod".
    const group = index.groups.find((candidate) =>
      candidate.name.split(' ').some((word) => /^[A-Za-z]{8,}$/.test(word)),
    );
    if (!group) throw new Error('the archive has no group with a word of eight letters or more');
    const search = await measureSearchKeystrokes(stack.baseUrl, group.name, options.runs, log);
    return { pages: results, search, judgeWork };
  } finally {
    await stack.stop();
  }
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

/** The process's resident memory now, sampled every 100 ms until stopped (its peak), and when stopped. */
function sampleMemory(pid: number) {
  const before = rssOf(pid);
  let peak = before;
  let after = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  return {
    stop() {
      clearInterval(sampler);
      after = rssOf(pid);
      peak = Math.max(peak, after);
    },
    result: () => ({ rssBeforeBytes: before, rssPeakBytes: peak, rssAfterBytes: after }),
  };
}

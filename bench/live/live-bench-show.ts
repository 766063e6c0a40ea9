/**
 * What the live benches share (bench/live/measure-live.ts, 1,000 pages on one BFF; bench/live/release-moment.ts, the
 * release at 10,000): the live show made through our API as the score-entry client makes one, its corrections, the
 * recap's tables read in a browser page and the moment they change, a process's RSS, and the stream clients'
 * processes (bench/live/sse-clients.ts) with their reports.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import readline from 'node:readline';
import type { Page } from '@playwright/test';
import type { ScoreEntryClient } from '../../e2e/support/score-entry.js';
import { colorGuardSheet } from '../../domain/score-sheets/color-guard.js';
import { sleep } from '../lib/service.js';

const captions = colorGuardSheet.categories.flatMap((category) => category.captions);

export function readCli(env: NodeJS.ProcessEnv, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface BenchShow {
  competitionId: number;
  guid: string;
  performances: Record<'Alpha' | 'Bravo' | 'Charlie', number>;
}

/** A color guard competition today in the sample's current season: three groups, every sheet entered, not released. */
export async function createShow(entry: ScoreEntryClient): Promise<BenchShow> {
  type Listed = { data: Array<{ id: number; name: string; current?: boolean }> };
  const season = (await entry.get<Listed>('/seasons/')).data.find((candidate) => candidate.current)!;
  const division = (await entry.get<Listed>('/divisions/?groupTypeId=1')).data.find(
    (candidate) => candidate.name === 'Scholastic World',
  )!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const event = await entry.post<{ id: number }>(
    '/events/',
    { seasonId: season.id, name: 'Live Bench Show', eventTypeId: 1, startDate: today },
    201,
  );
  const competition = await entry.post<{ id: number; guid: string }>(
    `/events/${event.id}/competitions`,
    {
      name: 'Color Guard Live Bench',
      date: new Date().toISOString(),
      groupTypeId: 1,
      rounds: [{ number: 1, name: 'Finals' }],
    },
    201,
  );
  const performances: Record<string, number> = {};
  for (const [order, short] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
    const group = await entry.post<{ id: number }>(
      '/groups/',
      { name: `${short} Live Bench HS`, divisionId: division.id, location: 'Round Rock, TX' },
      201,
    );
    performances[short] = (
      await entry.post<{ id: number }>(
        `/competitions/${competition.id}/performances`,
        { groupId: group.id, divisionId: division.id, round: 1, order: order + 1 },
        201,
      )
    ).id;
    for (const caption of captions) {
      await entry.post(`/performances/${performances[short]}/scores`, {
        captionKey: caption.key,
        scores: caption.subcaptions.map((line) => ({ subcaptionKey: line.key, score: 70 + order * 5 })),
      });
    }
  }
  return {
    competitionId: competition.id,
    guid: competition.guid,
    performances,
  };
}

/**
 * A judge's corrected sheet for one caption: every line `score`, which changes the group's total. A released round's
 * correction carries its reason (decision 083); before the release it is a judge's sheet sent again.
 */
export async function correct(entry: ScoreEntryClient, performanceId: number, score: number, released = true) {
  const caption = captions[0];
  await entry.post(`/performances/${performanceId}/scores`, {
    captionKey: caption.key,
    scores: caption.subcaptions.map((line) => ({ subcaptionKey: line.key, score })),
    ...(released ? { reason: 'Judge misread the sheet' } : {}),
  });
}

/** The recap's tables as text: the numbers a fan reads (the "updated ... ago" line changes every second, so not the page). */
export const tableText = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('table'), (table) => table.textContent).join('|'));

/** When (ms since epoch, the browser's clock: the same machine) the page's tables first differ from `before`. */
export async function changedAt(page: Page, before: string): Promise<number> {
  const handle = await page.waitForFunction(
    (previous) =>
      Array.from(document.querySelectorAll('table'), (table) => table.textContent).join('|') !== previous
        ? Date.now()
        : false,
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** A stream clients' process: `count` streams to `url`, and what it reports. */
export interface StreamClients {
  readonly count: number;
  /** every stream has its `ready` (throws on a refusal or an error) */
  ready(timeoutMs: number): Promise<void>;
  /** the change versions reported so far */
  versions(): Set<unknown>;
  /** the first change reported whose version is not in `before`: when each stream received it (ms since epoch) */
  nextChange(before: Set<unknown>, timeoutMs: number): Promise<number[]>;
  stop(): void;
}

export function startStreamClients(url: string, count: number): StreamClients {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/live/sse-clients.ts', url, String(count)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    messages.push(JSON.parse(line) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (test: (message: Record<string, unknown>) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(test);
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`the stream clients exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error(`the stream clients did not report in ${timeoutMs} ms`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(500)]);
    }
  };
  return {
    count,
    async ready(timeoutMs) {
      const settled = await next(
        (message) => 'ready' in message || 'refused' in message || 'error' in message,
        timeoutMs,
      );
      if (!('ready' in settled) || settled.failed !== 0)
        throw new Error(`a stream to ${url} was refused: ${JSON.stringify(settled)}`);
    },
    versions: () => new Set(messages.filter((message) => 'change' in message).map((message) => message.change)),
    async nextChange(before, timeoutMs) {
      const changed = await next((message) => 'change' in message && !before.has(message.change), timeoutMs);
      return changed.received as number[];
    },
    stop() {
      child.stdin?.end();
      child.kill();
    },
  };
}

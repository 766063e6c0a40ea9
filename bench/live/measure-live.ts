/**
 * The live push under 1,000 open pages on one BFF (decision 033): the `npm start` stack on a fresh embedded database
 * (sample circuit), a live competition made through our API as the score-entry client makes one, 1,000 Server-Sent
 * Events streams held by a second process (bench/live/sse-clients.ts) and a few pages in Debian's chromium. Measured:
 * the BFF's upstream reads per minute while they watch (its /api/health counter), the stack's memory before and with
 * the streams open, and for a release and then a run of corrections, the time from the write on the API to the new
 * numbers on each browser's screen and to each stream's `change` event.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { scoreEntryClient } from '../../e2e/support/score-entry.js';
import { freePort } from '../../test/helpers/free-port.js';
import { isolatedEnv, sleep, startService, waitUntilReady } from '../lib/service.js';
import { median, percentile } from '../lib/stats.js';
import {
  changedAt,
  correct,
  createShow,
  mb,
  readCli,
  rssOf,
  startStreamClients,
  tableText,
  type StreamClients,
} from './live-bench-show.js';

export const LIVE_PAGES = 1000;
const BROWSER_PAGES = 3;
const CORRECTIONS = 9;
const READS_WINDOW_MS = 30_000;
/** the BFF's default (server/bff/config.ts), set explicitly so the report names what ran */
const INTERVAL_MS = 2000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

export interface LiveReport {
  streams: number;
  browserPages: number;
  intervalMs: number;
  upstreamReadsPerMinute: number;
  memory: { rssBeforeBytes: number; rssWithStreamsBytes: number; perStreamBytes: number };
  /** from the write's answer on the API to the new total on each browser's screen */
  screen: { samples: number[]; medianMs: number; p95Ms: number };
  /** from the write's answer on the API to each stream's `change` event */
  streamEvent: { samples: number; medianMs: number; p95Ms: number; missed: number };
}

export async function measureLive(
  options: { workDir: string; staticDir: string },
  log: (line: string) => void,
): Promise<LiveReport> {
  const dataDir = path.join(options.workDir, 'live-data');
  const [port, apiPort] = [await freePort(), await freePort()];
  const env = isolatedEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(apiPort),
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
    BFF_LIVE_MAX_LISTENERS: String(LIVE_PAGES + 100),
    BFF_LIVE_INTERVAL_MS: String(INTERVAL_MS),
  });
  const cli = (args: string[]) => JSON.parse(readCli(env, args)) as Record<string, string>;
  const organization = cli(['org', 'create', '--name', 'Live Benchmark Circuit']);
  readCli(env, ['sample', '--org', organization.guid]);
  const key = cli(['key', 'create', '--org', organization.guid, '--name', 'Live bench score entry']);
  const logFile = path.join(options.workDir, 'live-stack.log');
  const stack = startService('server/start.ts', env, logFile);
  const baseUrl = `http://127.0.0.1:${port}`;
  let clients: StreamClients | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await waitUntilReady(
      stack,
      `${baseUrl}/api/health answered 200 (see ${logFile})`,
      async () => (await fetch(`${baseUrl}/api/health`)).ok,
    );
    const apiLine = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((line) => line.includes('"API listening"'));
    if (!apiLine) throw new Error(`the stack did not say where the API listens (see ${logFile})`);
    const entry = await scoreEntryClient({
      upstream: 'ours',
      baseURL: baseUrl,
      apiURL: (JSON.parse(apiLine) as { url: string }).url,
      caFile: path.join(dataDir, 'tls', 'cert.pem'),
      organizationGuid: organization.guid,
      clientId: '',
      clientSecret: '',
      scoreEntry: { clientId: key.client_id, clientSecret: key.client_secret },
      importedRecaps: [],
    });
    const show = await createShow(entry);
    log(
      `  live competition ${show.guid}: ${Object.keys(show.performances).length} groups, sheets entered, not released`,
    );

    const rssBefore = rssOf(stack.child.pid!);
    clients = startStreamClients(`${baseUrl}/api/bff/competitions/${show.guid}/live`, LIVE_PAGES);
    await clients.ready(60_000);
    log(`  ${LIVE_PAGES} streams open`);

    const pages: Page[] = [];
    for (let i = 0; i < BROWSER_PAGES; i++) {
      const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago' });
      const page = await context.newPage();
      const stream = page.waitForResponse((response) => response.url().endsWith('/live'));
      await page.goto(`${baseUrl}/competitions/${show.guid}`);
      await page.getByText('No scores released yet', { exact: true }).waitFor();
      await stream;
      pages.push(page);
    }
    const health = async () =>
      (await (await fetch(`${baseUrl}/api/health`)).json()) as {
        upstream: { calls: number };
        live: { listeners: number };
      };
    const callsBefore = (await health()).upstream.calls;
    await sleep(READS_WINDOW_MS);
    const after = await health();
    const upstreamReadsPerMinute = ((after.upstream.calls - callsBefore) * 60_000) / READS_WINDOW_MS;
    const rssWith = rssOf(stack.child.pid!);
    log(
      `  ${after.live.listeners} listeners: ${upstreamReadsPerMinute.toFixed(0)} upstream reads per minute, RSS ${mb(rssBefore)} -> ${mb(rssWith)} MB`,
    );

    const screen: number[] = [];
    const streamSamples: number[] = [];
    let missed = 0;
    for (let round = 0; round <= CORRECTIONS; round++) {
      const before = await Promise.all(pages.map((page) => tableText(page)));
      const write =
        round === 0
          ? () => entry.post(`/competitions/${show.competitionId}/release`, {})
          : () => correct(entry, show.performances.Alpha, 60 + round);
      const versionsBefore = clients.versions();
      await write();
      const writtenAt = Date.now();
      const painted = await Promise.all(pages.map((page, i) => changedAt(page, before[i])));
      screen.push(...painted.map((at) => at - writtenAt));
      const received = await clients.nextChange(versionsBefore, 40_000);
      missed += LIVE_PAGES - received.length;
      streamSamples.push(...received.map((at) => at - writtenAt));
      log(
        `  ${round === 0 ? 'release' : `correction ${round}`}: on screen after ${painted.map((at) => at - writtenAt).join(', ')} ms; ${received.length} streams told, p95 ${percentile(
          received.map((at) => at - writtenAt),
          95,
        )} ms`,
      );
    }
    return {
      streams: LIVE_PAGES,
      browserPages: BROWSER_PAGES,
      intervalMs: INTERVAL_MS,
      upstreamReadsPerMinute,
      memory: {
        rssBeforeBytes: rssBefore,
        rssWithStreamsBytes: rssWith,
        perStreamBytes: Math.round((rssWith - rssBefore) / LIVE_PAGES),
      },
      screen: { samples: screen, medianMs: median(screen), p95Ms: percentile(screen, 95) },
      streamEvent: {
        samples: streamSamples.length,
        medianMs: median(streamSamples),
        p95Ms: percentile(streamSamples, 95),
        missed,
      },
    };
  } finally {
    clients?.stop();
    await browser.close();
    await stack.stop();
  }
}

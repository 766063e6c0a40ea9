/**
 * The release moment at scale (`npm run bench -- --only release`, issue 41, decision 131): 10,000 open live pages
 * (Server-Sent Events held by two stream clients' processes, bench/live/sse-clients.ts) and three pages in Debian's
 * chromium, on two BFFs in front of two API instances on one PostgreSQL, and again on the embedded default with one
 * BFF (`npm start`). A release of a division and nine corrections, each made through our API (on PostgreSQL, on the
 * two instances by turns); each one timed from the write's answer to the `change` event on every stream and to the
 * new numbers painted on every browser page. The floor is a bare Server-Sent Events server in a process of its own
 * (bench/live/bare-sse-server.ts) sending one event to the same 10,000 connections of the same stream clients, timed
 * from its answer the same way, in the same run. Counted: each BFF's reads of the API per write (its /api/health
 * counter), with only the browser pages open and with the 10,000; each BFF's RSS per open stream.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { freePort } from '../../test/helpers/free-port.js';
import { sleep, startService, waitUntilReady } from '../lib/service.js';
import { median, percentile } from '../lib/stats.js';
import {
  changedAt,
  correct,
  createShow,
  mb,
  rssOf,
  startStreamClients,
  tableText,
  type BenchShow,
  type StreamClients,
} from './live-bench-show.js';
import { takeTrace, tracePage, TRACING } from './page-trace.js';
import { embeddedStack, postgresStack, RELEASE_STREAMS, type Stack } from './release-stacks.js';

export { RELEASE_STREAMS };
/** stream clients' processes, each holding an equal share of the streams, in every configuration and the floor */
const CLIENT_PROCESSES = 2;
const BROWSER_PAGES = 3;
const CORRECTIONS = 9;
/** floor events sent to the 10,000 */
const FLOOR_EVENTS = 3;
const READ_SAMPLES = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

export interface Distribution {
  samples: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface ReleaseConfiguration {
  name: string;
  database: 'PostgreSQL' | 'embedded';
  apiInstances: number;
  bffs: number;
  streams: number;
  browserPages: number;
  /** the bare server's one event to the same connections: answer to each stream's event */
  floor: Distribution;
  /** the release's and the corrections' answers on the API to each stream's `change` */
  streamEvent: Distribution & { missed: number };
  /** to the new numbers painted on each browser page */
  screen: Distribution;
  /** one read of the recap's performances through a BFF, from this process, median */
  oneReadMs: number;
  /** per BFF: its reads of the API for a write no page sees (a sheet before the release), browsers only / with every stream */
  readsUnseen: { browsersOnly: number[]; allStreams: number[] };
  /** per write (release, corrections), per BFF */
  readsPerWrite: number[][];
  /** per BFF: RSS with its streams open minus before, over its streams */
  perStreamBytes: number[];
}

export interface ReleaseReport {
  configurations: ReleaseConfiguration[];
}

const distribution = (samples: number[]): Distribution => ({
  samples: samples.length,
  medianMs: median(samples),
  p95Ms: percentile(samples, 95),
  maxMs: samples.length ? samples.reduce((most, sample) => Math.max(most, sample)) : NaN,
});

/** Streams split over the clients' processes, each to one of `urls` by turns. */
function openStreams(urls: string[], total: number): StreamClients[] {
  return Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
    startStreamClients(urls[i % urls.length], total / CLIENT_PROCESSES),
  );
}

/** The 10,000 on the bare server: its answer to `send` to each stream's event, FLOOR_EVENTS times. */
async function measureFloor(workDir: string, log: (line: string) => void): Promise<Distribution> {
  const port = await freePort();
  const server = startService(
    'bench/live/bare-sse-server.ts',
    { ...process.env, PORT: String(port) },
    `${workDir}/bare.log`,
  );
  const base = `http://127.0.0.1:${port}`;
  let clients: StreamClients[] = [];
  try {
    await waitUntilReady(server, 'the bare SSE server answered', async () => (await fetch(`${base}/health`)).ok);
    clients = openStreams([`${base}/events`], RELEASE_STREAMS);
    await Promise.all(clients.map((client) => client.ready(300_000)));
    const samples: number[] = [];
    for (let event = 1; event <= FLOOR_EVENTS; event++) {
      const before = clients.map((client) => client.versions());
      await fetch(`${base}/send?id=${event}`, { method: 'POST' });
      const sentAt = Date.now();
      const received = await Promise.all(clients.map((client, i) => client.nextChange(before[i], 60_000)));
      samples.push(...received.flat().map((at) => at - sentAt));
    }
    const floor = distribution(samples);
    log(`  floor: bare SSE server, ${RELEASE_STREAMS} streams, p95 ${floor.p95Ms} ms, max ${floor.maxMs} ms`);
    return floor;
  } finally {
    for (const client of clients) client.stop();
    await server.stop();
  }
}

const callsOf = async (bff: string) =>
  ((await (await fetch(`${bff}/api/health`)).json()) as { upstream: { calls: number } }).upstream.calls;
/**
 * Each BFF's reads of the API while `act` runs and the BFFs settle after it: until their counters stood still for a
 * second (and, for a write no page is told of, moved first: its round may start after `act` returned).
 */
async function readsDuring(bffs: Stack['bffs'], act: () => Promise<void>, expectReads = false): Promise<number[]> {
  const counts = () => Promise.all(bffs.map((bff) => callsOf(bff.url)));
  // quiet first: a page still loading, or the last write's reads, are not this write's
  let before = await counts();
  for (let tries = 0; tries < 20; tries++) {
    await sleep(1000);
    const now = await counts();
    const still = now.every((calls, i) => calls === before[i]);
    before = now;
    if (still) break;
  }
  await act();
  const deadline = Date.now() + 20_000;
  let last = await counts();
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = await counts();
    const moved = now.some((calls, i) => calls !== last[i]);
    const started = now.every((calls, i) => calls > before[i]);
    last = now;
    if (!moved && (!expectReads || started)) break;
  }
  return last.map((calls, i) => calls - before[i]);
}

async function measureConfiguration(
  name: string,
  database: ReleaseConfiguration['database'],
  stack: Stack,
  browser: Browser,
  floor: Distribution,
  log: (line: string) => void,
): Promise<ReleaseConfiguration> {
  const { bffs, writers } = stack;
  const show: BenchShow = await createShow(writers[0]);
  const writerOf = (write: number) => writers[write % writers.length];
  const pages: Page[] = [];
  for (let i = 0; i < BROWSER_PAGES; i++) {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago' });
    const page = await context.newPage();
    if (TRACING) await tracePage(page);
    const bff = bffs[i % bffs.length].url;
    const stream = page.waitForResponse((response) => response.url().endsWith('/live'));
    await page.goto(`${bff}/competitions/${show.guid}`);
    await page.getByText('No scores released yet', { exact: true }).waitFor();
    await stream;
    pages.push(page);
  }
  const browsersOnly = await readsDuring(bffs, () => correct(writerOf(0), show.performances.Bravo, 71, false), true);
  const rssBefore = bffs.map((bff) => rssOf(bff.service.child.pid!));
  const clients = openStreams(
    bffs.map((bff) => `${bff.url}/api/bff/competitions/${show.guid}/live`),
    RELEASE_STREAMS,
  );
  try {
    await Promise.all(clients.map((client) => client.ready(600_000)));
    const rssWith = bffs.map((bff) => rssOf(bff.service.child.pid!));
    const streamsPerBff = RELEASE_STREAMS / bffs.length;
    const perStreamBytes = rssWith.map((rss, i) => Math.round((rss - rssBefore[i]) / streamsPerBff));
    log(
      `  ${RELEASE_STREAMS} streams open on ${bffs.length} BFF(s): RSS ${rssBefore.map(mb).join(', ')} -> ${rssWith.map(mb).join(', ')} MB`,
    );
    const allStreams = await readsDuring(bffs, () => correct(writerOf(1), show.performances.Bravo, 72, false), true);
    const oneRead: number[] = [];
    for (let i = 0; i < READ_SAMPLES; i++) {
      const started = performance.now();
      await (await fetch(`${bffs[i % bffs.length].url}/api/2018-03/performances?c=${show.guid}`)).arrayBuffer();
      oneRead.push(performance.now() - started);
    }

    const screen: number[] = [];
    const events: number[] = [];
    const readsPerWrite: number[][] = [];
    let missed = 0;
    for (let write = 0; write <= CORRECTIONS; write++) {
      const writer = writerOf(write);
      const reads = await readsDuring(bffs, async () => {
        const before = await Promise.all(pages.map((page) => tableText(page)));
        const versions = clients.map((client) => client.versions());
        // what the pages did before this write is not its trace
        if (TRACING) await Promise.all(pages.map((page) => takeTrace(page, 0)));
        if (write === 0) await writer.post(`/competitions/${show.competitionId}/release`, {});
        else await correct(writer, show.performances.Alpha, 60 + write);
        const writtenAt = Date.now();
        const [painted, received] = await Promise.all([
          Promise.all(pages.map((page, i) => changedAt(page, before[i]))),
          Promise.all(clients.map((client, i) => client.nextChange(versions[i], 120_000))),
        ]);
        const told = received.flat().map((at) => at - writtenAt);
        missed += RELEASE_STREAMS - told.length;
        events.push(...told);
        screen.push(...painted.map((at) => at - writtenAt));
        if (TRACING)
          for (const [i, page] of pages.entries())
            log(`    page ${i + 1}: ${await takeTrace(page, writtenAt)}; painted ${painted[i] - writtenAt}`);
        log(
          `  ${write === 0 ? 'release' : `correction ${write}`}: on screen after ${painted.map((at) => at - writtenAt).join(', ')} ms; ${told.length} streams told, p95 ${percentile(told, 95)} ms`,
        );
      });
      readsPerWrite.push(reads);
    }
    return {
      name,
      database,
      apiInstances: writers.length,
      bffs: bffs.length,
      streams: RELEASE_STREAMS,
      browserPages: BROWSER_PAGES,
      floor,
      streamEvent: { ...distribution(events), missed },
      screen: distribution(screen),
      oneReadMs: median(oneRead),
      readsUnseen: { browsersOnly, allStreams },
      readsPerWrite,
      perStreamBytes,
    };
  } finally {
    for (const client of clients) client.stop();
    await Promise.all(pages.map((page) => page.context().close()));
  }
}

export async function measureRelease(
  options: { workDir: string; staticDir: string },
  log: (line: string) => void,
): Promise<ReleaseReport> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const configurations: ReleaseConfiguration[] = [];
  try {
    const plans = [
      { name: 'two API instances on PostgreSQL, two BFFs', database: 'PostgreSQL' as const, start: postgresStack },
      { name: 'embedded default, one BFF', database: 'embedded' as const, start: embeddedStack },
    ];
    for (const plan of plans) {
      log(`Release moment: ${plan.name}, ${RELEASE_STREAMS} streams + ${BROWSER_PAGES} browser pages`);
      // the floor beside each configuration: the machine's speed drifts between them
      const floor = await measureFloor(options.workDir, log);
      const stack = await plan.start(options.workDir, options.staticDir);
      try {
        configurations.push(await measureConfiguration(plan.name, plan.database, stack, browser, floor, log));
      } finally {
        await stack.stop();
      }
    }
    return { configurations };
  } finally {
    await browser.close();
  }
}

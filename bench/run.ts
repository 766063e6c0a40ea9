/**
 * `npm run bench`: measures the API against the Node ceiling and under 1,000 connections, and the web app on an
 * emulated phone (on our API and on the fake hosted upstream); with `--archive FOLDER`, the same with a whole recap
 * archive imported (bench/archive/). Checks the budgets, writes bench/results/latest.json and latest.md (and, for an
 * archive run, archive-scale.md) and prints a summary. Exits 0 unless a measurement failed to run; with --strict,
 * also 1 when a budget fails.
 *
 * `--only writes` runs only show-day score entry (30 writers, embedded and PostgreSQL with two instances) and
 * writes bench/results/concurrent-writes.md; `--only judges` runs 30 judge users entering one 40-performance round
 * (bench/api/judges-entering.ts) and writes bench/results/judges-entering.md; `--only console` runs that show with
 * the tabulator's console watching through the BFF's push (bench/api/console-push.ts) and writes
 * bench/results/console-push.md; `--only tablet` times a judge's keystroke on /judge on an emulated tablet
 * (bench/web/judge-keystroke.ts) and writes bench/results/judge-tablet.md; `--only release` times a release to
 * 10,000 open live pages on two BFFs over PostgreSQL and on the embedded default (bench/live/release-moment.ts) and
 * writes bench/results/release-moment.md; `--only commentary` runs the judges' round again while each uploads a
 * 6-minute recording, and the keystroke while the page records (bench/api/commentary-uploads.ts), and writes
 * bench/results/commentary-uploads.md.
 *
 * `--compare COMMIT` runs the parts (the full run's, or `--only`'s) in this tree and in COMMIT's, interleaved, and
 * prints each figure of both with their ratio (bench/compare/compare.ts).
 *
 *   npm run bench -- [--only api|web|archive|live|writes|judges|console|tablet|release|commentary] [--archive FOLDER] [--strict] [--rounds N] [--warmup SECONDS] [--duration SECONDS] [--connections N] [--runs N] [--compare COMMIT [--compare-runs N]]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOAD_CONNECTIONS, measureManyConnections } from './api/many-connections.js';
import { measureThroughput } from './api/throughput.js';
import { archivePageLcp, BUDGETS, check, checkRatio, withinTenPercentOf } from './lib/budgets.js';
import { OWN_PAGE_PARTS } from './lib/own-pages.js';
import { compareCommits } from './compare/compare.js';
import { archiveSkipReason, measureArchive } from './archive/measure-archive.js';
import { biggestRecap } from './lib/biggest-recap.js';
import { apiTable, archiveMarkdown, budgetTable, loadTable, toMarkdown, type BenchResults } from './lib/report.js';
import { median } from './lib/stats.js';
import { buildWebApp, measureBundle } from './web/bundle-size.js';
import { CPU_SLOWDOWN, FAST_3G, measureRecapPage, PHONE, TAP_CONTACT_MS } from './web/recap-page.js';
import { startStack } from './web/stack.js';
import { captureSwitch, measureFloor } from './web/recap-floor.js';
import { measureHosted } from './hosted/measure-hosted.js';
import { groupPageOwnBytes } from './hosted/report.js';
import { liveMarkdown } from './live/live-report.js';
import { measureLive } from './live/measure-live.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');

/** The parts a full run measures (latest.*); `--only` one of them measures it alone. */
const FULL_RUN_PARTS = ['api', 'web', 'archive', 'live'] as const;
const PARTS = [...FULL_RUN_PARTS, ...OWN_PAGE_PARTS.map((part) => part.name)];

/** Where a part run alone writes its data: a full-run part latest.json (live its own page), the others theirs. */
function resultsFileOf(part: string): string {
  if (part === 'live') return 'live-push.json';
  const ownPage = OWN_PAGE_PARTS.find((candidate) => candidate.name === part);
  return ownPage ? `${ownPage.page}.json` : 'latest.json';
}

async function main(): Promise<number> {
  const { values, tokens } = parseArgs({
    tokens: true,
    options: {
      only: { type: 'string' },
      compare: { type: 'string' },
      'compare-runs': { type: 'string', default: '1' },
      strict: { type: 'boolean', default: false },
      duration: { type: 'string', default: '4' },
      warmup: { type: 'string', default: '1' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      runs: { type: 'string', default: '3' },
      archive: { type: 'string' },
    },
  });
  if (values.only !== undefined && !(PARTS as readonly string[]).includes(values.only))
    throw new Error(`--only is ${PARTS.slice(0, -1).join(', ')} or ${PARTS.at(-1)}`);
  // Read before the working directory changes: the folder is the caller's.
  const archiveFolder = values.archive === undefined ? undefined : path.resolve(values.archive);
  process.chdir(root);
  const log = (line: string) => console.log(line);
  if (values.compare !== undefined) {
    const runs = Number(values['compare-runs']);
    if (!Number.isInteger(runs) || runs < 1) throw new Error('--compare-runs is a whole number, at least 1');
    return compareCommits(
      root,
      {
        commit: values.compare,
        parts: values.only ? [values.only] : FULL_RUN_PARTS.filter((part) => part !== 'archive' || archiveFolder),
        resultsFile: resultsFileOf,
        // what both benches are given: the caller's options but these, the folder made absolute
        forward: tokens.flatMap((token) => {
          if (token.kind !== 'option' || ['compare', 'compare-runs', 'only'].includes(token.name)) return [];
          if (token.name === 'archive') return ['--archive', archiveFolder!];
          return token.value === undefined ? [token.rawName] : [token.rawName, token.value];
        }),
        runs,
      },
      log,
    );
  }

  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    commit: git(['rev-parse', 'HEAD']),
    dirtyFiles: git(['status', '--porcelain'])
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3)),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageBefore: os.loadavg(),
      loadAverageAfter: [],
    },
    budgets: [],
    failures: [],
  };

  const ownPage = OWN_PAGE_PARTS.find((part) => part.name === values.only);
  if (ownPage) return ownPage.run(results, log, values.strict);

  const throughputOptions = {
    rounds: Number(values.rounds),
    connections: Number(values.connections),
    warmupMs: Number(values.warmup) * 1000,
    durationMs: Number(values.duration) * 1000,
  };
  if (values.only === undefined || values.only === 'api') {
    log('API throughput');
    try {
      results.api = await measureThroughput(throughputOptions, log);
    } catch (error) {
      results.failures.push({ part: 'api', error: messageOf(error) });
      log(`  failed: ${messageOf(error)}`);
    }
    log(`API under ${LOAD_CONNECTIONS} connections`);
    try {
      const recap = biggestRecap();
      results.apiLoad = await measureManyConnections(
        path.join(root, 'test/fixtures/recaps', `${recap.name}.gz`),
        {
          connections: LOAD_CONNECTIONS,
          warmupMs: Number(values.warmup) * 1000,
          durationMs: Number(values.duration) * 1000,
        },
        log,
      );
    } catch (error) {
      results.failures.push({ part: 'api under load', error: messageOf(error) });
      log(`  failed: ${messageOf(error)}`);
    }
  }

  if (values.only !== 'api') {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'marching-bench-'));
    const webToo = values.only === undefined || values.only === 'web';
    try {
      const staticDir = path.join(workDir, 'dist');
      log('Web app: vite build (into a temporary directory, with a manifest)');
      try {
        buildWebApp(staticDir);
        results.web = { bundle: measureBundle(staticDir) };
        log(
          `  initial JS ${(results.web.bundle!.initialJsGzipBytes / 1024).toFixed(1)} KB gzip, recap chunk ${(results.web.bundle!.recapChunk.gzipBytes / 1024).toFixed(1)} KB gzip`,
        );
      } catch (error) {
        results.failures.push({ part: 'web bundle', error: messageOf(error) });
        log(`  failed: ${messageOf(error)}`);
      }
      if (results.web?.bundle && webToo) {
        log('Web app: recap page on an emulated phone');
        try {
          const recap = biggestRecap();
          const stack = await startStack({
            workDir,
            staticDir,
            recapFile: path.join(root, 'test/fixtures/recaps', `${recap.name}.gz`),
          });
          try {
            const url = `${stack.baseUrl}/competitions/${stack.competitionGuid}`;
            // the floor page is made of the recap's own markup, captured once before the runs
            const markup = await captureSwitch(url);
            const runs = await measureRecapPage(url, Number(values.runs), log, {
              floor: (browser) => measureFloor(browser, url, markup),
            });
            results.web.recapPage = {
              url: new URL(url).pathname,
              competition: `${stack.competitionTitle} (${recap.name}, ${recap.performances} performances)`,
              emulation: {
                viewport: `${PHONE.viewport.width}x${PHONE.viewport.height} @${PHONE.deviceScaleFactor}x, touch`,
                tapContactMs: TAP_CONTACT_MS,
                cpuSlowdown: CPU_SLOWDOWN,
                network: {
                  latencyMs: FAST_3G.latency,
                  downloadBytesPerSecond: FAST_3G.downloadThroughput,
                  uploadBytesPerSecond: FAST_3G.uploadThroughput,
                  preset: 'DevTools Fast 3G',
                },
              },
              runs,
              medianLcpMs: median(runs.map((run) => run.lcpMs)),
              medianSwitchMs: median(runs.map((run) => run.switchMs)),
              medianFloorSwitchMs: median(runs.map((run) => run.floorSwitchMs ?? NaN)),
              switchRatio: median(runs.map((run) => run.switchMs / (run.floorSwitchMs ?? NaN))),
              medianAllBuiltMs: median(runs.map((run) => run.allBuiltMs)),
            };
          } finally {
            await stack.stop();
          }
        } catch (error) {
          results.failures.push({ part: 'web recap page', error: messageOf(error) });
          log(`  failed: ${messageOf(error)}`);
        }
        log('Web app on the fake hosted upstream: recap page and group page on an emulated phone');
        try {
          results.hosted = await measureHosted(
            { workDir, staticDir, recap: biggestRecap(), runs: Number(values.runs) },
            log,
          );
        } catch (error) {
          results.failures.push({ part: 'hosted upstream', error: messageOf(error) });
          log(`  failed: ${messageOf(error)}`);
        }
      }
      if (results.web?.bundle && (values.only === undefined || values.only === 'live')) {
        log('Live push: 1,000 open live pages on one BFF');
        try {
          results.live = await measureLive({ workDir, staticDir }, log);
        } catch (error) {
          results.failures.push({ part: 'live push', error: messageOf(error) });
          log(`  failed: ${messageOf(error)}`);
        }
      }
      const skipped = values.only === 'live' ? 'not asked for (--only live)' : archiveSkipReason(archiveFolder);
      if (skipped) {
        results.archive = { skipped };
        log(`Archive scale: skipped (${skipped})`);
      } else {
        log(`Archive scale: ${archiveFolder}`);
        try {
          results.archive = await measureArchive(
            {
              folder: archiveFolder!,
              workDir,
              staticDir: results.web?.bundle ? staticDir : undefined,
              throughput: throughputOptions,
              runs: Number(values.runs),
            },
            log,
          );
          for (const failure of results.archive.failures) results.failures.push(failure);
        } catch (error) {
          results.failures.push({ part: 'archive', error: messageOf(error) });
          log(`  failed: ${messageOf(error)}`);
        }
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }

  const ratioOf = (route: string) => results.api?.comparisons.find((comparison) => comparison.route === route)?.ratio;
  const archiveRatioOf = (route: string) =>
    results.archive && !('skipped' in results.archive)
      ? results.archive.api?.comparisons.find((comparison) => comparison.route === route)?.ratio
      : undefined;
  results.budgets = [
    ...(values.only === undefined || values.only === 'api'
      ? [
          check(BUDGETS.performancesRatio, ratioOf('/2018-03/performances')),
          check(BUDGETS.eventsRatio, ratioOf('/events/')),
          check(BUDGETS.loadRss, results.apiLoad?.rss.peak),
          checkRatio(
            BUDGETS.loadP99,
            results.apiLoad?.load.p99Ms,
            results.apiLoad?.ceiling.p99Ms,
            results.apiLoad?.p99Ratio,
          ),
          check(BUDGETS.loadErrors, results.apiLoad?.load.errors),
        ]
      : []),
    ...(values.only === undefined || values.only === 'web'
      ? [
          check(BUDGETS.initialJs, results.web?.bundle?.initialJsGzipBytes),
          check(BUDGETS.recapLcp, results.web?.recapPage?.medianLcpMs),
          checkRatio(
            BUDGETS.recapSwitch,
            results.web?.recapPage?.medianSwitchMs,
            results.web?.recapPage?.medianFloorSwitchMs,
            results.web?.recapPage?.switchRatio,
          ),
          check(BUDGETS.hostedRecapLcp, results.hosted?.recapPage.medianLcpMs),
          check(BUDGETS.hostedGroupPage, results.hosted && groupPageOwnBytes(results.hosted)),
        ]
      : []),
    ...(results.live ? [check(BUDGETS.livePush, results.live.screen.p95Ms)] : []),
    ...(results.archive && !('skipped' in results.archive)
      ? [
          check(BUDGETS.archiveImport, results.archive.import.seconds),
          check(
            withinTenPercentOf(BUDGETS.archivePerformancesRatio, ratioOf('/2018-03/performances')),
            archiveRatioOf('/2018-03/performances'),
          ),
          check(withinTenPercentOf(BUDGETS.archiveEventsRatio, ratioOf('/events/')), archiveRatioOf('/events/')),
          ...(results.archive.pages ?? []).map((page) => check(archivePageLcp(page), page.medianLcpMs)),
          check(BUDGETS.archiveSearchKeystroke, results.archive.search?.medianMs),
          check(BUDGETS.archiveSearchKeystrokeMax, results.archive.search?.maxMs),
        ]
      : []),
  ];
  results.machine.loadAverageAfter = os.loadavg();
  results.finishedAt = new Date().toISOString();

  mkdirSync(resultsDir, { recursive: true });
  // A live-only run has its own page: latest.* keep the last full run.
  if (values.only !== 'live') {
    writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(resultsDir, 'latest.md'), toMarkdown(results));
  }
  if (results.archive && !('skipped' in results.archive))
    writeFileSync(path.join(resultsDir, 'archive-scale.md'), archiveMarkdown(results));
  if (results.live) {
    writeFileSync(
      path.join(resultsDir, 'live-push.json'),
      `${JSON.stringify({ ...results, api: undefined, apiLoad: undefined, hosted: undefined }, null, 2)}\n`,
    );
    writeFileSync(path.join(resultsDir, 'live-push.md'), liveMarkdown(results.live, results));
  }

  log('');
  if (results.api) log(`${apiTable(results.api)}\n`);
  if (results.apiLoad) log(`${loadTable(results.apiLoad)}\n`);
  log(budgetTable(results));
  log(
    `\nWritten: ${values.only === 'live' ? 'bench/results/live-push.json, bench/results/live-push.md' : 'bench/results/latest.json, bench/results/latest.md'}${results.archive && !('skipped' in results.archive) ? ', bench/results/archive-scale.md' : ''}`,
  );
  if (results.failures.length) {
    log(`Did not run: ${results.failures.map((failure) => failure.part).join(', ')}`);
    return 1;
  }
  return values.strict && results.budgets.some((budget) => budget.pass === false) ? 1 : 0;
}

function git(args: string[]): string {
  try {
    // trimEnd: a porcelain status line starts with a space when the index is unchanged.
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trimEnd();
  } catch {
    return '';
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`bench failed: ${error.message}`);
    process.exitCode = 1;
  },
);

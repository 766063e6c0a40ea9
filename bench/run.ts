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
 * (bench/web/judge-keystroke.ts) and writes bench/results/judge-tablet.md.
 *
 *   npm run bench -- [--only api|web|archive|live|writes|judges|console|tablet] [--archive FOLDER] [--strict] [--rounds N] [--warmup SECONDS] [--duration SECONDS] [--connections N] [--runs N]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOAD_CONNECTIONS, measureManyConnections } from './api/many-connections.js';
import { measureThroughput } from './api/throughput.js';
import { concurrentWritesMarkdown, measureConcurrentWrites } from './api/concurrent-writes.js';
import { judgesEnteringMarkdown, measureJudgesEntering } from './api/judges-entering.js';
import { judgeTabletMarkdown, measureJudgeTablet } from './web/judge-keystroke.js';
import { consolePushMarkdown, measureConsolePush } from './api/console-push.js';
import { archivePageLcp, BUDGETS, check, withinTenPercentOf } from './lib/budgets.js';
import { archiveSkipReason, measureArchive } from './archive/measure-archive.js';
import { biggestRecap } from './lib/biggest-recap.js';
import { apiTable, archiveMarkdown, budgetTable, loadTable, toMarkdown, type BenchResults } from './lib/report.js';
import { median } from './lib/stats.js';
import { buildWebApp, measureBundle } from './web/bundle-size.js';
import { CPU_SLOWDOWN, FAST_3G, measureRecapPage, PHONE, TAP_CONTACT_MS } from './web/recap-page.js';
import { startStack } from './web/stack.js';
import { measureHosted } from './hosted/measure-hosted.js';
import { groupPageOwnBytes } from './hosted/report.js';
import { liveMarkdown } from './live/live-report.js';
import { measureLive } from './live/measure-live.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');

/** The parts a full run measures (latest.*); `--only` one of them measures it alone. */
const FULL_RUN_PARTS = ['api', 'web', 'archive', 'live'] as const;
type OwnPagePart = (results: BenchResults, log: (line: string) => void, strict: boolean) => Promise<number>;
/** The show-day parts: each only by `--only`, each with its own results page (bench/results/<page>.md). */
const OWN_PAGE_PARTS: ReadonlyArray<readonly [string, OwnPagePart]> = [
  ['writes', (results, log) => writesOnly(results, log)],
  ['judges', judgesOnly],
  ['console', consoleOnly],
  ['tablet', tabletOnly],
];
const PARTS = [...FULL_RUN_PARTS, ...OWN_PAGE_PARTS.map(([name]) => name)];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
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

  const ownPage = OWN_PAGE_PARTS.find(([name]) => name === values.only);
  if (ownPage) return ownPage[1](results, log, values.strict);

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
            const runs = await measureRecapPage(url, Number(values.runs), log);
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
          check(BUDGETS.loadP99, results.apiLoad?.load.p99Ms),
          check(BUDGETS.loadErrors, results.apiLoad?.load.errors),
        ]
      : []),
    ...(values.only === undefined || values.only === 'web'
      ? [
          check(BUDGETS.initialJs, results.web?.bundle?.initialJsGzipBytes),
          check(BUDGETS.recapLcp, results.web?.recapPage?.medianLcpMs),
          check(BUDGETS.recapSwitch, results.web?.recapPage?.medianSwitchMs),
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

/** A part run alone writes its own results page (NAME.md) and data (NAME.json); latest.* stays untouched. */
function writeOwnPage(
  results: BenchResults,
  name: string,
  /** made once the load average after the run is known */
  markdown: () => string,
  report: Record<string, unknown>,
  log: (line: string) => void,
): void {
  results.machine.loadAverageAfter = os.loadavg();
  results.finishedAt = new Date().toISOString();
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.md`), markdown());
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify({ ...results, ...report }, null, 2)}\n`);
  log(`\nWritten: bench/results/${name}.md, bench/results/${name}.json`);
}

/** Show-day score entry alone: its own results page, latest.* untouched. */
async function writesOnly(results: BenchResults, log: (line: string) => void): Promise<number> {
  log('Show-day score entry: 30 writers entering one round');
  const report = await measureConcurrentWrites({ writers: 30, writesPerWriter: 10 }, log);
  writeOwnPage(
    results,
    'concurrent-writes',
    () => concurrentWritesMarkdown(report, results.machine, results.startedAt, results.commit),
    { concurrentWrites: report },
    log,
  );
  return report.runs.some((run) => run.wrongResults > 0) ? 1 : 0;
}

/** Show day through the judges alone: 30 judge users entering one round; its own results page. */
async function judgesOnly(results: BenchResults, log: (line: string) => void, strict: boolean): Promise<number> {
  log('Show day through the judges: 30 judge users entering one 40-performance round');
  const report = await measureJudgesEntering(log);
  writeOwnPage(
    results,
    'judges-entering',
    () => judgesEnteringMarkdown(report, results.machine, results.startedAt, results.commit),
    { judgesEntering: report },
    log,
  );
  // a write refused or never seen is a failure to run; slow figures fail only --strict, as the other budgets
  const runs = [report.paced, report.backToBack];
  if (runs.some((run) => run.notOk > 0 || run.unseen > 0)) return 1;
  return strict && (report.paced.p95Ms >= 150 || report.paced.progressP95Ms >= 1000) ? 1 : 0;
}

/** The judge's tablet alone: a keystroke to the painted score and own rank, and where the judge's code loads. */
async function tabletOnly(results: BenchResults, log: (line: string) => void, strict: boolean): Promise<number> {
  log("The judge's tablet: keystrokes on /judge, 4x CPU slowdown");
  const report = await measureJudgeTablet(log);
  writeOwnPage(
    results,
    'judge-tablet',
    () => judgeTabletMarkdown(report, results.machine, results.startedAt, results.commit),
    { judgeTablet: report },
    log,
  );
  // the judge's code in the fans' pages is a failure whatever --strict says: it is a rule, not a speed
  if (report.judgeTextsInInitialJs.length > 0 || report.judgeChunksLoadedOnHome.length > 0) return 1;
  return strict && report.p95Ms >= 50 ? 1 : 0;
}

/** A judge's entry to the tabulator's console, pushed, with 30 judges entering; its own results page. */
async function consoleOnly(results: BenchResults, log: (line: string) => void, strict: boolean): Promise<number> {
  log("A judge's entry to the console: 30 judge users entering, the console watching through the BFF's push");
  const report = await measureConsolePush(log);
  writeOwnPage(
    results,
    'console-push',
    () => consolePushMarkdown(report, results.machine, results.startedAt, results.commit),
    { consolePush: report },
    log,
  );
  if (report.run.notOk > 0 || report.run.unseen > 0) return 1;
  return strict && report.run.progressP95Ms >= 2000 ? 1 : 0;
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

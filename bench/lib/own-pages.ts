/**
 * The parts of `npm run bench` that run only by `--only NAME`, each with its own results page
 * (bench/results/<page>.md and .json; latest.* stays untouched): show-day score entry, the judges, the console, the
 * judge's tablet, the release moment at 10,000 open pages, commentary. Each prints its budgets with their floors, and
 * answers the exit code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  commentaryBudgets,
  commentaryFailures,
  commentaryKeystrokeBudget,
  commentaryUploadsMarkdown,
  measureCommentaryUploads,
} from '../api/commentary-uploads.js';
import { concurrentWritesMarkdown, measureConcurrentWrites } from '../api/concurrent-writes.js';
import { consolePushMarkdown, measureConsolePush } from '../api/console-push.js';
import { judgesBudgets, judgesEnteringMarkdown, measureJudgesEntering } from '../api/judges-entering.js';
import { measureRelease, RELEASE_STREAMS } from '../live/release-moment.js';
import { releaseBudgets, releaseMarkdown } from '../live/release-report.js';
import { buildWebApp } from '../web/bundle-size.js';
import { judgeTabletMarkdown, measureJudgeTablet, phaseText, tabletBudgets } from '../web/judge-keystroke.js';
import { blocksText } from '../web/keystroke-blocks.js';
import { BUDGETS, check, type BudgetCheck } from './budgets.js';
import { budgetTable, type BenchResults } from './report.js';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

type OwnPagePart = (results: BenchResults, log: (line: string) => void, strict: boolean) => Promise<number>;

/** Each part by its `--only` name, and the results page it writes (bench/results/<page>.json). */
export const OWN_PAGE_PARTS: ReadonlyArray<{ name: string; page: string; run: OwnPagePart }> = [
  { name: 'writes', page: 'concurrent-writes', run: (results, log) => writesOnly(results, log) },
  { name: 'judges', page: 'judges-entering', run: judgesOnly },
  { name: 'console', page: 'console-push', run: consoleOnly },
  { name: 'tablet', page: 'judge-tablet', run: tabletOnly },
  { name: 'release', page: 'release-moment', run: releaseOnly },
  { name: 'commentary', page: 'commentary-uploads', run: commentaryOnly },
];

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
  return ownPageVerdict(judgesBudgets(report), log, strict);
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
  return ownPageVerdict(tabletBudgets(report), log, strict);
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
  return ownPageVerdict([check(BUDGETS.consolePush, report.run.progressP95Ms)], log, strict);
}

/** The release moment: 10,000 open live pages on two BFFs over PostgreSQL, and on the embedded default. */
async function releaseOnly(results: BenchResults, log: (line: string) => void, strict: boolean): Promise<number> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'marching-bench-release-'));
  try {
    const staticDir = path.join(workDir, 'dist');
    log(`The release moment: ${RELEASE_STREAMS.toLocaleString('en-US')} open live pages`);
    log('Web app: vite build (into a temporary directory)');
    buildWebApp(staticDir);
    const report = await measureRelease({ workDir, staticDir }, log);
    writeOwnPage(results, 'release-moment', () => releaseMarkdown(report, results), { releaseMoment: report }, log);
    // a stream never told is a failure to run, whatever --strict says
    if (report.configurations.some((configuration) => configuration.streamEvent.missed > 0)) return 1;
    return ownPageVerdict(releaseBudgets(report), log, strict);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Commentary on show day alone: the judges uploading while entering, and the keystroke while recording. */
async function commentaryOnly(results: BenchResults, log: (line: string) => void, strict: boolean): Promise<number> {
  if (process.env.BENCH_COMMENTARY_KEYSTROKES_ONLY === '1') return commentaryKeystrokesOnly(log, strict);
  log("Commentary: 30 judges uploading 6-minute recordings while entering, and the judge's keystroke while recording");
  const report = await measureCommentaryUploads(log);
  writeOwnPage(
    results,
    'commentary-uploads',
    () => commentaryUploadsMarkdown(report, results.machine, results.startedAt, results.commit),
    { commentaryUploads: report },
    log,
  );
  if (commentaryFailures(report) > 0) return 1;
  return ownPageVerdict(commentaryBudgets(report), log, strict);
}

/**
 * BENCH_COMMENTARY_KEYSTROKES_ONLY=1: the commentary part's keystroke measure alone (a few minutes, not the whole
 * part's), to try a change of the recording page; its budget printed, no results page written (the part's page is
 * the whole part's run).
 */
async function commentaryKeystrokesOnly(log: (line: string) => void, strict: boolean): Promise<number> {
  log("Commentary, the keystroke alone (BENCH_COMMENTARY_KEYSTROKES_ONLY): the judge's keystroke while recording");
  const keystrokes = await measureJudgeTablet(log, { recording: true });
  const recording = keystrokes.whileRecording;
  if (!recording) return 1;
  const all = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  log(
    `  not recording: median ${keystrokes.medianMs.toFixed(0)} ms, p95 ${keystrokes.p95Ms.toFixed(0)} ms (${all(keystrokes.keystrokeMs)})`,
  );
  log(
    `  recording: median ${recording.medianMs.toFixed(0)} ms, p95 ${recording.p95Ms.toFixed(0)} ms (${all(recording.keystrokeMs)})`,
  );
  log(`  ${blocksText(recording)}`);
  log(`  the bare page: median ${keystrokes.bare.medianMs.toFixed(0)} ms`);
  log(`  phases not recording: ${phaseText(recording.notRecordingPhaseMedians)}`);
  log(`  phases recording: ${phaseText(recording.phaseMedians)}`);
  return ownPageVerdict([commentaryKeystrokeBudget(keystrokes)], log, strict);
}

/** An own-page part's budgets, printed with their floors as the full run's are; with --strict a FAIL exits 1. */
function ownPageVerdict(budgets: BudgetCheck[], log: (line: string) => void, strict: boolean): number {
  log(`\n${budgetTable({ budgets })}`);
  return strict && budgets.some((budget) => budget.pass === false) ? 1 : 0;
}

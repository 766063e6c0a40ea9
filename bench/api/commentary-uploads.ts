/**
 * Commentary on show day (`npm run bench -- --only commentary`), three figures of one run, each against its floor
 * measured in the same run:
 *
 * - the judges' writes: 30 judges enter their 40-performance round paced (judges-entering.ts) while each uploads a
 *   6-minute recording (tablets-recording.ts), write p95 against the same round on a new API without uploads;
 * - the API's resident memory: what it grew while the judges uploaded (the API runs in this process), as it must not
 *   hold the recordings (72 MB between them) in memory;
 * - the judge's keystroke on /judge (judge-keystroke.ts): typed while the page records (Chromium's fake
 *   microphone) and uploads, against the same page and keystrokes not recording, in alternating blocks.
 *
 * The show is compressed as the judges' run is: the round's 40 sheets in 200 s, the 6 minutes of sound in the same
 * 200 s, so a judge's appends come 1.8 times as often as a tablet's (an append every 5 s of sound: recorder.ts).
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { BUDGETS, check, checkRatio, type BudgetCheck } from '../lib/budgets.js';
import { budgetTable } from '../lib/report.js';
import { percentile } from '../lib/stats.js';
import { measureJudgeTablet, phaseText, type JudgeTabletReport } from '../web/judge-keystroke.js';
import { blocksText } from '../web/keystroke-blocks.js';
import { measureJudgesRun, type JudgesEnteringRun } from './judges-entering.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/commentary/chromium-6s.webm', import.meta.url));
const PIECES = fileURLToPath(new URL('../../test/fixtures/commentary/pieces.json', import.meta.url));
const RECORDING_SECONDS = 6 * 60;

export interface CommentaryUploadsReport {
  /** the round without uploads (the writes' floor) */
  withoutUploads: JudgesEnteringRun;
  /** the same round, every judge uploading */
  uploading: JudgesEnteringRun;
  recordingSeconds: number;
  /** the API's resident memory grown while uploading, MB */
  memoryGrowthMb: number;
  keystrokes: JudgeTabletReport;
}

export async function measureCommentaryUploads(log: (line: string) => void): Promise<CommentaryUploadsReport> {
  const sizes = (JSON.parse(readFileSync(PIECES, 'utf8')) as Record<string, number[]>)['chromium-6s.webm'];
  log('  the round without uploads (the floor)');
  const withoutUploads = await measureJudgesRun('paced', log, undefined, { commentary: true });
  log(`  the same round, each judge uploading ${RECORDING_SECONDS / 60} minutes of commentary`);
  const uploading = await measureJudgesRun('paced', log, undefined, {
    commentary: true,
    recording: { fixture: FIXTURE, sizes, seconds: RECORDING_SECONDS },
  });
  const appends = uploading.appends!;
  const memoryGrowthMb = uploading.memory.maxMb - uploading.memory.beforeMb;
  log(
    `    ${appends.latencies.length} appends, ${(appends.bytes / 1024 / 1024).toFixed(1)} MB: p95 ${percentile(appends.latencies, 95).toFixed(0)} ms, not 204: ${appends.notOk}; the API's memory ${uploading.memory.beforeMb.toFixed(0)} MB, at most ${uploading.memory.maxMb.toFixed(0)} MB (+${memoryGrowthMb.toFixed(1)} MB)`,
  );
  log("  the judge's keystroke while recording and uploading, and not");
  const keystrokes = await measureJudgeTablet(log, { recording: true });
  return { withoutUploads, uploading, recordingSeconds: RECORDING_SECONDS, memoryGrowthMb, keystrokes };
}

export const commentaryBudgets = (report: CommentaryUploadsReport): BudgetCheck[] => [
  checkRatio(BUDGETS.commentaryWrites, report.uploading.p95Ms, report.withoutUploads.p95Ms),
  check(BUDGETS.commentaryMemory, report.memoryGrowthMb),
  commentaryKeystrokeBudget(report.keystrokes),
];

/** The keystroke while recording and uploading over the same page's not recording, medians of the same run. */
export const commentaryKeystrokeBudget = (keystrokes: JudgeTabletReport): BudgetCheck =>
  checkRatio(BUDGETS.commentaryKeystroke, keystrokes.whileRecording?.medianMs, keystrokes.medianMs);

/** What must hold for the figures to mean anything: every write and every append answered as it should be. */
export const commentaryFailures = (report: CommentaryUploadsReport): number =>
  report.withoutUploads.notOk +
  report.uploading.notOk +
  (report.uploading.appends?.notOk ?? 1) +
  (report.keystrokes.whileRecording ? 0 : 1);

export function commentaryUploadsMarkdown(
  report: CommentaryUploadsReport,
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] },
  startedAt: string,
  commit: string,
): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const { withoutUploads, uploading, keystrokes } = report;
  const appends = uploading.appends;
  const row = (name: string, run: JudgesEnteringRun) =>
    `| ${name} | ${run.writes} | ${run.seconds.toFixed(1)} | ${run.p50Ms.toFixed(0)} | ${run.p95Ms.toFixed(0)} | ${run.maxMs.toFixed(0)} | ${run.notOk} | ${run.memory.beforeMb.toFixed(0)} | ${run.memory.maxMb.toFixed(0)} |`;
  const recording = keystrokes.whileRecording;
  const failures = commentaryFailures(report);
  return [
    "# Commentary on show day: 30 judges uploading while they enter, and the judge's keystroke while recording",
    '',
    `Run ${startedAt} on commit ${commit.slice(0, 12)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; load average (1/5/15 min) ${load(machine.loadAverageBefore)} before, ${load(machine.loadAverageAfter)} after.`,
    '',
    `${uploading.judges} judge users enter ${uploading.performances} performances of one round paced, on the embedded database, with the event's commentary on (bench/api/judges-entering.ts); in the second run each also uploads a ${report.recordingSeconds / 60}-minute recording (a real Chromium WebM's pieces, 5 s of sound an append as the tablet's recorder sends them, at the API's offset: bench/api/tablets-recording.ts), spread over the round. The writes' floor is the first run. The API runs in the bench's process: its resident memory is sampled every 100 ms while the judges enter. The keystrokes are the tablet part's (4x CPU), on a page whose event records commentary, in one page session: blocks of six rounds (24 keystrokes), every block the same numbers, in pairs of one block typed while the page records through Chromium's fake microphone and uploads and one not, recording first in every other pair (ABBA), a block of each typed first as a warm-up and not counted (bench/web/keystroke-blocks.ts). After each recording the next block waits until the API has finished it.`,
    '',
    budgetTable({ budgets: commentaryBudgets(report) }),
    '',
    '| Rule | Limit | Found | Result |',
    '| --- | --- | --- | --- |',
    `| Writes not 200, appends not 204, a block not recorded | 0 | ${failures} | ${failures === 0 ? 'PASS' : 'FAIL'} |`,
    '',
    '| Run | Writes | Seconds | p50 ms | p95 ms | max ms | Not 200 | RSS before MB | RSS max MB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row('without uploads', withoutUploads),
    row('uploading', uploading),
    '',
    appends
      ? `Appends: ${appends.latencies.length}, ${(appends.bytes / 1024 / 1024).toFixed(1)} MB confirmed, p50 ${percentile(appends.latencies, 50).toFixed(0)} ms, p95 ${percentile(appends.latencies, 95).toFixed(0)} ms, not 204: ${appends.notOk}.`
      : 'Appends: none ran.',
    '',
    recording
      ? `Keystrokes (keydown to the painted score and own rank): not recording median ${keystrokes.medianMs.toFixed(0)} ms, p95 ${keystrokes.p95Ms.toFixed(0)} ms (${keystrokes.keystrokeMs.length}); recording and uploading median ${recording.medianMs.toFixed(0)} ms, p95 ${recording.p95Ms.toFixed(0)} ms (${recording.keystrokeMs.length}, ${recording.recordings} recordings). ${blocksText(recording)}. The bare page: median ${keystrokes.bare.medianMs.toFixed(0)} ms. Where a keystroke's time goes (medians), not recording: ${phaseText(recording.notRecordingPhaseMedians)}; recording: ${phaseText(recording.phaseMedians)}.`
      : 'Keystrokes: no block was recorded.',
    '',
    'Timings on a machine shared with other work are noise: the budgets are ratios to floors measured in the same run, and a run on a quiet machine decides them.',
    '',
  ].join('\n');
}

/**
 * The judge's tablet (issue 28, `npm run bench -- --only tablet`): on an emulated tablet (820x1180, touch, 4x CPU
 * slowdown through CDP's Emulation.setCPUThrottlingRate), the time from a keystroke in a subcaption's field (its
 * keydown event's timestamp) to the first frame painted in which both the caption score and the judge's own-rank
 * row show what that keystroke makes. Each keystroke is the real thing: kept in IndexedDB, a draft sent to the API.
 * The round has 12 groups, 11 already scored, so every keystroke re-ranks a list of 12.
 *
 * Beside it, where the judge's code loads: the build's manifest gives the /judge route's own chunks; the fans' first
 * page (/) must load none of them, and no text only the judge's page has may be in the initial JS (whose size the
 * `web` part budgets, and the build refuses past 110 KB).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { enterGroups, scoreEntryClient } from '../../e2e/support/score-entry.js';
import { captionScore, formatCaptionScore, type SheetLine } from '../../src/features/judge-tablet/utils/sheet.js';
import { freePort } from '../../test/helpers/free-port.js';
import { isolatedEnv } from '../lib/service.js';
import { startNpmStart } from '../lib/start-process.js';
import { BUDGETS, checkRatio, type BudgetCheck } from '../lib/budgets.js';
import { budgetTable } from '../lib/report.js';
import { median, percentile } from '../lib/stats.js';
import { buildWebApp, measureBundle } from './bundle-size.js';
import { fakeMicrophoneWav } from '../../e2e/support/fake-microphone.js';
import { launchChromium } from './phone.js';
import { CPU_SLOWDOWN } from './recap-page.js';
import {
  recordingBlocks,
  summarizeBlocks,
  TABLET_BLOCKS,
  type BlocksSummary,
  type TypedBlock,
} from './keystroke-blocks.js';

export const TABLET = { width: 820, height: 1180 };
const JUDGE_ROUTE_MODULE = 'src/app/routes/judge-tablet.tsx';
/** Words only the judge's page shows: none may be in the fans' initial JS. */
const JUDGE_ONLY_TEXTS = ['Caption score', 'Print sheets', 'Needs your decision', 'Keep the current numbers'];
const PASSWORD = 'a long benchmark password';
const GROUPS = 12;
const ROUNDS = 16;
const TIMEOUT_MS = 120_000;

export interface JudgeTabletReport {
  keystrokeMs: number[];
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** each phase's median over the keystrokes (they need not add up to the keystrokes' median) */
  phaseMedians: KeystrokePhases;
  /** the same keystrokes on a bare page (BARE_PAGE): the browser's and the machine's floor, not budgeted */
  bare: { keystrokeMs: number[]; medianMs: number; p95Ms: number };
  cpuSlowdown: number;
  /** the chunks only the /judge route loads (not the initial JS, not shared with another route), gzip */
  judgeRouteJs: { file: string; gzipBytes: number }[];
  judgeRouteJsGzipBytes: number;
  initialJsGzipBytes: number;
  /** judge-only texts found in the initial JS (must be none) */
  judgeTextsInInitialJs: string[];
  /** the /judge route's chunks the fans' home page loaded (must be none) */
  judgeChunksLoadedOnHome: string[];
  /** the /judge route's chunks the judge's page loaded (must be some: the check means something) */
  judgeChunksLoadedOnJudge: number;
  /**
   * with `recording`: the keystrokes typed while the page recorded and uploaded (the others are `keystrokeMs`), in
   * blocks alternating with the others (keystroke-blocks.ts); the warm-up blocks are in neither
   */
  whileRecording?: BlocksSummary & {
    keystrokeMs: number[];
    medianMs: number;
    p95Ms: number;
    /** recordings made, the warm-up's among them */
    recordings: number;
    warmUpBlocks: number;
    /** the phases' medians of these keystrokes, and of the others (not recording) beside them */
    phaseMedians: KeystrokePhases;
    notRecordingPhaseMedians: KeystrokePhases;
  };
}

/** A keystroke's time in its phases, each from the one before (ms). */
export interface KeystrokePhases {
  /** keydown to the input event: the key's events and the browser's edit of the field (with its layout) */
  edit: number;
  /** the input event to the DOM showing the score and the rank: React's render and commit */
  render: number;
  /** that DOM to the next animation frame's start: what else ran meanwhile, and the wait for the frame */
  toFrame: number;
  /** the frame: style, layout, paint and the commit to the compositor, until a task after it runs */
  frame: number;
}

interface KeystrokeWindow {
  __judge: {
    start: number;
    input: number;
    dom: number;
    frameStart: number;
    ms: number | null;
    score: string;
    rank: number;
  };
}

/**
 * Installed before the app: times a keystroke in a sheet's field to the frame painted with its caption score in the
 * sheet's output and in the own-rank table's current row, at the expected rank.
 */
function observeKeystrokes() {
  const state = { start: 0, input: 0, dom: 0, frameStart: 0, ms: null as number | null, score: '', rank: 0 };
  (window as unknown as KeystrokeWindow).__judge = state;
  document.addEventListener(
    'keydown',
    (event) => {
      if ((event.target as HTMLElement).getAttribute('inputmode') !== 'decimal') return;
      state.start = event.timeStamp;
      state.input = 0;
      state.ms = null;
    },
    true,
  );
  // Capture on the document: before React's own listener (on its root) renders anything.
  document.addEventListener(
    'input',
    () => {
      if (state.start !== 0 && state.ms === null && state.input === 0) state.input = performance.now();
    },
    true,
  );
  let waiting = false;
  new MutationObserver(() => {
    if (state.start === 0 || state.ms !== null || waiting) return;
    const output = document.querySelector('form output');
    const row = document.querySelector('tr[aria-current="true"]');
    const cells = row?.querySelectorAll('td');
    if (!output || !cells || output.textContent !== state.score) return;
    if (cells[cells.length - 1].textContent !== state.score) return;
    if (!new RegExp(`^${state.rank}(tie)?$`).test(cells[0].textContent ?? '')) return;
    waiting = true;
    state.dom = performance.now();
    // The frame that paints this DOM: the next animation frame, and a task after it (the paint itself).
    requestAnimationFrame(() => {
      state.frameStart = performance.now();
      setTimeout(() => {
        state.ms = performance.now() - state.start;
        waiting = false;
      }, 0);
    });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/**
 * `recording`: the seat's event records commentary, and the keystrokes are typed in blocks, half of them while the page
 * records (Chromium's fake microphone) and uploads (keystroke-blocks.ts); those are reported apart (`whileRecording`).
 */
export async function measureJudgeTablet(
  log: (line: string) => void,
  options: { recording?: boolean } = {},
): Promise<JudgeTabletReport> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-tablet-'));
  try {
    const outDir = path.join(workDir, 'dist');
    log('  building the web app');
    buildWebApp(outDir);
    const where = judgeCodeWhere(outDir);
    const env = isolatedEnv({
      DATA_DIR: path.join(workDir, 'data'),
      API_PORT: String(await freePort()),
      SKIP_WEB_BUILD: '1',
      BFF_STATIC_DIR: outDir,
    });
    const cli = (args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const organization = JSON.parse(cli(['org', 'create', '--name', 'Tablet Circuit'])) as { guid: string };
    cli(['sample', '--org', organization.guid]);
    const key = JSON.parse(cli(['key', 'create', '--org', organization.guid, '--name', 'Tabulation room'])) as {
      client_id: string;
      client_secret: string;
    };
    const logFile = path.join(workDir, 'stack.log');
    const stack = await startNpmStart(env, await freePort(), logFile);
    try {
      const apiLine = readFileSync(logFile, 'utf8')
        .split('\n')
        .find((line) => line.includes('"API listening"'));
      if (!apiLine) throw new Error(`the stack did not say where its API listens (see ${logFile})`);
      const scoreEntry = await scoreEntryClient({
        apiURL: (JSON.parse(apiLine) as { url: string }).url,
        caFile: path.join(workDir, 'data', 'tls', 'cert.pem'),
        scoreEntry: { clientId: key.client_id, clientSecret: key.client_secret },
      } as Parameters<typeof scoreEntryClient>[0]);
      const show = await setUpShow(scoreEntry, options.recording === true);
      return { ...(await typeOnTablet(stack.baseUrl, show, where, log, options.recording === true)), ...where.report };
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

interface Show {
  competitionId: number;
  divisionId: number;
  lines: SheetLine[];
  /** the 11 groups' caption scores already in */
  others: number[];
  last: { performanceId: number };
  passwordLink: string;
  email: string;
}

/** A round of 12 groups in Scholastic World, 11 scored on GE1 already, and a judge user seated on GE1. */
async function setUpShow(
  scoreEntry: Awaited<ReturnType<typeof scoreEntryClient>>,
  commentaryEnabled: boolean,
): Promise<Show> {
  const run = Math.random().toString(16).slice(2, 8);
  const season = (await scoreEntry.get<{ data: { id: number; current: boolean }[] }>('/seasons/')).data.find(
    (candidate) => candidate.current,
  )!;
  const division = (
    await scoreEntry.get<{ data: { id: number; name: string }[] }>('/divisions/?groupTypeId=1')
  ).data.find((candidate) => candidate.name === 'Scholastic World')!;
  const today = new Date().toISOString();
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    {
      seasonId: season.id,
      name: `Tablet Bench ${run}`,
      eventTypeId: 1,
      startDate: today.slice(0, 10),
      ...(commentaryEnabled ? { commentaryEnabled } : {}),
    },
    201,
  );
  const competition = await scoreEntry.post<{ id: number }>(
    `/events/${event.id}/competitions`,
    { name: `Tablet ${run}`, date: today, groupTypeId: 1, rounds: [{ number: 1, name: 'Finals' }] },
    201,
  );
  const groups = await enterGroups(scoreEntry, {
    competitionId: competition.id,
    divisionId: division.id,
    run,
    shorts: Array.from({ length: GROUPS }, (_, i) => `Group ${String.fromCharCode(65 + i)}`),
  });
  // GE1's lines as the judge's seat gives them (the sample's Color Guard sheet: Rep and Perf, 0.1 each).
  const lines: SheetLine[] = [
    { key: 'rep', name: 'Rep', initials: 'Rep', max: 100, step: 0.001, weight: 0.1 },
    { key: 'perf', name: 'Perf', initials: 'Perf', max: 100, step: 0.001, weight: 0.1 },
  ];
  const others: number[] = [];
  for (const [i, group] of groups.slice(0, -1).entries()) {
    const scores = [
      { subcaptionKey: 'rep', score: 40 + i * 5 },
      { subcaptionKey: 'perf', score: 42 + i * 5 },
    ];
    await scoreEntry.post(`/performances/${group.performanceId}/scores`, { captionKey: 'ge1', scores });
    others.push(captionScore(lines, scores));
  }
  const email = `tablet-${run}@example.com`;
  const judge = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
    '/users/',
    { email, role: 'judge', firstName: 'Tab', lastName: `Judge ${run}` },
    201,
  );
  await scoreEntry.post(
    `/competitions/${competition.id}/judges`,
    { round: 1, divisionId: division.id, captionKey: 'ge1', userId: judge.id },
    200,
  );
  return {
    competitionId: competition.id,
    divisionId: division.id,
    lines,
    others,
    last: { performanceId: groups.at(-1)!.performanceId },
    passwordLink: judge.passwordLink.url,
    email,
  };
}

async function typeOnTablet(
  baseUrl: string,
  show: Show,
  where: ReturnType<typeof judgeCodeWhere>,
  log: (line: string) => void,
  recording: boolean,
): Promise<
  Pick<
    JudgeTabletReport,
    | 'whileRecording'
    | 'keystrokeMs'
    | 'medianMs'
    | 'p95Ms'
    | 'maxMs'
    | 'phaseMedians'
    | 'bare'
    | 'cpuSlowdown'
    | 'judgeChunksLoadedOnHome'
    | 'judgeChunksLoadedOnJudge'
  >
> {
  const browser = await launchChromium(recording ? fakeMicrophoneArgs() : []);
  try {
    const context = await browser.newContext({
      ...(recording ? { permissions: ['microphone'] } : {}),
      viewport: TABLET,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      ignoreHTTPSErrors: true,
      locale: 'en-US',
      timezoneId: 'America/Chicago',
    });
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('request', (request) => loaded.add(new URL(request.url()).pathname.slice(1)));

    // The fans' first page: none of the judge's chunks.
    await page.goto(`${baseUrl}/`, { timeout: TIMEOUT_MS, waitUntil: 'networkidle' });
    const judgeChunksLoadedOnHome = where.judgeFiles.filter((file) => loaded.has(file));

    // The judge signs in (a password on the one-time link, then the BFF's sign-in) and opens the last group's sheet.
    await page.goto(show.passwordLink, { timeout: TIMEOUT_MS });
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Your password is set' }).waitFor({ timeout: TIMEOUT_MS });
    await page.goto(`${baseUrl}/auth/sign-in?returnTo=/judge`, { timeout: TIMEOUT_MS });
    await page.getByLabel('Email').fill(show.email);
    await page.getByLabel('Password').fill(PASSWORD);
    loaded.clear();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/judge$/, { timeout: TIMEOUT_MS });
    await page.addInitScript({ content: `var __name = (target) => target; (${observeKeystrokes.toString()})();` });
    await page.goto(
      `${baseUrl}/judge?seat=${show.competitionId}.${show.divisionId}.1.ge1&performance=${show.last.performanceId}`,
      { timeout: TIMEOUT_MS },
    );
    await page.getByRole('textbox', { name: 'Rep' }).waitFor({ timeout: TIMEOUT_MS });
    const judgeChunksLoadedOnJudge = where.judgeFiles.filter((file) => loaded.has(file)).length;

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // BENCH_TABLET_PROFILE=file.cpuprofile keeps a CPU profile of the typing (open it in Chrome's DevTools).
    const profileFile = process.env.BENCH_TABLET_PROFILE;
    // BENCH_TABLET_TRACE=file.json keeps a performance trace of it (style, layout and paint too; DevTools opens it).
    const traceFile = process.env.BENCH_TABLET_TRACE;
    if (traceFile) await browser.startTracing(page, { path: traceFile, screenshots: false });
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }

    const typed = { rep: '', perf: '' };
    const counted: (TypedBlock & { phases: KeystrokePhases[] })[] = [];
    let recordings = 0;
    const blocks = recording ? recordingBlocks() : TABLET_BLOCKS;
    for (const [index, block] of blocks.entries()) {
      if (block.recording) {
        await startRecording(page);
        recordings++;
      }
      const typedBlock = { recording: block.recording, keystrokeMs: [] as number[], phases: [] as KeystrokePhases[] };
      for (const round of block.rounds) {
        for (const line of ['rep', 'perf'] as const) {
          const field = page.getByRole('textbox', { name: line === 'rep' ? 'Rep' : 'Perf' });
          await field.focus();
          await page.evaluate(() => {
            (window as unknown as KeystrokeWindow).__judge.score = '';
          });
          // Cleared between rounds, not timed (an empty field takes the row out of the list).
          await field.press('ControlOrMeta+a');
          await field.press('Backspace');
          typed[line] = '';
          await page.waitForTimeout(150);
          for (const digit of digitsOf(round, line)) {
            typed[line] += digit;
            const done = await typeDigit(page, show, typed, digit);
            typedBlock.keystrokeMs.push(done.ms!);
            typedBlock.phases.push({
              edit: done.input - done.start,
              render: done.dom - done.input,
              toFrame: done.frameStart - done.dom,
              frame: done.start + done.ms! - done.frameStart,
            });
          }
        }
      }
      if (block.recording) await stopRecording(page, recordings);
      if (block.counted) counted.push(typedBlock);
      log(
        `  block ${index + 1} of ${blocks.length}${block.recording ? ' (recording)' : ''}${block.counted ? '' : ' (warm-up, not counted)'}: median ${median(typedBlock.keystrokeMs).toFixed(0)} ms (${typedBlock.keystrokeMs.map((ms) => ms.toFixed(0)).join(', ')})`,
      );
    }
    const side = (recordingSide: boolean) => counted.filter((block) => block.recording === recordingSide);
    const keystrokeMs = side(false).flatMap((block) => block.keystrokeMs);
    const recordingMs = side(true).flatMap((block) => block.keystrokeMs);
    const phasesOf = (recordingSide: boolean) => side(recordingSide).flatMap((block) => block.phases);
    if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (traceFile) await browser.stopTracing();
    log('  the same keystrokes on a bare page (the floor)');
    const bareMs = await typeOnBarePage(context);
    await context.close();
    return {
      ...(recording
        ? {
            whileRecording: {
              keystrokeMs: recordingMs,
              medianMs: median(recordingMs),
              p95Ms: percentile(recordingMs, 95),
              recordings,
              warmUpBlocks: blocks.filter((block) => !block.counted).length,
              ...summarizeBlocks(counted),
              phaseMedians: phaseMediansOf(phasesOf(true)),
              notRecordingPhaseMedians: phaseMediansOf(phasesOf(false)),
            },
          }
        : {}),
      keystrokeMs,
      medianMs: median(keystrokeMs),
      p95Ms: percentile(keystrokeMs, 95),
      maxMs: Math.max(...keystrokeMs),
      phaseMedians: phaseMediansOf([...phasesOf(false), ...phasesOf(true)]),
      bare: { keystrokeMs: bareMs, medianMs: median(bareMs), p95Ms: percentile(bareMs, 95) },
      cpuSlowdown: CPU_SLOWDOWN,
      judgeChunksLoadedOnHome,
      judgeChunksLoadedOnJudge,
    };
  } finally {
    await browser.close();
  }
}

const phaseMediansOf = (phases: KeystrokePhases[]): KeystrokePhases => ({
  edit: median(phases.map((phase) => phase.edit)),
  render: median(phases.map((phase) => phase.render)),
  toFrame: median(phases.map((phase) => phase.toFrame)),
  frame: median(phases.map((phase) => phase.frame)),
});

/** Chromium's fake microphone playing a voice-like tone (e2e/support/fake-microphone.ts), allowed without asking. */
const fakeMicrophoneArgs = () => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${fakeMicrophoneWav()}`,
];

/**
 * Types one digit in the focused field and waits for the frame that paints what it makes: the caption score, and the
 * own-rank row at its rank among the 11 others.
 */
async function typeDigit(page: Page, show: Show, typed: { rep: string; perf: string }, digit: string) {
  const scores = [
    ...(typed.rep ? [{ subcaptionKey: 'rep', score: Number(typed.rep) }] : []),
    ...(typed.perf ? [{ subcaptionKey: 'perf', score: Number(typed.perf) }] : []),
  ];
  const mine = captionScore(show.lines, scores);
  const rank = 1 + show.others.filter((other) => other > mine).length;
  await page.evaluate(
    ([score, expectedRank]) => {
      const state = (window as unknown as KeystrokeWindow).__judge;
      state.score = score;
      state.rank = expectedRank;
    },
    [formatCaptionScore(mine), rank] as const,
  );
  await page.keyboard.press(digit);
  await waitForPaint(page);
  return page.evaluate(() => ({ ...(window as unknown as KeystrokeWindow).__judge }));
}

/** Records the open sheet's performance, and waits until its first pieces are kept and on their way. */
async function startRecording(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Record / }).click({ timeout: TIMEOUT_MS });
  await page.waitForFunction(
    () => {
      const [minutes = 0, seconds = 0] = (document.querySelector('[role="timer"]')?.textContent ?? '0:00')
        .split(':')
        .map(Number);
      return minutes * 60 + seconds >= 2;
    },
    undefined,
    { timeout: TIMEOUT_MS },
  );
}

/**
 * Stops the recording, and waits until the API has all of it and has finished it (its player is on the page: the
 * `recordings`th), so the block after it is typed with nothing recording or uploading.
 */
async function stopRecording(page: Page, recordings: number): Promise<void> {
  await page.getByRole('button', { name: /^Stop/ }).click({ timeout: TIMEOUT_MS });
  await page
    .locator('audio')
    .nth(recordings - 1)
    .waitFor({ state: 'attached', timeout: TIMEOUT_MS });
}

/** Two digits per line, different each round, so every keystroke changes the score and maybe the rank. */
const digitsOf = (round: number, line: 'rep' | 'perf') => [
  String(1 + ((round * 3 + (line === 'rep' ? 1 : 2)) % 9)),
  String((round * 7) % 10),
];

/**
 * The floor under the budget on this machine and browser: the same keystrokes, same tablet and slowdown, on a page of
 * two fields and an output and nothing else (no app, no framework), timed the same way (keydown to the frame painted
 * after the output shows the sum). What the judge's page takes beyond it is ours; the floor itself is the browser's
 * and the machine's, and it moves with the machine (decision 108).
 */
const BARE_PAGE = `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
<label>Rep <input name="rep" inputmode="decimal"></label><label>Perf <input name="perf" inputmode="decimal"></label>
<output></output>
<script>
  const state = (window.__bare = { start: 0, ms: null });
  document.addEventListener('keydown', (event) => { state.start = event.timeStamp; state.ms = null; }, true);
  const fields = [...document.querySelectorAll('input')];
  const output = document.querySelector('output');
  document.addEventListener('input', () => {
    output.textContent = String(fields.reduce((sum, field) => sum + (Number(field.value) || 0), 0) / 10);
    requestAnimationFrame(() => setTimeout(() => { state.ms = performance.now() - state.start; }, 0));
  });
</script>`;

async function typeOnBarePage(context: BrowserContext): Promise<number[]> {
  const page = await context.newPage();
  await page.setContent(BARE_PAGE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const keystrokeMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const line of ['rep', 'perf'] as const) {
      const field = page.locator(`input[name=${line}]`);
      await field.focus();
      await field.press('ControlOrMeta+a');
      await field.press('Backspace');
      await page.waitForTimeout(150);
      for (const digit of digitsOf(round, line)) {
        await page.keyboard.press(digit);
        await page.waitForFunction(() => (window as unknown as { __bare: { ms: number | null } }).__bare.ms !== null);
        keystrokeMs.push(await page.evaluate(() => (window as unknown as { __bare: { ms: number } }).__bare.ms));
      }
    }
  }
  await page.close();
  return keystrokeMs;
}

async function waitForPaint(page: Page) {
  await page.waitForFunction(() => (window as unknown as KeystrokeWindow).__judge.ms !== null, undefined, {
    timeout: 30_000,
  });
}

/** The /judge route's own chunks (manifest), and whether any judge-only text reached the initial JS. */
function judgeCodeWhere(outDir: string) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isDynamicEntry?: boolean }
  >;
  const bundle = measureBundle(outDir);
  const initialFiles = new Set(bundle.initialJs.map((asset) => asset.file));
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  if (!manifest[JUDGE_ROUTE_MODULE]) throw new Error(`the Vite manifest has no ${JUDGE_ROUTE_MODULE}`);
  // The chunks only /judge reaches: not the initial JS, and not a chunk another route shares with it.
  const otherRoutes = new Set<string>();
  for (const key of Object.keys(manifest))
    if (manifest[key].isDynamicEntry && key !== JUDGE_ROUTE_MODULE) closure(key, otherRoutes);
  const judgeFiles = [...closure(JUDGE_ROUTE_MODULE)]
    .filter((key) => !otherRoutes.has(key))
    .map((key) => manifest[key].file)
    .filter((file) => !initialFiles.has(file));
  const initialText = bundle.initialJs.map((asset) => readFileSync(path.join(outDir, asset.file), 'utf8')).join('\n');
  const judgeRouteJs = judgeFiles.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
  }));
  return {
    judgeFiles,
    report: {
      judgeRouteJs,
      judgeRouteJsGzipBytes: judgeRouteJs.reduce((sum, asset) => sum + asset.gzipBytes, 0),
      initialJsGzipBytes: bundle.initialJsGzipBytes,
      judgeTextsInInitialJs: JUDGE_ONLY_TEXTS.filter((text) => initialText.includes(text)),
    },
  };
}

const PHASE_NAMES: Record<keyof KeystrokePhases, string> = {
  edit: "the key's events and the field's edit",
  render: "React's render and commit",
  toFrame: 'the wait for the frame',
  frame: 'the frame (style, layout, paint)',
};

export const phaseText = (phases: KeystrokePhases) =>
  (Object.keys(PHASE_NAMES) as (keyof KeystrokePhases)[])
    .map((phase) => `${PHASE_NAMES[phase]} ${phases[phase].toFixed(1)} ms`)
    .join(', ');

/** The tablet part's budgets: the judge's keystroke over the bare page's, median and p95 (decision 108). */
export const tabletBudgets = (report: JudgeTabletReport): BudgetCheck[] => [
  checkRatio(BUDGETS.tabletKeystrokeMedian, report.medianMs, report.bare.medianMs),
  checkRatio(BUDGETS.tabletKeystrokeP95, report.p95Ms, report.bare.p95Ms),
];

/** The tablet part's own results page (bench/results/judge-tablet.md). */
export function judgeTabletMarkdown(
  report: JudgeTabletReport,
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] },
  startedAt: string,
  commit: string,
): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    "# The judge's tablet: a keystroke to the painted caption score and own rank",
    '',
    `Run ${startedAt} on commit ${commit.slice(0, 12)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; load average (1/5/15 min) ${load(machine.loadAverageBefore)} before, ${load(machine.loadAverageAfter)} after.`,
    '',
    `A judge user signed in through the BFF types on /judge on an emulated tablet (${TABLET.width}x${TABLET.height}, touch, ${report.cpuSlowdown}x CPU slowdown): ${report.keystrokeMs.length} keystrokes, two digits per line in ${ROUNDS} rounds, on the last of ${GROUPS} groups (11 already scored, so each keystroke re-ranks 12). Timed from the keydown event to the frame painted after both the caption score and the own-rank row show the keystroke's number at its rank; every keystroke is also kept in IndexedDB and sent as a draft (bench/web/judge-keystroke.ts).`,
    '',
    budgetTable({ budgets: tabletBudgets(report) }),
    '',
    '| Rule | Limit | Found | Result |',
    '| --- | --- | --- | --- |',
    `| Judge-only texts in the fans' initial JS | none | ${report.judgeTextsInInitialJs.length ? report.judgeTextsInInitialJs.join(', ') : 'none'} | ${pass(report.judgeTextsInInitialJs.length === 0)} |`,
    `| /judge's chunks loaded by the fans' home page | none | ${report.judgeChunksLoadedOnHome.length ? report.judgeChunksLoadedOnHome.join(', ') : 'none'} | ${pass(report.judgeChunksLoadedOnHome.length === 0)} |`,
    '',
    `Keystrokes: median ${report.medianMs.toFixed(0)} ms, p95 ${report.p95Ms.toFixed(0)} ms, slowest ${report.maxMs.toFixed(0)} ms (all: ${report.keystrokeMs.map((ms) => ms.toFixed(0)).join(', ')}).`,
    '',
    `Where a keystroke's time goes (medians): ${phaseText(report.phaseMedians)}.`,
    '',
    `The floor: the same keystrokes on a page of two fields and an output and nothing else, same tablet and slowdown, median ${report.bare.medianMs.toFixed(0)} ms, p95 ${report.bare.p95Ms.toFixed(0)} ms (decision 108). It is the browser's and this machine's, and moves with the machine; the budgets are the judge's page over it. The judge's page takes ${(report.medianMs - report.bare.medianMs).toFixed(0)} ms (median) beyond it.`,
    '',
    `Where the judge's code loads: the fans' initial JS is ${kb(report.initialJsGzipBytes)} gzip (the \`web\` part budgets it at 110 KB, and the build fails past it); /judge's own chunks (shared with no other route), loaded only there (${report.judgeChunksLoadedOnJudge} of ${report.judgeRouteJs.length} seen loading on /judge), are ${kb(report.judgeRouteJsGzipBytes)} gzip: ${report.judgeRouteJs.map((asset) => `${asset.file} ${kb(asset.gzipBytes)}`).join(', ')}.`,
    '',
  ].join('\n');
}

/**
 * Show day through the judges (`npm run bench -- --only judges`): 30 judge users, each signed in through the
 * Authorization Code flow and seated on one caption, enter one 40-performance round at the same time, as tablets do:
 * for each performance in running order a draft, then the submit on its version (POST /performances/{id}/scores with
 * `state` and `baseVersion`). Everything is set up through the API (season, catalogue divisions, event, competition,
 * groups, performances, users, seats), on the embedded database. Meanwhile a tabulator's screen reads
 * GET /competitions/{id}/progress every 250 ms, from the tablets' process (another device, on a connection it keeps,
 * as the console's reads come through the BFF's): an entry's delay is from its submit's answer to the first progress
 * answer, asked after it, in which that performance is no longer missing the caption.
 *
 * Two runs. Paced (reported): the show compressed, every judge's next sheet in the same 5-second window (a draft in
 * its first half, the submit in its second, at random moments), so all 30 judges write in the same seconds, at some
 * 12 writes a second: a real round gives them minutes per performance. Back to back (budgeted): every judge sends
 * its next write as soon as the last is answered, the most the database takes; writes then queue behind each other
 * (the embedded database runs one transaction at a time, in the API's own thread), and latency is the queue's
 * length. After it, on the same database, the floor (judges-floor.ts): the same rows written by 30 bare writers.
 * Statements are counted throughout (test/helpers/statement-count.ts): the work a write costs, which does not move
 * with the machine.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiClient, type Json } from '../../test/api/client.js';
import { startTestApi, type TestApi } from '../../test/helpers/api-server.js';
import { createPerson, REDIRECT_URI } from '../../test/helpers/user-tokens.js';
import { BUDGETS, check, checkRatio, type BudgetCheck } from '../lib/budgets.js';
import { budgetTable } from '../lib/report.js';
import { sampleMemory, type MemorySample } from '../lib/memory.js';
import { percentile } from '../lib/stats.js';
import { countStatements } from '../../test/helpers/statement-count.js';
import { measureBareWrites, type BareWritesFloor } from './judges-floor.js';
import {
  missingOf,
  now,
  type AppendsResult,
  type ProgressReading,
  type RecordingPlan,
  type SubmittedEntry,
  type TabletsMessage,
  type TabletsPlan,
  type TabletsResult,
  type TabletsStop,
} from './tablets-protocol.js';

export interface JudgesEnteringRun {
  pacing: 'paced' | 'back to back';
  judges: number;
  performances: number;
  divisions: number;
  writes: number;
  seconds: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  notOk: number;
  progressReads: number;
  progressP95Ms: number;
  progressMaxMs: number;
  /** submits never seen in progress (must be 0) */
  unseen: number;
  writesPerSecond: number;
  /** statements the database ran while the judges entered, per write (the screen's reads left out; embedded only) */
  statementsPerWrite: number | null;
  /** statements of one progress read */
  statementsPerProgressRead: number | null;
  /** back to back: the same rows written by bare transactions on the same database, after the run */
  floor?: BareWritesFloor;
  /** this process's (the API's) resident memory while the judges entered */
  memory: MemorySample;
  /** the commentary recordings' appends, when the judges uploaded while entering */
  appends?: AppendsResult;
}

/** A run's show: with commentary on (the event's commentaryEnabled), and the judges uploading a recording too. */
export interface RunOptions {
  commentary?: boolean;
  recording?: Omit<RecordingPlan, 'spreadMs'>;
}

export interface JudgesEnteringReport {
  paced: JudgesEnteringRun;
  backToBack: JudgesEnteringRun;
}

const JUDGES = 30;
const WINDOW_MS = 5000;
const POLL_MS = 250;
const PERFORMANCES = 40;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function okBody(answer: { status: number; body: Json; text: string }, status: number, what: string): Json {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
}

const TABLETS = fileURLToPath(new URL('./judges-tablets.ts', import.meta.url));

/**
 * The devices' child process (judges-tablets.ts), entering the plan: each submit is told as it is answered, and each
 * progress read of its tabulator's screen (when the plan has one), so that this process can match them.
 */
function startTablets(
  api: TestApi,
  plan: Omit<TabletsPlan, 'url' | 'ca' | 'windowMs'>,
  onSubmitted: (entry: SubmittedEntry) => void,
) {
  const child = fork(TABLETS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const readings: ProgressReading[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  const result = new Promise<TabletsResult>((resolve, reject) => {
    child.on('message', (message: TabletsMessage) => {
      if (message.submitted) onSubmitted(message.submitted);
      else if (message.progress) {
        readings.push(message.progress);
        wake?.();
      } else if (message.result) resolve(message.result);
      else {
        failure = new Error(`the tablets failed: ${message.error}`);
        reject(failure);
        wake?.();
      }
    });
    child.once('exit', (code) => reject(new Error(`the tablets' process exited (${code}) without an answer`)));
  });
  // a failure is thrown where it is awaited; a reading waited for meanwhile sees it too
  result.catch(() => undefined);
  child.send({ ...plan, url: api.url, ca: api.ca, windowMs: WINDOW_MS } satisfies TabletsPlan);
  return {
    result,
    /** the next progress reading of the devices' screen, or undefined when none came within `ms` */
    async nextReading(ms: number): Promise<ProgressReading | undefined> {
      if (readings.length === 0 && !failure)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      if (failure) throw failure;
      return readings.shift();
    },
    stop() {
      if (child.connected) child.send({ stop: true } satisfies TabletsStop);
    },
  };
}

/** The show under way, for a tabulator's screen to watch: where it is and the tabulator's own token. */
export interface ShowUnderWay {
  api: TestApi;
  orgGuid: string;
  competitionId: number;
  tabulatorToken: string;
}

/**
 * A tabulator's screen that reads in this process (bench/api/console-push.ts's: the console through the BFF, when
 * its stream of changes says so). Without one, the screen is the devices' process's, reading progress every POLL_MS.
 */
export interface TabulatorScreen {
  /** the next read of the progress view it made, or undefined when it made none for a while (look again) */
  next(): Promise<ProgressReading | undefined>;
  close(): Promise<void>;
}
export type OpenScreen = (show: ShowUnderWay) => Promise<TabulatorScreen>;

/** A read of the progress view as a screen in this process makes it: timed around `read`. */
export async function readingOf(read: () => Promise<Json>): Promise<ProgressReading> {
  const asked = now();
  const progress = await read();
  return { asked, answered: now(), missing: missingOf(progress) };
}

/** One run on a new API: the show set up, the judges entering, `screen` watching (the API's progress polled). */
export async function measureJudgesRun(
  pacing: JudgesEnteringRun['pacing'],
  log: (line: string) => void,
  screen?: OpenScreen,
  options: RunOptions = {},
): Promise<JudgesEnteringRun> {
  const api = await startTestApi();
  try {
    return await run(api, pacing, log, screen, options);
  } finally {
    await api.stop();
  }
}

export async function measureJudgesEntering(log: (line: string) => void): Promise<JudgesEnteringReport> {
  return { paced: await measureJudgesRun('paced', log), backToBack: await measureJudgesRun('back to back', log) };
}

async function run(
  api: TestApi,
  pacing: JudgesEnteringRun['pacing'],
  log: (line: string) => void,
  openScreen: OpenScreen | undefined,
  options: RunOptions,
): Promise<JudgesEnteringRun> {
  const org = await api.createOrg('Bench Show Circuit');
  const app = await api.createKey(org.guid, { name: 'Bench app', redirectUris: [REDIRECT_URI] });
  const adminAuth = bearer(await api.token(app.clientId, app.clientSecret));
  const admin = apiClient(api, adminAuth);

  // The catalogue's first sheet: as many divisions as 30 seats need, one judge per caption and division.
  const catalogue = okBody(await admin.get('/score-sheets/'), 200, 'catalogue').data as Json[];
  const sheet = catalogue[0];
  const captions = (sheet.sheet.categories as Json[]).flatMap((category) => category.captions as Json[]);
  const divisionCount = Math.ceil(JUDGES / captions.length);
  log(`  ${pacing}: sheet "${sheet.key}" (${captions.length} captions), ${divisionCount} divisions, ${JUDGES} judges`);
  const season = okBody(
    await admin.send('POST', '/seasons/', { name: 'Bench Season', startDate: '2027-01-01', endDate: '2027-12-31' }),
    201,
    'season',
  );
  const divisions: number[] = [];
  for (let d = 0; d < divisionCount; d++) {
    const division = okBody(
      await admin.send('POST', '/divisions/', {
        name: `Bench Division ${d + 1}`,
        initials: `BD${d + 1}`,
        groupTypeId: sheet.groupType.id,
        sortOrder: d + 1,
        sheetKey: sheet.key,
      }),
      201,
      'division',
    );
    divisions.push(division.id);
  }
  const event = okBody(
    await admin.send('POST', '/events/', {
      seasonId: season.id,
      name: 'Bench Show',
      eventTypeId: 1,
      startDate: '2027-02-06',
      ...(options.commentary ? { commentaryEnabled: true } : {}),
    }),
    201,
    'event',
  );
  const competition = okBody(
    await admin.send('POST', `/events/${event.id}/competitions`, {
      name: 'Bench Show',
      date: '2027-02-06T12:00:00.000Z',
      groupTypeId: sheet.groupType.id,
      rounds: [{ number: 1, name: 'Prelims' }],
    }),
    201,
    'competition',
  );
  for (let p = 0; p < PERFORMANCES; p++) {
    const divisionId = divisions[p % divisionCount];
    const group = okBody(
      await admin.send('POST', '/groups/', { name: `Bench Group ${p + 1}`, location: 'Austin, TX', divisionId }),
      201,
      'group',
    );
    okBody(
      await admin.send('POST', `/competitions/${competition.id}/performances`, {
        groupId: group.id,
        divisionId,
        round: 1,
        order: Math.floor(p / divisionCount) + 1,
      }),
      201,
      'performance',
    );
  }
  const tabulator = await createPerson(api, adminAuth, app, {
    email: 'tab@bench.example',
    role: 'tabulator',
    password: 'bench-password-1',
  });
  const judges: ReturnType<typeof apiClient>[] = [];
  const judgeTokens: string[] = [];
  const judgeIds: number[] = [];
  for (let j = 0; j < JUDGES; j++) {
    const person = await createPerson(api, adminAuth, app, {
      email: `judge${j + 1}@bench.example`,
      role: 'judge',
      firstName: 'Judge',
      lastName: `${j + 1}`,
      password: 'bench-password-1',
    });
    okBody(
      await admin.send('POST', `/competitions/${competition.id}/judges`, {
        round: 1,
        divisionId: divisions[Math.floor(j / captions.length)],
        captionKey: captions[j % captions.length].key,
        userId: person.id,
      }),
      200,
      'seat',
    );
    judges.push(apiClient(api, bearer(person.token)));
    judgeTokens.push(person.token);
    judgeIds.push(person.id);
  }

  // Each judge's seat, as its tablet reads it; then everyone enters at once while progress is read back to back.
  const seats = await Promise.all(
    judges.map(async (judge) => {
      const [seat] = okBody(await judge.get(`/me/seats?competitionId=${competition.id}`), 200, 'seats').data as Json[];
      return seat;
    }),
  );
  const submitted: SubmittedEntry[] = [];
  let entering = true;
  const delays: number[] = [];
  const seen = new Set<(typeof submitted)[number]>();
  const show = { api, orgGuid: org.guid, competitionId: competition.id, tabulatorToken: tabulator.token };
  const ownScreen = openScreen && (await openScreen(show));
  const counter = api.services.database.kind === 'pglite' ? countStatements(api.services.database) : undefined;
  const tablets = startTablets(
    api,
    {
      pacing,
      competitionId: competition.id,
      judges: seats.map((seat, j) => ({ token: judgeTokens[j], seat })),
      screen: ownScreen ? undefined : { token: tabulator.token, pollMs: POLL_MS },
      ...(options.recording ? { recording: { ...options.recording, spreadMs: PERFORMANCES * WINDOW_MS } } : {}),
    },
    (entry) => submitted.push(entry),
  );
  const next = ownScreen ? () => ownScreen.next() : () => tablets.nextReading(1000);
  let progressReads = 0;
  let enteredAt = Infinity;
  const watcher = (async () => {
    // after the last submit, 10 s more at most: what is not seen by then is counted unseen
    while (entering || (seen.size < submitted.length && now() - enteredAt < 10_000)) {
      const reading = await next();
      if (!reading) continue;
      progressReads++;
      const missing = new Set(reading.missing);
      for (const entry of submitted) {
        if (seen.has(entry) || entry.at > reading.asked) continue;
        if (missing.has(`${entry.divisionId}|${entry.captionKey}|${entry.performanceId}`)) continue;
        seen.add(entry);
        delays.push(reading.answered - entry.at);
      }
    }
  })();
  // a failed read ends the watch; its error is thrown once the entering is done
  watcher.catch(() => undefined);
  let result: TabletsResult;
  const memory = sampleMemory();
  let sampled: MemorySample | undefined;
  try {
    result = await tablets.result;
    sampled = memory.stop();
    enteredAt = now();
    entering = false;
    await watcher;
  } finally {
    sampled ??= memory.stop();
    entering = false;
    tablets.stop();
    await ownScreen?.close();
  }
  const { latencies, notOk, seconds } = result;
  let statementsPerWrite: number | null = null;
  let statementsPerProgressRead: number | null = null;
  if (counter) {
    const statements = counter.count();
    // one read more, counted alone: the screen's share of the statements
    counter.reset();
    okBody(
      await apiClient(api, bearer(tabulator.token)).get(`/competitions/${competition.id}/progress`),
      200,
      'progress',
    );
    statementsPerProgressRead = counter.count();
    counter.stop();
    statementsPerWrite = (statements - progressReads * statementsPerProgressRead) / latencies.length;
  }
  const floor =
    pacing === 'back to back'
      ? await measureBareWrites(
          api.services.database,
          org.id,
          seats.map((seat, j) => ({ userId: judgeIds[j], seat })),
        )
      : undefined;
  const report: JudgesEnteringRun = {
    pacing,
    judges: JUDGES,
    performances: PERFORMANCES,
    divisions: divisionCount,
    writes: latencies.length,
    seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    maxMs: Math.max(...latencies),
    notOk,
    progressReads,
    progressP95Ms: percentile(delays, 95),
    progressMaxMs: Math.max(...delays),
    unseen: submitted.length - seen.size,
    writesPerSecond: latencies.length / seconds,
    statementsPerWrite,
    statementsPerProgressRead,
    floor,
    memory: sampled,
    ...(result.appends ? { appends: result.appends } : {}),
  };
  log(
    `    ${report.writes} writes in ${seconds.toFixed(1)} s (${report.writesPerSecond.toFixed(1)}/s): p50 ${report.p50Ms.toFixed(0)} ms, p95 ${report.p95Ms.toFixed(0)} ms, max ${report.maxMs.toFixed(0)} ms, not 200: ${notOk}; in progress after p95 ${report.progressP95Ms.toFixed(0)} ms, max ${report.progressMaxMs.toFixed(0)} ms (${progressReads} reads), unseen ${report.unseen}` +
      (statementsPerWrite === null
        ? ''
        : `; ${statementsPerWrite.toFixed(1)} statements a write, ${statementsPerProgressRead} a progress read`),
  );
  if (floor)
    log(
      `    floor: the same ${floor.writes} writes as bare transactions on the same database in ${floor.seconds.toFixed(1)} s (${floor.writesPerSecond.toFixed(1)}/s): the API ${(report.writesPerSecond / floor.writesPerSecond).toFixed(2)}x`,
    );
  return report;
}

/** The judges' budgets, both of the back-to-back run: throughput over the floor's, and a submit to the progress view. */
export const judgesBudgets = ({ backToBack }: JudgesEnteringReport): BudgetCheck[] => [
  checkRatio(BUDGETS.judgesThroughput, backToBack.writesPerSecond, backToBack.floor?.writesPerSecond),
  check(BUDGETS.judgesProgress, backToBack.progressP95Ms),
];

export function judgesEnteringMarkdown(
  report: JudgesEnteringReport,
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] },
  startedAt: string,
  commit: string,
): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const { paced, backToBack } = report;
  const count = (value: number | null) => (value === null ? '–' : value.toFixed(1));
  const row = (run: JudgesEnteringRun) =>
    `| ${run.pacing} | ${run.writes} | ${run.seconds.toFixed(1)} | ${run.writesPerSecond.toFixed(1)} | ${run.p50Ms.toFixed(0)} | ${run.p95Ms.toFixed(0)} | ${run.maxMs.toFixed(0)} | ${run.notOk} | ${run.progressP95Ms.toFixed(0)} | ${run.progressMaxMs.toFixed(0)} | ${run.unseen} | ${count(run.statementsPerWrite)} | ${count(run.statementsPerProgressRead)} |`;
  const floor = backToBack.floor;
  const failed = paced.notOk + paced.unseen + backToBack.notOk + backToBack.unseen;
  return [
    '# Show day through the judges: 30 judge users entering one 40-performance round',
    '',
    `Run ${startedAt} on commit ${commit.slice(0, 12)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; load average (1/5/15 min) ${load(machine.loadAverageBefore)} before, ${load(machine.loadAverageAfter)} after.`,
    '',
    `${paced.judges} judge users (each its own Authorization Code token, one caption of one of ${paced.divisions} divisions) enter ${paced.performances} performances of one round on the embedded database: a draft, then the submit on its version, for each performance in running order (bench/api/judges-entering.ts). Paced: every judge's next sheet in the same ${WINDOW_MS / 1000}-second window; back to back: each judge's next write as soon as the last is answered. A tabulator's screen, in the tablets' process on a connection it keeps, reads the progress view every ${POLL_MS} ms; an entry's delay runs from its submit's answer to the first progress answer, asked after it, that shows it.`,
    '',
    budgetTable({ budgets: judgesBudgets(report) }),
    '',
    '| Rule | Limit | Found | Result |',
    '| --- | --- | --- | --- |',
    `| Answers other than 200, submits never seen in progress (both runs) | 0 | ${failed} | ${failed === 0 ? 'PASS' : 'FAIL'} |`,
    '',
    '| Run | Writes | Seconds | Writes/s | p50 ms | p95 ms | max ms | Not 200 | To progress p95 ms | max ms | Unseen | Statements a write | A progress read |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row(paced),
    row(backToBack),
    '',
    floor
      ? `The floor, after the back-to-back run on the same database: the same ${floor.writes} writes (each caption entry and its numbers, a draft and then the submit) by ${backToBack.judges} writers at once, each its next write as soon as the last was done, in bare transactions of two statements in the API's process, no HTTP, checks, tabulation or audit trail (bench/api/judges-floor.ts): ${floor.seconds.toFixed(1)} s, ${floor.writesPerSecond.toFixed(1)} writes/s.`
      : '',
    '',
    "Statements are counted, not timed (test/helpers/statement-count.ts): every statement the embedded database ran while the judges entered, BEGIN and COMMIT included, less the screen's reads (one read counted alone after the run), per write; a draft and a submit alternate, so it is their mean.",
    '',
  ].join('\n');
}

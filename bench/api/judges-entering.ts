/**
 * Show day through the judges (`npm run bench -- --only judges`): 30 judge users, each signed in through the
 * Authorization Code flow and seated on one caption, enter one 40-performance round at the same time, as tablets do:
 * for each performance in running order a draft, then the submit on its version (POST /performances/{id}/scores with
 * `state` and `baseVersion`). Everything is set up through the API (season, catalogue divisions, event, competition,
 * groups, performances, users, seats), on the embedded database. Meanwhile a tabulator's screen reads
 * GET /competitions/{id}/progress every 250 ms: an entry's delay is from its submit's answer to the first progress
 * answer, asked after it, in which that performance is no longer missing the caption.
 *
 * Two runs. Paced (budgeted): the show compressed, every judge's next sheet in the same 5-second window (a draft in
 * its first half, the submit in its second, at random moments), so all 30 judges write in the same seconds, at some
 * 12 writes a second: a real round gives them minutes per performance. Back to back (reported, not budgeted): every
 * judge sends its next write as soon as the last is answered, the most the database takes; writes then queue behind
 * each other (the embedded database runs one transaction at a time), and latency is the queue's length.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiClient, type Json } from '../../test/api/client.js';
import { startTestApi, type TestApi } from '../../test/helpers/api-server.js';
import { createPerson, REDIRECT_URI } from '../../test/helpers/user-tokens.js';
import { percentile } from '../lib/stats.js';
import {
  now,
  type SubmittedEntry,
  type TabletsMessage,
  type TabletsPlan,
  type TabletsResult,
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
 * Enters the plan from the tablets' child process (judges-tablets.ts): each submit is told as it is answered, so
 * the tabulator's screen here can look for it; answers what the tablets measured.
 */
function enterOnTablets(
  api: TestApi,
  plan: Omit<TabletsPlan, 'url' | 'ca' | 'windowMs'>,
  onSubmitted: (entry: SubmittedEntry) => void,
): Promise<TabletsResult> {
  const child = fork(TABLETS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.on('message', (message: TabletsMessage) => {
      if (message.submitted) onSubmitted(message.submitted);
      else if (message.result) resolve(message.result);
      else reject(new Error(`the tablets failed: ${message.error}`));
    });
    child.once('exit', (code) => reject(new Error(`the tablets' process exited (${code}) without an answer`)));
    child.send({ ...plan, url: api.url, ca: api.ca, windowMs: WINDOW_MS } satisfies TabletsPlan);
  });
}

/** The show under way, for a tabulator's screen to watch: where it is and the tabulator's own token. */
export interface ShowUnderWay {
  api: TestApi;
  orgGuid: string;
  competitionId: number;
  tabulatorToken: string;
}

/**
 * A tabulator's screen: how it reads the progress view and when. The API's own, by default: progress every POLL_MS.
 * bench/api/console-push.ts's is the console's: through the BFF, when its stream of changes says so.
 */
export interface TabulatorScreen {
  /** waits until the screen reads again: true to read now, false to look again (e.g. nothing heard for a while) */
  nextRead(): Promise<boolean>;
  /** the progress answer, as the screen reads it (and whatever else it reads with it) */
  readProgress(): Promise<Json>;
  close(): Promise<void>;
}
export type OpenScreen = (show: ShowUnderWay) => Promise<TabulatorScreen>;

const pollingScreen: OpenScreen = async ({ api, competitionId, tabulatorToken }) => {
  const tab = apiClient(api, bearer(tabulatorToken));
  return {
    nextRead: () => sleep(POLL_MS).then(() => true),
    readProgress: async () => okBody(await tab.get(`/competitions/${competitionId}/progress`), 200, 'progress'),
    close: async () => undefined,
  };
};

/** One run on a new API: the show set up, the judges entering, `screen` watching (the API's progress polled). */
export async function measureJudgesRun(
  pacing: JudgesEnteringRun['pacing'],
  log: (line: string) => void,
  screen: OpenScreen = pollingScreen,
): Promise<JudgesEnteringRun> {
  const api = await startTestApi();
  try {
    return await run(api, pacing, log, screen);
  } finally {
    await api.stop();
  }
}

export async function measureJudgesEntering(log: (line: string) => void): Promise<JudgesEnteringReport> {
  return { paced: await measureJudgesRun('paced', log), backToBack: await measureJudgesRun('back to back', log) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(
  api: TestApi,
  pacing: JudgesEnteringRun['pacing'],
  log: (line: string) => void,
  openScreen: OpenScreen,
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
  const screen = await openScreen({
    api,
    orgGuid: org.guid,
    competitionId: competition.id,
    tabulatorToken: tabulator.token,
  });
  let progressReads = 0;
  let enteredAt = Infinity;
  const watcher = (async () => {
    // after the last submit, 10 s more at most: what is not seen by then is counted unseen
    while (entering || (seen.size < submitted.length && now() - enteredAt < 10_000)) {
      if (!(await screen.nextRead())) continue;
      const asked = now();
      const progress = await screen.readProgress();
      progressReads++;
      const answered = now();
      const missing = new Set<string>();
      for (const section of progress.data as Json[])
        for (const caption of section.captions as Json[])
          for (const id of caption.missing as number[])
            missing.add(`${section.division.id}|${caption.captionKey}|${id}`);
      for (const entry of submitted) {
        if (seen.has(entry) || entry.at > asked) continue;
        if (missing.has(`${entry.divisionId}|${entry.captionKey}|${entry.performanceId}`)) continue;
        seen.add(entry);
        delays.push(answered - entry.at);
      }
    }
  })();
  // a failed read ends the watch; its error is thrown once the entering is done
  watcher.catch(() => undefined);
  const tablets = await enterOnTablets(
    api,
    {
      pacing,
      competitionId: competition.id,
      judges: seats.map((seat, j) => ({ token: judgeTokens[j], seat })),
    },
    (entry) => submitted.push(entry),
  );
  const { latencies, notOk } = tablets;
  enteredAt = now();
  const seconds = tablets.seconds;
  entering = false;
  try {
    await watcher;
  } finally {
    await screen.close();
  }
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
  };
  log(
    `    ${report.writes} writes in ${seconds.toFixed(1)} s: p50 ${report.p50Ms.toFixed(0)} ms, p95 ${report.p95Ms.toFixed(0)} ms, max ${report.maxMs.toFixed(0)} ms, not 200: ${notOk}; in progress after p95 ${report.progressP95Ms.toFixed(0)} ms, max ${report.progressMaxMs.toFixed(0)} ms (${progressReads} reads), unseen ${report.unseen}`,
  );
  return report;
}

export function judgesEnteringMarkdown(
  report: JudgesEnteringReport,
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] },
  startedAt: string,
  commit: string,
): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const { paced, backToBack } = report;
  const row = (run: JudgesEnteringRun) =>
    `| ${run.pacing} | ${run.writes} | ${run.seconds.toFixed(1)} | ${run.p50Ms.toFixed(0)} | ${run.p95Ms.toFixed(0)} | ${run.maxMs.toFixed(0)} | ${run.notOk} | ${run.progressP95Ms.toFixed(0)} | ${run.progressMaxMs.toFixed(0)} | ${run.unseen} |`;
  return [
    '# Show day through the judges: 30 judge users entering one 40-performance round',
    '',
    `Run ${startedAt} on commit ${commit.slice(0, 12)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; load average (1/5/15 min) ${load(machine.loadAverageBefore)} before, ${load(machine.loadAverageAfter)} after.`,
    '',
    `${paced.judges} judge users (each its own Authorization Code token, one caption of one of ${paced.divisions} divisions) enter ${paced.performances} performances of one round on the embedded database: a draft, then the submit on its version, for each performance in running order (bench/api/judges-entering.ts). Paced: every judge's next sheet in the same ${WINDOW_MS / 1000}-second window; back to back: each judge's next write as soon as the last is answered. A tabulator's screen reads the progress view every ${POLL_MS} ms; an entry's delay runs from its submit's answer to the first progress answer, asked after it, that shows it.`,
    '',
    '| Budget (paced run) | Limit | Measured | Result |',
    '| --- | --- | --- | --- |',
    `| Write latency, p95 | < 150 ms | ${paced.p95Ms.toFixed(0)} ms | ${pass(paced.p95Ms < 150)} |`,
    `| A submit to the progress view, p95 | < 1000 ms | ${paced.progressP95Ms.toFixed(0)} ms | ${pass(paced.progressP95Ms < 1000)} |`,
    `| Answers other than 200, submits never seen in progress | 0 | ${paced.notOk + paced.unseen} | ${pass(paced.notOk + paced.unseen === 0)} |`,
    '',
    '| Run | Writes | Seconds | p50 ms | p95 ms | max ms | Not 200 | To progress p95 ms | max ms | Unseen |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row(paced),
    row(backToBack),
    '',
  ].join('\n');
}

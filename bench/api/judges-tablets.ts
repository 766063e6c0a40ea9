/**
 * The judges' tablets of `npm run bench -- --only judges` (and `--only console`), run as a child process (its own
 * core on a 2-core machine) by bench/api/judges-entering.ts, as bench/api/load-generator.ts is for the throughput
 * runs: the API under measure keeps its process to itself, as it does on show day, where the tablets are other
 * devices. So is the tabulator's screen, when the plan has one: its reads of the progress view come from here, on a
 * connection it keeps, as the console's come through the BFF's kept connections. It receives one plan over IPC,
 * enters it, tells each submit as it is answered and each progress read as it is answered (the parent matches
 * them), answers what it measured, and goes on reading progress until the parent says stop.
 */
import { Agent } from 'node:https';
import { performance } from 'node:perf_hooks';
import { apiClient, type Json } from '../../test/api/client.js';
import { httpsFetch, type TestApi } from '../../test/helpers/api-server.js';
import {
  missingOf,
  now,
  scoreFor,
  type SubmittedEntry,
  type TabletsMessage,
  type TabletsPlan,
  type TabletsResult,
  type TabletsStop,
} from './tablets-protocol.js';
import { newAppends, piecesOf, uploadRecording } from './tablets-recording.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A device's connection: a tablet's writes reach the API through the BFF, whose agent keeps its connections to the
 * API open (server/bff/upstream/upstream-http.ts), so the API does not shake hands anew for each write.
 */
function deviceClient(plan: TabletsPlan, token: string, connections: Agent[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  connections.push(agent);
  const api: Pick<TestApi, 'fetch'> = {
    fetch: (path, init) => httpsFetch(new URL(path, plan.url), init ?? {}, plan.ca),
  };
  return apiClient(api, { authorization: `Bearer ${token}` }, { agent });
}

async function enter(plan: TabletsPlan): Promise<TabletsResult> {
  const connections: Agent[] = [];
  const judges = plan.judges.map((judge) => deviceClient(plan, judge.token, connections));
  const latencies: number[] = [];
  let notOk = 0;
  const started = performance.now();
  // a recording's appends go on a connection of their own, as a browser opens another beside a write under way
  const recording = plan.recording;
  const appends = recording && newAppends();
  const pieces = recording && piecesOf(recording);
  const uploads = plan.judges.map(({ token, seat }, j) =>
    recording && appends && pieces
      ? uploadRecording(
          deviceClient(plan, token, connections),
          seat,
          recording,
          pieces,
          { started, index: j, judges: plan.judges.length },
          appends,
        )
      : Promise.resolve(),
  );
  const uploaded = Promise.all(uploads);
  // thrown where it is awaited, after the entering
  uploaded.catch(() => undefined);
  const entering = Promise.all(
    plan.judges.map(async ({ seat }, j) => {
      const judge = judges[j];
      for (const [position, entry] of (seat.performances as Json[]).entries()) {
        const window = started + position * plan.windowMs;
        const scores = (seat.caption.subcaptions as Json[]).map((line) => ({
          subcaptionKey: line.key,
          score: scoreFor({ max: line.max, step: line.step }, j, position),
        }));
        let version = 0;
        for (const [half, state] of ['draft', 'submitted'].entries()) {
          if (plan.pacing === 'paced') {
            const at = window + (half + Math.random()) * (plan.windowMs / 2);
            await sleep(Math.max(0, at - performance.now()));
          }
          const sent = performance.now();
          const answer = await judge.send('POST', `/performances/${entry.id}/scores`, {
            captionKey: seat.caption.key,
            scores,
            state,
            ...(version > 0 ? { baseVersion: version } : {}),
          });
          latencies.push(performance.now() - sent);
          if (answer.status !== 200) {
            notOk++;
            break;
          }
          version = answer.body.entry.version;
          if (state === 'submitted') {
            const submitted: SubmittedEntry = {
              divisionId: seat.division.id,
              captionKey: seat.caption.key,
              performanceId: entry.id,
              at: now(),
            };
            process.send!({ submitted } satisfies TabletsMessage);
          }
        }
      }
    }),
  );
  await entering;
  const seconds = (performance.now() - started) / 1000;
  await uploaded;
  for (const connection of connections) connection.destroy();
  return { latencies, notOk, seconds, ...(appends ? { appends } : {}) };
}

/** The tabulator's screen: progress read every `pollMs` on its own kept connection, each reading told, until stopped. */
function watchProgress(plan: TabletsPlan, screen: NonNullable<TabletsPlan['screen']>, fail: (error: unknown) => void) {
  const connections: Agent[] = [];
  const tabulator = deviceClient(plan, screen.token, connections);
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const asked = now();
      const answer = await tabulator.get(`/competitions/${plan.competitionId}/progress`);
      if (answer.status !== 200) throw new Error(`progress: ${answer.status} ${answer.text.slice(0, 200)}`);
      process.send!({ progress: { asked, answered: now(), missing: missingOf(answer.body) } } satisfies TabletsMessage);
      await sleep(screen.pollMs);
    }
  })();
  done.catch(fail);
  return {
    async stop() {
      stopped = true;
      await done.catch(() => undefined);
      for (const connection of connections) connection.destroy();
    },
  };
}

process.once('message', (plan: TabletsPlan) => {
  const fail = (error: unknown) =>
    process.send!({ error: String(error) } satisfies TabletsMessage, () => process.exit(1));
  const screen = plan.screen && watchProgress(plan, plan.screen, fail);
  process.once('message', (message: TabletsStop) => {
    if (message.stop) void (screen ? screen.stop() : Promise.resolve()).then(() => process.exit(0));
  });
  enter(plan).then((result) => process.send!({ result } satisfies TabletsMessage), fail);
});

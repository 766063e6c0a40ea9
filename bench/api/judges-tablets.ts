/**
 * The judges' tablets of `npm run bench -- --only judges` (and `--only console`), run as a child process (its own
 * core on a 2-core machine) by bench/api/judges-entering.ts, as bench/api/load-generator.ts is for the throughput
 * runs: the API under measure keeps its process to itself, as it does on show day, where the tablets are other
 * devices. It receives one plan over IPC, enters it, tells each submit as it is answered (the tabulator's screen
 * watches for it in the parent), and answers what it measured.
 */
import { Agent } from 'node:https';
import { performance } from 'node:perf_hooks';
import { apiClient, type Json } from '../../test/api/client.js';
import { httpsFetch, type TestApi } from '../../test/helpers/api-server.js';
import {
  now,
  type SubmittedEntry,
  type TabletsMessage,
  type TabletsPlan,
  type TabletsResult,
} from './tablets-protocol.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A number on the line's step within its maximum, different per judge and performance. */
function scoreFor(line: { max: number; step: number }, judge: number, position: number): number {
  const steps = Math.floor(line.max / line.step);
  const taken = Math.floor(steps * (0.55 + ((judge * 7 + position * 13) % 40) / 100));
  return Number((taken * line.step).toFixed(3));
}

/**
 * A device's connection: a tablet's writes reach the API through the BFF, whose agent keeps its connections to the
 * API open (server/bff/upstream-http.ts), so the API does not shake hands anew for each write.
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
  await Promise.all(
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
  for (const connection of connections) connection.destroy();
  return { latencies, notOk, seconds: (performance.now() - started) / 1000 };
}

process.once('message', (plan: TabletsPlan) => {
  enter(plan).then(
    (result) => process.send!({ result } satisfies TabletsMessage, () => process.exit(0)),
    (error: unknown) => process.send!({ error: String(error) } satisfies TabletsMessage, () => process.exit(1)),
  );
});

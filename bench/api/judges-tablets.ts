/**
 * The judges' tablets and the tabulator's screen of `npm run bench -- --only judges`, run as a child process (its own
 * core on a 2-core machine) by bench/api/judges-entering.ts, as bench/api/load-generator.ts is for the throughput
 * runs: the API under measure keeps its process to itself, as it does on show day, where the tablets are other
 * devices. It receives one plan over IPC, enters it, and answers what it measured.
 */
import { Agent } from 'node:https';
import { performance } from 'node:perf_hooks';
import { apiClient, type Json } from '../../test/api/client.js';
import { httpsFetch, type TestApi } from '../../test/helpers/api-server.js';

export interface TabletsPlan {
  url: string;
  ca: string;
  pacing: 'paced' | 'back to back';
  competitionId: number;
  /** each judge's token and its seat as GET /me/seats answered it */
  judges: { token: string; seat: Json }[];
  tabulatorToken: string;
  windowMs: number;
  pollMs: number;
}

export interface TabletsResult {
  /** every write's latency, ms */
  latencies: number[];
  /** every submit's delay until the progress view showed it, ms */
  delays: number[];
  notOk: number;
  progressReads: number;
  /** submits never seen in progress */
  unseen: number;
  seconds: number;
}

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
  const tab = deviceClient(plan, plan.tabulatorToken, connections);
  const latencies: number[] = [];
  const submitted: { divisionId: number; captionKey: string; performanceId: number; at: number }[] = [];
  let notOk = 0;
  let entering = true;
  const delays: number[] = [];
  const seen = new Set<(typeof submitted)[number]>();
  let progressReads = 0;
  let enteredAt = Infinity;
  const watcher = (async () => {
    // after the last submit, 10 s more at most: what is not seen by then is counted unseen
    while (entering || (seen.size < submitted.length && performance.now() - enteredAt < 10_000)) {
      await sleep(plan.pollMs);
      const asked = performance.now();
      const progress = await tab.get(`/competitions/${plan.competitionId}/progress`);
      if (progress.status !== 200) throw new Error(`progress: ${progress.status} ${progress.text.slice(0, 300)}`);
      progressReads++;
      const answered = performance.now();
      const missing = new Set<string>();
      for (const section of progress.body.data as Json[])
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
          const at = performance.now();
          latencies.push(at - sent);
          if (answer.status !== 200) {
            notOk++;
            break;
          }
          version = answer.body.entry.version;
          if (state === 'submitted')
            submitted.push({ divisionId: seat.division.id, captionKey: seat.caption.key, performanceId: entry.id, at });
        }
      }
    }),
  );
  enteredAt = performance.now();
  entering = false;
  await watcher;
  for (const connection of connections) connection.destroy();
  return {
    latencies,
    delays,
    notOk,
    progressReads,
    unseen: submitted.length - seen.size,
    seconds: (enteredAt - started) / 1000,
  };
}

process.once('message', (plan: TabletsPlan) => {
  enter(plan).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
  );
});

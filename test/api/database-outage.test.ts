import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { clientConfig, postgresSettingsFrom } from '../../server/api/db/postgres.js';

/**
 * Two API instances on one PostgreSQL while the database misbehaves (issue 30): every connection terminated, a
 * fast restart with the server down for a while, a transaction left open by an instance that stopped. Both
 * instances must stay up, answer every request with data or a 503 (never a 500, never a hang), and serve current
 * data, each other's writes included, within a second of the database's return.
 */
const ENV = {
  DATABASE_LOCK_TIMEOUT_MS: '1000',
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000',
  DATABASE_CONNECT_TIMEOUT_MS: '1000',
  DATABASE_HEARTBEAT_MS: '250',
  DATABASE_RECONNECT_MS: '100',
};
let postgres: TestPostgres;
let databaseUrl: string;
let first: TestApi;
let second: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let headers: Record<string, string>;
let nextScore = 40;

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = await postgres.createDatabase('competition_outage');
  [first, second] = await Promise.all([
    startTestApi({ env: { DATABASE_URL: databaseUrl, ...ENV } }),
    startTestApi({ env: { DATABASE_URL: databaseUrl, ...ENV } }),
  ]);
  circuit = await buildSmallCircuit(first.services.database.db);
  const key = await first.createKey(circuit.org.guid);
  headers = {
    authorization: `Bearer ${await first.token(key.clientId, key.clientSecret)}`,
    'content-type': 'application/json',
  };
}, 120_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.stop();
});

/** the performance the background traffic writes */
const alpha = () => circuit.performances['Alpha HS'];
/** the performance the checks for current data write, so the traffic cannot pass for them */
const bravo = () => circuit.performances['Bravo HS'];

/** A new equipment number for a performance (Alpha unless told); the answer and the performance's total as the write tabulated it. */
async function write(
  api: TestApi,
  performanceId = alpha(),
): Promise<{ status: number; retryAfter: string | null; total?: number }> {
  const score = (nextScore = nextScore >= 95 ? 40 : nextScore + 1);
  const response = await api.fetch(`/performances/${performanceId}/scores`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      captionKey: 'ea',
      scores: [
        { subcaptionKey: 'voc', score },
        { subcaptionKey: 'exc', score },
      ],
      // the round is released: a change is a correction with its reason (decision 083)
      reason: 'traffic through the outage',
    }),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    total: response.status === 200 ? (JSON.parse(text) as { total: { score: number } }).total.score : undefined,
  };
}

/** the performance's total as a read of the competition's scores through `api` serves it (undefined unless 200). */
async function readTotal(
  api: TestApi,
  performanceId = alpha(),
): Promise<{ status: number; retryAfter: string | null; total?: number }> {
  const response = await api.fetch(`/competitions/${circuit.competition.id}/scores`, { headers });
  if (response.status !== 200) {
    await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  }
  const text = await response.text();
  return { status: 200, retryAfter: null, total: totalOf(JSON.parse(text), performanceId) };
}

function totalOf(value: unknown, performanceId: number): number | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = totalOf(item, performanceId);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.performanceId === performanceId && record.total) return (record.total as { score: number }).score;
    for (const inner of Object.values(record)) {
      const found = totalOf(inner, performanceId);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Reads and writes on both instances until stopped, each loop sending its next request when its last is answered;
 * every status seen. A test waits for what the traffic has seen (`until`), never for a time.
 */
function traffic() {
  const statuses: number[] = [];
  const missingRetryAfter: number[] = [];
  const refusedBy = new Set<TestApi>();
  let waiting: { holds: () => boolean; resolve: () => void }[] = [];
  let running = true;
  const until = (holds: () => boolean) =>
    holds() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ holds, resolve }));
  const loop = async (api: TestApi, kind: 'read' | 'write') => {
    while (running) {
      // a request that gets no answer at all (a reset, a hang-up) counts as status 0
      const answer = await (kind === 'read' ? readTotal(api) : write(api)).catch(() => ({
        status: 0,
        retryAfter: null,
      }));
      statuses.push(answer.status);
      if (answer.status === 503) refusedBy.add(api);
      if (answer.status === 503 && answer.retryAfter === null) missingRetryAfter.push(answer.status);
      waiting = waiting.filter((waiter) => (waiter.holds() ? (waiter.resolve(), false) : true));
    }
  };
  const loops = [first, second].flatMap((api) => [loop(api, 'read'), loop(api, 'write')]);
  return {
    /** resolves once `count` more answers have come back */
    answers(count: number) {
      const target = statuses.length + count;
      return until(() => statuses.length >= target);
    },
    /** resolves once each instance has answered some request of the traffic with a 503 */
    refusedByBoth: () => until(() => refusedBy.size === 2),
    async stop() {
      running = false;
      await Promise.all(loops);
      return { statuses, missingRetryAfter };
    },
  };
}

/**
 * How long until both instances serve current data: a write through each is read through the other. Polled from
 * the moment the database accepts connections again.
 */
async function timeToCurrent(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ok = await (async () => {
      // a different total each time, so an old copy cannot pass for the new one
      for (const [writer, reader] of [
        [first, second],
        [second, first],
      ]) {
        const written = await write(writer, bravo());
        if (written.status !== 200) return false;
        const read = await readTotal(reader, bravo());
        if (read.total === undefined || read.total !== written.total) return false;
      }
      return true;
    })();
    if (ok) {
      return Date.now() - started;
    }
    if (Date.now() - started > 15_000) throw new Error('never served current data again');
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('two instances while PostgreSQL fails', () => {
  it('stays up through pg_terminate_backend of every connection, answering data or 503', async () => {
    // warm the caches, so reads have something to be wrong about
    expect((await readTotal(first)).status).toBe(200);
    expect((await readTotal(second)).status).toBe(200);
    const load = traffic();
    // every loop under way (four answers at least) before the baseline is taken
    await load.answers(8);
    // the same check as after, while nothing fails: on a busy machine a write and a read take hundreds of ms
    const baseline = await timeToCurrent();
    const terminated = await admin(async (client) => {
      const result = await client.query(
        'SELECT pg_terminate_backend(pid) AS gone FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()',
      );
      return result.rows.length;
    });
    const elapsed = await timeToCurrent();
    // the traffic goes on past the recovery: its answers then must be data or 503 too
    await load.answers(8);
    const { statuses, missingRetryAfter } = await load.stop();
    // two pools of several connections and two listeners at least
    expect(terminated).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(missingRetryAfter).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(elapsed - baseline).toBeLessThan(1000);
    for (const api of [first, second]) expect((await api.fetch('/health')).status).toBe(200);
  });

  it('stays up through a fast restart, is not ready while the database is down, and is current within a second of its return', async () => {
    expect((await readTotal(first)).status).toBe(200);
    const load = traffic();
    await load.answers(8);
    // the same check while nothing fails: on a busy machine one write and read can take hundreds of milliseconds
    const baseline = await timeToCurrent();
    let downReadiness: number[] = [];
    let downLiveness: number[] = [];
    let downWrite = 0;
    // while it is down (until the traffic has met the outage on both instances): alive, not ready, writes refused
    // with 503
    await postgres.restart({
      whileDown: async () => {
        downLiveness = await Promise.all([first, second].map(async (api) => (await api.fetch('/health')).status));
        downReadiness = await Promise.all(
          [first, second].map(async (api) => (await api.fetch('/health/ready')).status),
        );
        downWrite = (await write(first)).status;
        await load.refusedByBoth();
      },
    });
    const elapsed = await timeToCurrent();
    const { statuses, missingRetryAfter } = await load.stop();
    expect(downLiveness).toEqual([200, 200]);
    expect(downReadiness).toEqual([503, 503]);
    expect(downWrite).toBe(503);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(missingRetryAfter).toEqual([]);
    // within a second of the database's return, beyond what the check takes anyway
    expect(elapsed - baseline).toBeLessThan(1000);
    for (const api of [first, second]) {
      const ready = await api.fetch('/health/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'up', notifications: 'live' });
    }
  }, 60_000);

  it("does not let a transaction left open by a stopped instance hold the other instance's writes past the configured time", async () => {
    // A stopped instance's connection: same session settings as an instance's own, holding the organization's lock
    // in an open transaction and then saying nothing (SIGSTOP between its version bump and its commit).
    const settings = postgresSettingsFrom(ENV);
    const stopped = new pg.Client(clientConfig(databaseUrl, settings));
    const ended = new Promise<void>((resolve) => stopped.on('error', () => resolve()));
    await stopped.connect();
    await stopped.query('BEGIN');
    await stopped.query('UPDATE org_versions SET version = version + 1 WHERE org_id = $1', [circuit.org.id]);
    const held = Date.now();

    const blocked = Date.now();
    const refused = await write(second);
    const waited = Date.now() - blocked;
    // refused once the lock wait passes DATABASE_LOCK_TIMEOUT_MS, as a 503 the client may retry
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('1');
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(1000 + 1500);
    // the server ends the silent session after DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, releasing the lock
    await ended;
    expect(Date.now() - held).toBeLessThan(2000 + 1500);
    const after = await write(second);
    expect(after.status).toBe(200);
    expect((await readTotal(first)).total).toBe(after.total);
    await stopped.end().catch(() => {});
  }, 30_000);
});

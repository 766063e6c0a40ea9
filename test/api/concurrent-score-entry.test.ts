import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { performances } from '../../server/api/db/schema.js';
import { storedAndFresh } from '../helpers/fresh-tabulation.js';

/**
 * Judges entering at once on a circuit that runs two API instances on one PostgreSQL (issue 30): score writes to
 * different performances of one division and round, at the same moment, through both instances. Whatever the
 * interleaving, the stored results (which every read serves) must equal a fresh tabulation of the stored
 * subcaption scores, and no write may fail. Before writes took the organization's lock first, most bursts left one
 * performance's result computed from an older number, and some ended in a deadlock answered 500.
 */
let postgres: TestPostgres;
let first: TestApi;
let second: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let headers: Record<string, string>;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const url = await postgres.createDatabase('competition_concurrent');
  [first, second] = await Promise.all([
    startTestApi({ env: { DATABASE_URL: url } }),
    startTestApi({ env: { DATABASE_URL: url } }),
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

describe('concurrent score entry on PostgreSQL, two instances', () => {
  it('stores results equal to a fresh tabulation after every burst of simultaneous writes', async () => {
    const ids = Object.values(circuit.performances);
    const [{ roundId, divisionId }] = await first.services.database.db
      .select({ roundId: performances.roundId, divisionId: performances.divisionId })
      .from(performances)
      .where(eq(performances.id, ids[0]));
    let wrongBursts = 0;
    const failures: string[] = [];
    const bursts = 25;
    for (let burst = 0; burst < bursts; burst++) {
      // each performance gets a new equipment number at the same moment, alternating instances
      const answers = await Promise.all(
        ids.flatMap((id, index) =>
          [0, 1].map((writer) => {
            const api = (index + writer + burst) % 2 === 0 ? first : second;
            const score = 50 + ((burst * 7 + index * 3 + writer) % 40);
            return api.fetch(`/performances/${id}/scores`, {
              method: 'POST',
              headers,
              body: JSON.stringify({
                captionKey: 'ea',
                scores: [
                  { subcaptionKey: 'voc', score },
                  { subcaptionKey: 'exc', score: score - 1 },
                ],
                // the round is released: each change is a correction with its reason (decision 083)
                reason: `burst ${burst}`,
              }),
            });
          }),
        ),
      );
      for (const answer of answers)
        if (answer.status !== 200) failures.push(`${answer.status} ${(await answer.text()).slice(0, 200)}`);
      const { stored, fresh } = await storedAndFresh(first.services.database.db, roundId, divisionId);
      if (JSON.stringify(stored) !== JSON.stringify(fresh)) wrongBursts++;
    }
    expect({ failed: failures.length, wrongBursts, firstFailure: failures[0] }).toEqual({
      failed: 0,
      wrongBursts: 0,
      firstFailure: undefined,
    });
    // and a read through each instance serves exactly the fresh tabulation (the round is released)
    const { fresh } = await storedAndFresh(first.services.database.db, roundId, divisionId);
    for (const api of [first, second]) {
      const response = await api.fetch(`/competitions/${circuit.competition.id}/scores`, { headers });
      expect(response.status).toBe(200);
      const served = totalsIn(await response.json());
      for (const id of ids) {
        const expected = fresh[id] as { total: { score: number; rank: number } };
        expect(served.get(id)).toEqual({ score: expected.total.score, rank: expected.total.rank });
      }
    }
  }, 240_000);

  it('lets exactly one of two writers with the same baseVersion win, one through each instance (decision 080)', async () => {
    const id = circuit.performances['Charlie HS'];
    const write = (api: TestApi, baseVersion: number, score: number) =>
      api.fetch(`/performances/${id}/scores`, {
        method: 'POST',
        headers,
        // the round is released: each change is a correction with its reason (decision 083)
        body: JSON.stringify({
          captionKey: 'ma',
          scores: { voc: score, exc: score },
          baseVersion,
          reason: `race ${baseVersion}`,
        }),
      });
    // the fixture's numbers are a submitted entry at version 1
    for (let version = 1; version <= 10; version++) {
      const answers = await Promise.all([write(first, version, 50 + version), write(second, version, 60 + version)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${version}`).toEqual([200, 409]);
      const loser = (await answers.find((answer) => answer.status === 409)!.json()) as {
        code: string;
        current: { version: number };
      };
      expect(loser).toMatchObject({ code: 'score_conflict', current: { version: version + 1 } });
    }
  }, 120_000);
});

/** Every `{performanceId, total}` in a response, wherever it sits. */
function totalsIn(value: unknown, found = new Map<number, unknown>()): Map<number, unknown> {
  if (Array.isArray(value)) for (const item of value) totalsIn(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.performanceId === 'number' && record.total) found.set(record.performanceId, record.total);
    for (const inner of Object.values(record)) totalsIn(inner, found);
  }
  return found;
}

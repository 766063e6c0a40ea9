/**
 * The fans' recap's corrections after release (issue 36 item 8): on our API the BFF's view gives each correction
 * the API publishes (decision 083), addressed as the v2 records the recap is built from address the number (the
 * division, round and group; a caption by its category's and its own names and which of the same-named ones it is);
 * before any correction, and on the hosted service (views.test.ts), none.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, FINALS_SCORES } from '../helpers/small-circuit.js';

let api: TestApi;
let bff: RunningBff;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let auth: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  circuit = await buildSmallCircuit(api.services.database.db);
  const key = await api.createKey(circuit.org.guid);
  auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
  bff = await startBff(
    defineBffConfig({
      port: 0,
      apiBaseUrl: api.url,
      clientId: key.clientId,
      clientSecret: key.clientSecret,
      apiCa: api.ca,
      // every read revalidated: a correction made between two reads is in the second
      cacheTtlMs: 0,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
    }),
    { log: () => {} },
  );
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await api?.stop();
});

const corrections = async () => {
  const response = await fetch(`${bff.url}/api/bff/competitions/${circuit.competition.guid}/corrections`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: unknown[] }).data;
};

async function post(target: string, body: unknown) {
  const response = await api.fetch(target, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${target}: ${await response.clone().text()}`).toBe(200);
}

describe("a competition's corrections after release", () => {
  it('are none before a released number is changed', async () => {
    expect(await corrections()).toEqual([]);
  });

  it('name each changed number as v2 names it, from what to what, when and why, oldest first', async () => {
    const bravo = circuit.performances['Bravo HS'];
    // the second of the two "General Effect" captions, and a penalty
    await post(`/performances/${bravo}/scores`, {
      captionKey: 'ge2',
      scores: [
        { subcaptionKey: 'rep', score: 75 },
        { subcaptionKey: 'perf', score: 73 },
      ],
      reason: 'Second General Effect judge misread the sheet',
    });
    await post(`/performances/${bravo}/penalties`, {
      penalties: [{ amount: 0.2, reason: 'Timing' }],
      reason: 'Timing penalty recounted',
    });
    const found = await corrections();
    expect(found).toEqual([
      {
        division: { name: 'Scholastic A' },
        round: { number: 1, name: 'Finals' },
        group: { name: 'Bravo HS' },
        change: {
          kind: 'caption',
          category: 'General Effect',
          caption: 'General Effect',
          occurrence: 2,
          lines: [
            { name: 'Rep', before: FINALS_SCORES['Bravo HS'].ge2[0], after: 75 },
            { name: 'Perf', before: FINALS_SCORES['Bravo HS'].ge2[1], after: 73 },
          ],
        },
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: 'Second General Effect judge misread the sheet',
      },
      {
        division: { name: 'Scholastic A' },
        round: { number: 1, name: 'Finals' },
        group: { name: 'Bravo HS' },
        change: { kind: 'penalty', before: 0.5, after: 0.2 },
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: 'Timing penalty recounted',
      },
    ]);

    // the recap's v2 record holds the corrected numbers where the correction names them
    const records = (await (
      await fetch(`${bff.url}/api/2018-03/performances?c=${circuit.competition.guid}`)
    ).json()) as {
      GroupName: string;
      Categories: { Name: string; Captions: { Name: string; Subcaptions: { Name: string; Score: string }[] }[] }[];
    }[];
    const caption = records
      .find((record) => record.GroupName === 'Bravo HS')!
      .Categories.find((category) => category.Name === 'General Effect')!
      .Captions.filter((candidate) => candidate.Name === 'General Effect')[1];
    expect(caption.Subcaptions.map((line) => [line.Name, Number(line.Score)])).toEqual([
      ['Rep', 75],
      ['Perf', 73],
    ]);
  });

  it('answer 404 for an unknown competition and for a malformed guid', async () => {
    for (const guid of ['7c0f6a3e-0000-4000-8000-000000000000', 'not-a-guid'])
      expect((await fetch(`${bff.url}/api/bff/competitions/${guid}/corrections`)).status).toBe(404);
  });
});

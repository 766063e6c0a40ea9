/**
 * What a judge's score write costs the database, counted (issue 41): on show day 30 tablets write at once and the
 * embedded database runs one transaction at a time, in the API's own thread, so every statement of a write is
 * waited for by every write and read queued behind it (`npm run bench -- --only judges`). A change that adds a
 * statement to these writes should say why here.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { startApiWithSmallCircuit, type buildSmallCircuit } from '../helpers/small-circuit.js';
import { countStatements } from '../helpers/statement-count.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient } from './client.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let judge: ReturnType<typeof apiClient>;
let tabulator: ReturnType<typeof apiClient>;

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  const key = apiClient(api, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Tablets', redirectUris: [REDIRECT_URI] });
  const person = async (role: 'judge' | 'tabulator', email: string) => {
    const created = await api.createUser(circuit.org.guid, email, 'a long enough password', { role });
    await api.services.database.db.execute(
      sql`UPDATE users SET first_name = 'Mona', last_name = 'Move' WHERE id = ${created.id}`,
    );
    return {
      id: created.id,
      client: apiClient(api, { authorization: `Bearer ${await userToken(api, app, email, 'a long enough password')}` }),
    };
  };
  const seated = await person('judge', 'judge@circuit.example');
  judge = seated.client;
  tabulator = (await person('tabulator', 'tab@circuit.example')).client;
  const seat = await key.send('POST', `/competitions/${circuit.competition.id}/judges`, {
    round: 2,
    divisionId: circuit.scholasticA.id,
    captionKey: 'ma',
    userId: seated.id,
  });
  expect(seat.status, seat.text).toBe(200);
}, 180_000);
afterAll(() => api?.stop());

it("counts 11 statements for a judge's draft and 14 for its submit, BEGIN and COMMIT included", async () => {
  // A token's user is read once per instance and kept (auth-state.ts, decision 118): read before counting, so the
  // count is what every write costs, not what a judge's first request does
  expect((await judge.get('/me/seats')).status).toBe(200);
  const counter = countStatements(api.services.database);
  try {
    const path = `/performances/${circuit.encorePerformanceId}/scores`;
    const draft = await judge.send('POST', path, { captionKey: 'ma', scores: { voc: 70, exc: 72 }, state: 'draft' });
    expect(draft.status, draft.text).toBe(200);
    // the bump and the writer, the audit's before, the plan (2), the write, the answer, the audit's after, its
    // head and its entry: no tabulation, a draft counts for nothing
    expect(counter.count()).toBe(11);
    counter.reset();
    const submit = await judge.send('POST', path, { captionKey: 'ma', state: 'submitted', baseVersion: 1 });
    expect(submit.status, submit.text).toBe(200);
    // and the section's release state, its performances with their numbers, and their results
    expect(counter.count()).toBe(14);
    counter.reset();
    // the write is whole: the tabulator's progress shows it submitted
    const progress = await tabulator.get(`/competitions/${circuit.competition.id}/progress`);
    const section = progress.body.data.find(
      (entry: { round: { number: number }; division: { id: number } }) =>
        entry.round.number === 2 && entry.division.id === circuit.scholasticA.id,
    );
    expect(section.captions.find((caption: { captionKey: string }) => caption.captionKey === 'ma')).toMatchObject({
      submitted: 1,
    });
  } finally {
    counter.stop();
  }
});

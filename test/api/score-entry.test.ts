/**
 * Seats and score entry, answered by the API app in process (issue 26 sections 3 and 4; decision 080): judge users seated by
 * userId and signing in through the Authorization Code flow with their own tokens, GET /me/seats, drafts that do
 * not count until submitted, versions and the 409 score_conflict, corrections with a reason, each role tried on
 * what it must not do, an idempotent retry, two writers with one baseVersion, bulk entry all or none, and a
 * judge's sheet as CSV.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { ensureRound } from '../../server/api/db/repositories/rounds.write.js';
import { apiClient, namesOf, type Answer, type Json } from './client.js';

const PASSWORD = 'a long enough password';

type Client = ReturnType<typeof apiClient>;
let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let readOnly: Client;
const as: Record<'administrator' | 'tabulator' | 'chief' | 'judge1' | 'judge2', Client> = {} as never;
const ids: Record<string, number> = {};
/** the encore round's performances, in running order: Alpha (ea entered by the fixture), Bravo, Charlie */
const encore: Record<'alpha' | 'bravo' | 'charlie', number> = {} as never;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function user(role: string, email: string, first: string, last: string): Promise<Client> {
  const created = await api.createUser(circuit.org.guid, email, PASSWORD, { role: role as never });
  ids[email] = created.id;
  await api.services.database.db.execute(
    sql`UPDATE users SET first_name = ${first}, last_name = ${last} WHERE id = ${created.id}`,
  );
  return apiClient(api.inProcess, bearer(await userToken(api, showApp, email, PASSWORD)));
}
let showApp: { clientId: string; clientSecret: string };

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  showApp = await api.createKey(circuit.org.guid, { name: 'Judge tablets', redirectUris: [REDIRECT_URI] });
  as.administrator = await user('administrator', 'admin@circuit.example', 'Ada', 'Admin');
  as.tabulator = await user('tabulator', 'tab@circuit.example', 'Tess', 'Tab');
  as.chief = await user('chief-judge', 'chief@circuit.example', 'Pat', 'Chief');
  as.judge1 = await user('judge', 'judge1@circuit.example', 'Mona', 'Move');
  as.judge2 = await user('judge', 'judge2@circuit.example', 'Desi', 'Design');
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, bearer(await api.token(fans.clientId, fans.clientSecret)));
  encore.alpha = circuit.encorePerformanceId;
  for (const [name, order] of [
    ['Bravo HS', 2],
    ['Charlie HS', 3],
  ] as const) {
    const added = await key.send('POST', `/competitions/${circuit.competition.id}/performances`, {
      groupId: circuit.groups[name].id,
      divisionId: circuit.scholasticA.id,
      round: 2,
      order,
    });
    expect(added.status).toBe(201);
    encore[name === 'Bravo HS' ? 'bravo' : 'charlie'] = added.body.id;
  }
}, 180_000);
afterAll(() => api?.stop());

const scoresOf = (id: number) => `/performances/${id}/scores`;
const judges = () => `/competitions/${circuit.competition.id}/judges`;
const bulk = () => `/competitions/${circuit.competition.id}/scores`;
const seat = (captionKey: string, extra: Json) => ({
  round: 2,
  divisionId: circuit.scholasticA.id,
  captionKey,
  ...extra,
});

async function auditCount(): Promise<number> {
  return ((await key.get('/audit/')).body.data as Json[]).length;
}

/** The caption's stored (tabulated) score in a performance's result; undefined when the result has none. */
async function tabulatedCaption(performanceId: number, captionKey: string): Promise<number | undefined> {
  const result = await api.services.database.db.execute(
    sql`SELECT result FROM performances WHERE id = ${performanceId}`,
  );
  const stored = (result as unknown as { rows: { result: Json | null }[] }).rows[0].result;
  for (const category of stored?.categories ?? [])
    for (const caption of category.captions) if (caption.key === captionKey) return caption.score as number;
  return undefined;
}

function expectForbidden(answer: Answer, permission: string, what: string) {
  expect(answer.status, `${what}: ${answer.text}`).toBe(403);
  expect(answer.body, what).toMatchObject({ code: 'permission_required', permission });
}

describe('seats', () => {
  it('seats a judge user by userId (its names printed), by name alone, and refuses a non-judge or a stranger', async () => {
    const byUser = await as.tabulator.send('POST', judges(), seat('ma', { userId: ids['judge1@circuit.example'] }));
    expect(byUser.status, byUser.text).toBe(200);
    expect(byUser.body).toEqual({
      round: 2,
      divisionId: circuit.scholasticA.id,
      captionKey: 'ma',
      firstName: 'Mona',
      lastName: 'Move',
      userId: ids['judge1@circuit.example'],
    });
    const both = await key.send(
      'POST',
      judges(),
      seat('da', { userId: ids['judge2@circuit.example'], firstName: 'D.', lastName: 'Design' }),
    );
    expect(both.body).toMatchObject({ firstName: 'D.', lastName: 'Design', userId: ids['judge2@circuit.example'] });
    const byName = await key.send('POST', judges(), seat('ge1', { firstName: 'Paper', lastName: 'Judge' }));
    expect(byName.body).toMatchObject({ firstName: 'Paper', lastName: 'Judge', userId: null });

    const tabulator = await key.send('POST', judges(), seat('ge2', { userId: ids['tab@circuit.example'] }));
    expect(tabulator.status).toBe(422);
    expect(namesOf(tabulator)).toEqual(['userId']);
    const other = await api.createOrg('Other Circuit');
    const stranger = await api.createUser(other.guid, 'judge@other.example', PASSWORD, { role: 'judge' });
    const strange = await key.send('POST', judges(), seat('ge2', { userId: stranger.id }));
    expect(strange.status).toBe(422);
    expect(namesOf(strange)).toEqual(['userId']);
    const nobody = await key.send('POST', judges(), seat('ge2', {}));
    expect(nobody.status).toBe(422);
    expect(namesOf(nobody)).toEqual(['firstName']);
    expectForbidden(
      await as.judge1.send('POST', judges(), seat('ge2', { userId: ids['judge1@circuit.example'] })),
      'set-up',
      'judge seats',
    );
  });

  it("GET /me/seats answers the judge's caption, its lines' maxima, steps and weights, and the performances in running order", async () => {
    const seats = await as.judge1.get('/me/seats');
    expect(seats.status).toBe(200);
    expect(seats.headers.get('cache-control')).toBe('no-store');
    expect(seats.body.data).toHaveLength(1);
    const [mine] = seats.body.data as Json[];
    expect(mine).toMatchObject({
      competition: { id: circuit.competition.id, name: 'Color Guard' },
      round: { number: 2, name: 'Encore', released: false },
      division: { id: circuit.scholasticA.id, name: 'Scholastic A', initials: 'SA' },
      caption: { key: 'ma' },
    });
    expect(mine.caption.subcaptions.map((line: Json) => line.key)).toEqual(['voc', 'exc']);
    // the weights the tabulation multiplies the lines by (Movement Analysis: Voc 7, Exc 13 of 20), and its rounding
    expect(mine.caption.subcaptions.map((line: Json) => line.weight)).toEqual([0.07, 0.13]);
    expect(mine.caption.digits).toBe(3);
    for (const line of mine.caption.subcaptions) {
      expect(line.max).toBeGreaterThan(0);
      expect(line.step).toBe(0.001);
      expect(typeof line.name).toBe('string');
    }
    expect(mine.performances.map((p: Json) => [p.id, p.group.name])).toEqual([
      [encore.alpha, 'Alpha HS'],
      [encore.bravo, 'Bravo HS'],
      [encore.charlie, 'Charlie HS'],
    ]);
    expect(mine.performances[0].entry).toEqual({
      performanceId: encore.alpha,
      captionKey: 'ma',
      scores: [],
      state: null,
      version: 0,
      by: null,
      at: null,
    });
    // seated nowhere: an empty list, for a user and for a key
    expect((await as.tabulator.get('/me/seats')).body).toEqual({ data: [] });
    expect((await key.get('/me/seats')).body).toEqual({ data: [] });
    expect((await as.judge1.get(`/me/seats?competitionId=${circuit.competition.id + 1000}`)).body).toEqual({
      data: [],
    });
    expect((await as.judge1.get('/me/seats?competitionId=abc')).status).toBe(400);

    // a seat in a round with no performances yet shows the division's sheet, and nothing to enter
    await ensureRound(api.services.database.db, circuit.org.id, {
      competitionId: circuit.competition.id,
      number: 3,
      name: 'Exhibition',
    });
    const later = await key.send('POST', judges(), {
      ...seat('ma', { userId: ids['judge1@circuit.example'] }),
      round: 3,
    });
    expect(later.status, later.text).toBe(200);
    const both = (await as.judge1.get('/me/seats')).body.data as Json[];
    expect(both.map((s) => [s.round.number, s.caption.key, s.performances.length])).toEqual([
      [2, 'ma', 3],
      [3, 'ma', 0],
    ]);
    expect(both[1].caption.subcaptions.map((line: Json) => line.key)).toEqual(['voc', 'exc']);
  });
});

describe('entry states, versions and conflicts', () => {
  it("keeps a judge's draft out of the tabulation until it is submitted, then the judge can no longer change it", async () => {
    const draft = await as.judge1.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      scores: { voc: 70, exc: 72 },
      baseVersion: 0,
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.entry).toMatchObject({
      performanceId: encore.alpha,
      captionKey: 'ma',
      state: 'draft',
      version: 1,
      scores: [
        { subcaptionKey: 'exc', score: 72 },
        { subcaptionKey: 'voc', score: 70 },
      ],
      by: { kind: 'user', id: String(ids['judge1@circuit.example']), name: 'Mona Move' },
    });
    // the unreleased tabulation is not the judge's to see
    expect(draft.body).toMatchObject({ performanceId: encore.alpha, released: false, total: null, subtotal: null });
    // a draft is not a score: the stored tabulation has no movement number yet
    expect(await tabulatedCaption(encore.alpha, 'ma')).toBe(0);
    expect(await tabulatedCaption(encore.alpha, 'ea')).toBeGreaterThan(0);
    expect((await as.judge1.get('/me/seats')).body.data[0].performances[0].entry).toMatchObject({
      state: 'draft',
      version: 1,
    });

    // a submitted sheet is whole
    const partial = await as.judge1.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      scores: { voc: 71 },
      state: 'submitted',
    });
    expect(partial.status).toBe(422);
    expect(partial.body.detail).toContain('Movement Analysis: Exc has no score');

    // submitting the draft as it is: no scores, a state
    const submitted = await as.judge1.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      state: 'submitted',
      baseVersion: 1,
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.entry).toMatchObject({ state: 'submitted', version: 2 });
    expect(await tabulatedCaption(encore.alpha, 'ma')).toBeGreaterThan(0);

    const again = await as.judge1.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      scores: { voc: 1, exc: 1 },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'entry_submitted',
      current: { state: 'submitted', version: 2, by: { kind: 'user', name: 'Mona Move' } },
    });
    expect(again.body.current.scores).toEqual([
      { subcaptionKey: 'exc', score: 72 },
      { subcaptionKey: 'voc', score: 70 },
    ]);
  });

  it('refuses each role what it must not do: another caption, another round, penalties, set-up, and a read-only key', async () => {
    const before = await auditCount();
    // judge1 sits on movement in round 2 only
    expectForbidden(
      await as.judge1.send('POST', scoresOf(encore.bravo), { captionKey: 'da', scores: { comp: 1, exc: 1 } }),
      'enter-scores',
      'another caption',
    );
    expectForbidden(
      await as.judge1.send('POST', scoresOf(circuit.performances['Bravo HS']), {
        captionKey: 'ma',
        scores: { voc: 1, exc: 1 },
      }),
      'enter-scores',
      'another round',
    );
    expectForbidden(
      await as.judge1.send('POST', `/performances/${encore.bravo}/penalties`, { penalties: [{ amount: 1 }] }),
      'enter-penalties',
      'judge penalties',
    );
    expectForbidden(
      await as.judge1.send('POST', `/performances/${encore.bravo}/performed`, { performed: false }),
      'set-up',
      'judge performed',
    );
    expectForbidden(
      await as.judge1.send('POST', `/competitions/${circuit.competition.id}/release`, { round: 2 }),
      'release',
      'judge release',
    );
    expectForbidden(
      await as.chief.send('POST', scoresOf(encore.bravo), { captionKey: 'ma', scores: { voc: 1, exc: 1 } }),
      'enter-scores',
      'chief judge',
    );
    expectForbidden(
      await as.chief.send('POST', bulk(), {
        entries: [{ performanceId: encore.bravo, captionKey: 'ma', scores: { voc: 1 } }],
      }),
      'enter-scores',
      'chief judge bulk',
    );
    expectForbidden(
      await readOnly.send('POST', scoresOf(encore.bravo), { captionKey: 'ma', scores: { voc: 1, exc: 1 } }),
      'enter-scores',
      'read-only key',
    );
    expectForbidden(
      await as.judge1.send('POST', bulk(), {
        entries: [
          { performanceId: encore.bravo, captionKey: 'ma', scores: { voc: 60, exc: 61 } },
          { performanceId: encore.bravo, captionKey: 'da', scores: { comp: 60, exc: 61 } },
        ],
      }),
      'enter-scores',
      'judge bulk with a caption not its own',
    );
    // a tabulator's entry is never a draft
    const draft = await as.tabulator.send('POST', scoresOf(encore.bravo), {
      captionKey: 'ge2',
      scores: { rep: 1, perf: 1 },
      state: 'draft',
    });
    expect(draft.status).toBe(422);
    expect(namesOf(draft)).toEqual(['state']);
    expect(await auditCount()).toBe(before);
    expect((await as.judge1.get('/me/seats')).body.data[0].performances[1].entry.version).toBe(0);
  });

  it('lets a tabulator or an administrator correct a submitted entry with a reason (422 without), and a key as before', async () => {
    const bare = await as.tabulator.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      scores: { voc: 74, exc: 72 },
    });
    expect(bare.status).toBe(422);
    expect(namesOf(bare)).toEqual(['reason']);
    const before = await auditCount();
    const corrected = await as.tabulator.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      scores: { voc: 74, exc: 72 },
      baseVersion: 2,
      reason: 'judge transposed two digits',
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.entry).toMatchObject({ state: 'submitted', version: 3, by: { name: 'Tess Tab' } });
    // the tabulator sees the tabulation it made
    expect(corrected.body.total).not.toBeNull();
    const trail = (await key.get('/audit/')).body.data as Json[];
    expect(trail).toHaveLength(before + 1);
    const entry = trail.at(-1)!;
    expect(entry).toMatchObject({
      action: 'performance.enter-scores',
      resource: { type: 'performance', id: String(encore.alpha) },
      actor: { kind: 'user', name: 'Tess Tab' },
      reason: 'judge transposed two digits',
    });
    expect(entry.before.entries).toContainEqual({ captionKey: 'ma', state: 'submitted', version: 2 });
    expect(entry.after.entries).toContainEqual({ captionKey: 'ma', state: 'submitted', version: 3 });
    const administrator = await as.administrator.send(
      'POST',
      scoresOf(encore.alpha),
      { captionKey: 'ma', scores: { voc: 75, exc: 72 } },
      { 'x-audit-reason': 'recount' },
    );
    expect(administrator.body.entry).toMatchObject({ version: 4 });
    // a key keeps the access keys always had (scripts)
    const script = await key.send('POST', scoresOf(encore.alpha), { captionKey: 'ma', scores: { voc: 75, exc: 73 } });
    expect(script.status).toBe(200);
    expect(script.body.entry).toMatchObject({ version: 5, by: { kind: 'key' } });
  });

  it('refuses a write on a stale baseVersion with 409 score_conflict carrying the entry as it is, changing nothing', async () => {
    const before = await auditCount();
    const stale = await as.tabulator.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ma',
      scores: { voc: 10, exc: 10 },
      baseVersion: 3,
      reason: 'late',
    });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stale.body).toMatchObject({
      status: 409,
      code: 'score_conflict',
      errors: [{ name: 'baseVersion', in: 'body' }],
      current: {
        performanceId: encore.alpha,
        captionKey: 'ma',
        state: 'submitted',
        version: 5,
        scores: [
          { subcaptionKey: 'exc', score: 73 },
          { subcaptionKey: 'voc', score: 75 },
        ],
        by: { kind: 'key' },
      },
    });
    expect(Date.parse(stale.body.current.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await auditCount()).toBe(before);
    // numbers imported without an entry are a submitted entry at version 1
    const imported = await as.tabulator.send('POST', scoresOf(encore.alpha), {
      captionKey: 'ea',
      scores: { voc: 1, exc: 1 },
      baseVersion: 0,
      reason: 'x',
    });
    expect(imported.status).toBe(409);
    expect(imported.body.current).toMatchObject({ state: 'submitted', version: 1, by: null, at: null });
    expect(imported.body.current.scores).toEqual([
      { subcaptionKey: 'exc', score: 90 },
      { subcaptionKey: 'voc', score: 90 },
    ]);
  });

  it('applies a retry with the same Idempotency-Key once and answers it the same', async () => {
    const before = await auditCount();
    const body = { captionKey: 'da', scores: { comp: 66, exc: 67 }, baseVersion: 0 };
    const headers = { 'idempotency-key': 'tablet-7-bravo-da-1' };
    const first = await as.judge2.send('POST', scoresOf(encore.bravo), body, headers);
    expect(first.status, first.text).toBe(200);
    expect(first.body.entry).toMatchObject({ state: 'draft', version: 1 });
    const retry = await as.judge2.send('POST', scoresOf(encore.bravo), body, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await auditCount()).toBe(before + 1);
    const seats = (await as.judge2.get('/me/seats')).body.data[0];
    expect(seats.performances[1].entry).toMatchObject({ version: 1, state: 'draft' });
    // the same key with another request is refused
    const reused = await as.judge2.send('POST', scoresOf(encore.bravo), { ...body, baseVersion: 1 }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
  });

  it('lets one of two writers with the same baseVersion win; the other gets 409 with the winner as current', async () => {
    const write = (voc: number) =>
      as.judge2.send('POST', scoresOf(encore.bravo), {
        captionKey: 'da',
        scores: { comp: voc, exc: 60 },
        baseVersion: 1,
      });
    const answers = await Promise.all([write(61), write(62)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.code).toBe('score_conflict');
    expect(loser.body.current).toMatchObject({ version: 2, scores: winner.body.entry.scores });
    expect(winner.body.entry.version).toBe(2);
  });

  it('keeps drafts out of what fans see once the round is released', async () => {
    // Bravo's design is judge2's draft; Charlie has nothing yet: a draft is no caption in, so release names it
    const refused = await key.send('POST', `/competitions/${circuit.competition.id}/release`, { round: 2 });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(String(encore.bravo));
    const forced = await key.send('POST', `/competitions/${circuit.competition.id}/release`, {
      round: 2,
      force: true,
      reason: 'drafts stay out of the published numbers',
    });
    expect(forced.status).toBe(200);
    const scores = await readOnly.get(`/competitions/${circuit.competition.id}/scores`);
    const section = (scores.body.data as Json[]).find((s) => s.round.number === 2)!;
    const bravo = (section.performances as Json[]).find((p) => p.performanceId === encore.bravo)!;
    // only a draft: not scored at all
    expect(bravo.total).toEqual({ score: 0, rank: null });
    const alpha = (section.performances as Json[]).find((p) => p.performanceId === encore.alpha)!;
    const movement = alpha.categories.flatMap((c: Json) => c.captions).find((c: Json) => c.key === 'ma');
    expect(movement.score).toBeGreaterThan(0);
    expect(
      (await key.send('POST', `/competitions/${circuit.competition.id}/release`, { round: 2, released: false })).status,
    ).toBe(200);
  });

  it('answers the same numbers sent again (a second tap on Submit) with the entry as it is, writing nothing', async () => {
    const sheet = { voc: 70, exc: 72 };
    const first = await as.judge1.send('POST', scoresOf(encore.charlie), {
      captionKey: 'ma',
      scores: sheet,
      state: 'submitted',
      baseVersion: 0,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.entry).toMatchObject({ state: 'submitted', version: 1 });
    const before = await auditCount();

    // the second tap was built on the same base as the first: no conflict, no second version, nothing audited
    const again = await as.judge1.send('POST', scoresOf(encore.charlie), {
      captionKey: 'ma',
      scores: { exc: 72, voc: 70 },
      state: 'submitted',
      baseVersion: 0,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.entry).toEqual(first.body.entry);
    expect(await auditCount()).toBe(before);

    // anything else is still refused: other numbers, or the submitted entry back to a draft
    for (const body of [
      { captionKey: 'ma', scores: { voc: 70, exc: 72.5 }, state: 'submitted', baseVersion: 1 },
      { captionKey: 'ma', scores: sheet, state: 'draft', baseVersion: 1 },
    ]) {
      const refused = await as.judge1.send('POST', scoresOf(encore.charlie), body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body).toMatchObject({ code: 'entry_submitted', current: { version: 1 } });
    }

    // a tabulator's "correction" to the same numbers corrects nothing, so it asks no reason; nor does a bulk resend
    const same = await as.tabulator.send('POST', scoresOf(encore.charlie), { captionKey: 'ma', scores: sheet });
    expect(same.status, same.text).toBe(200);
    expect(same.body.entry).toEqual(first.body.entry);
    const resent = await key.send('POST', bulk(), {
      entries: [{ performanceId: encore.charlie, captionKey: 'ma', scores: sheet }],
    });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.data).toEqual([first.body.entry]);
    expect(await auditCount()).toBe(before);
  });
});

describe('bulk entry', () => {
  it('writes many entries all or none, naming entries[i] in a refusal, and tabulates once', async () => {
    const before = await auditCount();
    const bad = await as.tabulator.send('POST', bulk(), {
      entries: [
        { performanceId: encore.bravo, captionKey: 'ge1', scores: { rep: 70, perf: 71 } },
        { performanceId: encore.charlie, captionKey: 'ge1', scores: { rep: 70, perf: 1000 } },
      ],
    });
    expect(bad.status).toBe(422);
    expect(namesOf(bad)).toEqual(['entries[1].scores[1].score']);
    const foreign = await as.tabulator.send('POST', bulk(), {
      entries: [
        { performanceId: encore.bravo, captionKey: 'ge1', scores: { rep: 70, perf: 71 } },
        { performanceId: circuit.performances['Alpha HS'] + 100_000, captionKey: 'ge1', scores: { rep: 1 } },
      ],
    });
    expect(namesOf(foreign)).toEqual(['entries[1].performanceId']);
    const conflict = await as.tabulator.send('POST', bulk(), {
      entries: [
        { performanceId: encore.charlie, captionKey: 'ge1', scores: { rep: 70, perf: 71 } },
        { performanceId: encore.alpha, captionKey: 'ma', scores: { voc: 1, exc: 1 }, baseVersion: 1 },
      ],
      reason: 'x',
    });
    expect(conflict.status).toBe(409);
    expect(namesOf(conflict)).toEqual(['entries[1].baseVersion']);
    expect(conflict.body.current.version).toBe(5);
    const twice = await as.tabulator.send('POST', bulk(), {
      entries: [
        { performanceId: encore.charlie, captionKey: 'ge1', scores: { rep: 70, perf: 71 } },
        { performanceId: encore.charlie, captionKey: 'ge1', scores: { rep: 70, perf: 71 } },
      ],
    });
    expect(namesOf(twice)).toEqual(['entries[1].captionKey']);
    const tooMany = await as.tabulator.send('POST', bulk(), {
      entries: Array.from({ length: 1001 }, () => ({ performanceId: encore.charlie, captionKey: 'ge1' })),
    });
    expect(tooMany.status).toBe(400);
    expect(namesOf(tooMany)).toEqual(['entries']);
    // nothing of those was written
    expect(await auditCount()).toBe(before);
    expect(await tabulatedCaption(encore.bravo, 'ge1')).toBeUndefined();

    const good = await as.tabulator.send('POST', bulk(), {
      entries: [
        { performanceId: encore.bravo, captionKey: 'ge1', scores: { rep: 70, perf: 71 } },
        { performanceId: encore.charlie, captionKey: 'ge1', scores: [{ subcaptionKey: 'rep', score: 60 }] },
        { performanceId: encore.bravo, captionKey: 'ge2', scores: { rep: 72, perf: 73 }, baseVersion: 0 },
      ],
    });
    expect(good.status, good.text).toBe(200);
    expect(good.body.data.map((e: Json) => [e.performanceId, e.captionKey, e.state, e.version])).toEqual([
      [encore.bravo, 'ge1', 'submitted', 1],
      [encore.charlie, 'ge1', 'submitted', 1],
      [encore.bravo, 'ge2', 'submitted', 1],
    ]);
    expect(await tabulatedCaption(encore.bravo, 'ge1')).toBeGreaterThan(0);
    // one audit entry per performance changed
    const trail = ((await key.get('/audit/')).body.data as Json[]).slice(before);
    expect(trail.map((e) => [e.action, e.resource.id])).toEqual([
      ['performance.enter-scores', String(encore.bravo)],
      ['performance.enter-scores', String(encore.charlie)],
    ]);
    // another competition's performance is not this competition's
    const elsewhere = await as.tabulator.send('POST', `/competitions/${circuit.competition.id + 1}/scores`, {
      entries: [{ performanceId: encore.bravo, captionKey: 'ge1', scores: { rep: 1 } }],
    });
    expect([404, 422]).toContain(elsewhere.status);
    if (elsewhere.status === 422) expect(namesOf(elsewhere)).toEqual(['entries[0].performanceId']);
  });

  it("takes a judge's sheet as CSV, rows by group name, and names the row and column of a bad cell", async () => {
    const query = `?captionKey=da&round=2&divisionId=${circuit.scholasticA.id}`;
    const csv = (text: string, client: Client = as.judge2, extra = '', headers: Record<string, string> = {}) =>
      client.send('POST', `${bulk()}${query}${extra}`, text, { 'content-type': 'text/csv', ...headers });
    const before = await auditCount();
    const bad = await csv('group,comp,exc\r\nAlpha HS,50,51\r\nCharlie HS,50,abc\r\n"Nobody, HS",1,1\r\n');
    expect(bad.status).toBe(422);
    expect(namesOf(bad)).toEqual(['row 3, column exc', 'row 4, column group']);
    expect(bad.body.errors[0].message).toContain('row 3, column exc');
    // a number past the line's maximum is said in the sheet's words, as the score dialog says it
    const tooHigh = await csv('group,comp,exc\nAlpha HS,50,9999\n');
    expect(namesOf(tooHigh)).toEqual(['row 2, column exc']);
    expect(tooHigh.body.errors[0].message).toMatch(/: .+ can be at most \d+(\.\d+)? \(9999 given\)/);
    const unknownColumn = await csv('performanceId,comp,nope\n1,1,1\n');
    expect(namesOf(unknownColumn)).toEqual(['row 1, column nope']);
    const noQuery = await as.judge2.send('POST', bulk(), 'group,comp\nAlpha HS,1\n', { 'content-type': 'text/csv' });
    expect(noQuery.status).toBe(400);
    expect(await auditCount()).toBe(before);

    // Bravo's design is judge2's draft at version 2; Alpha and Charlie are new
    const text = 'group,comp,exc\nAlpha HS,50,51\nCharlie HS,55,56\n';
    const retried = { 'idempotency-key': 'tablet-9-da-sheet' };
    const sheet = await csv(text, as.judge2, '', retried);
    expect(sheet.status, sheet.text).toBe(200);
    expect(sheet.body.data.map((e: Json) => [e.performanceId, e.state, e.version])).toEqual([
      [encore.alpha, 'draft', 1],
      [encore.charlie, 'draft', 1],
    ]);
    // a retry of the sheet applies once; the same key on another caption's query is another request
    const retry = await csv(text, as.judge2, '', retried);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(sheet.body);
    expect((await csv(text, as.judge2, '&state=draft', retried)).body.code).toBe('idempotency_key_reused');
    // a row whose write is refused later is named by its row too
    const submitted = await csv(`performanceId,comp,exc\n${encore.charlie},55,56\n`, as.judge2, '&state=submitted');
    expect(submitted.status).toBe(200);
    const locked = await csv(`performanceId,comp,exc\n${encore.alpha},1,1\n${encore.charlie},1,1\n`);
    expect(locked.status).toBe(409);
    expect(namesOf(locked)).toEqual(['row 3, column state']);
    // judge1 is not seated on design
    expectForbidden(await csv('group,comp,exc\nAlpha HS,1,1\n', as.judge1), 'enter-scores', 'csv of another caption');
    // a form is not a sheet
    const form = await as.judge2.form(`${bulk()}${query}`, { group: 'Alpha HS' });
    expect(form.status).toBe(415);
  });
});

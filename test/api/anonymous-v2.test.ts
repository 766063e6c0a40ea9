/**
 * Decision 026: v2's competitions and performances without a token, for organizations open to
 * programmatic access, over the real HTTPS server. Exactly the records a token gets, closed divisions left out,
 * `[]` for a closed or unknown organization, 404 with `Message` for an unknown competition; v4, v3 and v2 groups
 * stay behind a token; anonymous callers are rate-limited per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { setProgrammaticAccess } from '../../server/api/db/repositories/organizations.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import { ensureRound } from '../../server/api/db/repositories/rounds.write.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let auth: Record<string, string>;
let closed: Awaited<ReturnType<typeof buildSmallCircuit>>;

const read = async (path: string, headers: Record<string, string> = {}, localAddress?: string) => {
  const response = await api.fetch(path, { headers, localAddress });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
};
const db = () => api.services.database.db;

beforeAll(async () => {
  api = await startTestApi({ env: { ANONYMOUS_RATE_LIMIT_REQUESTS: '40' } });
  circuit = await buildSmallCircuit(db(), 'Open Circuit');
  closed = await buildSmallCircuit(db(), 'Closed Circuit');
  // A second division in the released round, so closing one division leaves the other's records.
  const finals = await ensureRound(db(), circuit.org.id, {
    competitionId: circuit.competition.id,
    number: 1,
    name: 'Finals',
  });
  await addPerformance(db(), circuit.org.id, {
    roundId: finals.id,
    divisionId: circuit.percussion.id,
    groupId: circuit.groups['Delta Drumline'].id,
    order: 9,
  });
  await setProgrammaticAccess(db(), circuit.org.id, true);
  const key = await api.createKey(circuit.org.guid);
  auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
});
afterAll(() => api?.stop());

describe('anonymous v2 reads of an open organization', () => {
  it('answers competitions?o= and performances?c= without a token, exactly the records a token gets', async () => {
    const competitions = await read(`/2018-03/competitions?o=${circuit.org.guid}`);
    expect(competitions.status).toBe(200);
    expect(competitions.body).toEqual((await read('/2018-03/competitions', auth)).body);
    expect(competitions.body.map((c: { CompetitionName: string }) => c.CompetitionName)).toEqual([
      'Color Guard Championship',
      'Color Guard',
    ]);

    const performances = await read(`/2018-03/performances?c=${circuit.competition.guid}`);
    expect(performances.status).toBe(200);
    const withToken = (await read(`/2018-03/performances?c=${circuit.competition.guid}`, auth)).body;
    expect(performances.body).toEqual(withToken);
    // released results only: the unreleased Encore round is not there
    expect(new Set(performances.body.map((p: { RoundName: string }) => p.RoundName))).toEqual(new Set(['Finals']));
    expect(performances.body.find((p: { GroupName: string }) => p.GroupName === 'Alpha HS')).toMatchObject({ Rank: 1 });
  });

  it('answers competitions?year= without o and without a token with every open organization of that year', async () => {
    const year = await read('/2018-03/competitions?year=2027');
    expect(year.status).toBe(200);
    expect(year.body.map((c: { CompetitionGuid: string }) => c.CompetitionGuid)).toEqual([circuit.competition.guid]);
    const earlier = await read('/2018-03/competitions?year=2026');
    expect(earlier.body.map((c: { CompetitionName: string }) => c.CompetitionName)).toEqual([
      'Color Guard Championship',
    ]);
    const again = await read('/2018-03/competitions?year=2027', { 'if-none-match': year.headers.get('etag')! });
    expect(again.status).toBe(304);
    const missing = await read('/2018-03/competitions');
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe(missing.body.detail);
  });

  it('leaves closed divisions out, and answers [] when none is open', async () => {
    const before = await read(`/2018-03/performances?c=${circuit.competition.guid}`);
    expect(before.body.map((p: { DivisionName: string }) => p.DivisionName)).toContain('Percussion Scholastic A');
    await setProgrammaticAccess(db(), circuit.org.id, false, 'Percussion Scholastic A');
    const after = await read(`/2018-03/performances?c=${circuit.competition.guid}`);
    expect(after.body.length).toBe(before.body.length - 1);
    expect(after.body.map((p: { DivisionName: string }) => p.DivisionName)).not.toContain('Percussion Scholastic A');
    // a token still reads every division
    expect((await read(`/2018-03/performances?c=${circuit.competition.guid}`, auth)).body).toHaveLength(
      before.body.length,
    );

    await setProgrammaticAccess(db(), circuit.org.id, false, 'Scholastic A');
    expect((await read(`/2018-03/performances?c=${circuit.competition.guid}`)).body).toEqual([]);
    expect((await read(`/2018-03/competitions?o=${circuit.org.guid}`)).body).toEqual([]);
    await setProgrammaticAccess(db(), circuit.org.id, true, 'Scholastic A');
    await setProgrammaticAccess(db(), circuit.org.id, true, 'Percussion Scholastic A');
    expect((await read(`/2018-03/performances?c=${circuit.competition.guid}`)).body).toHaveLength(before.body.length);
  });
});

describe('closed and unknown', () => {
  it('answers [] for a closed or unknown organization, and 404 with Message for an unknown competition', async () => {
    expect(await read(`/2018-03/competitions?o=${closed.org.guid}`)).toMatchObject({ status: 200, body: [] });
    expect(await read('/2018-03/competitions?o=00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 200,
      body: [],
    });
    expect(await read(`/2018-03/performances?c=${closed.competition.guid}`)).toMatchObject({ status: 200, body: [] });
    const unknown = await read('/2018-03/performances?c=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body).toMatchObject({ code: 'not_found', Message: unknown.body.detail });
    // the year listing leaves the closed organization out
    expect(
      (await read('/2018-03/competitions?year=2027')).body.map((c: { CompetitionGuid: string }) => c.CompetitionGuid),
    ).not.toContain(closed.competition.guid);
  });

  it('opening an organization takes effect at once, closing it again too', async () => {
    await setProgrammaticAccess(db(), closed.org.id, true);
    expect((await read(`/2018-03/performances?c=${closed.competition.guid}`)).body.length).toBeGreaterThan(0);
    await setProgrammaticAccess(db(), closed.org.id, false);
    expect((await read(`/2018-03/performances?c=${closed.competition.guid}`)).body).toEqual([]);
  });
});

describe('what stays behind a token', () => {
  it('v4, v3 and v2 groups answer 401 without a token, with Message on v2', async () => {
    for (const path of ['/events/', '/v3/groups', '/seasons/', `/2018-03/groups?o=${circuit.org.guid}`]) {
      const answer = await read(path);
      expect(answer.status, path).toBe(401);
      expect(answer.headers.get('www-authenticate'), path).toMatch(/^Bearer/);
    }
    const groups = await read(`/2018-03/groups?o=${circuit.org.guid}`);
    expect(groups.body.Message).toBe(groups.body.detail);
  });

  it('a bad token is a 401 on the open reads too; a token still names its own organization only', async () => {
    const bad = await read(`/2018-03/performances?c=${circuit.competition.guid}`, { authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
    expect(bad.body.Message).toBe(bad.body.detail);
    const other = await read(`/2018-03/competitions?o=${closed.org.guid}`, auth);
    expect(other.status).toBe(403);
    expect(other.body.Message).toMatch(/another organization/);
  });
});

describe('the anonymous rate limit', () => {
  it('counts per address, and a token is not counted against it', async () => {
    const path = `/2018-03/competitions?o=${circuit.org.guid}`;
    let last = await read(path, {}, '127.0.0.9');
    for (let i = 1; i < 41; i++) last = await read(path, {}, '127.0.0.9');
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last.body.Message).toBe(last.body.detail);
    expect((await read(path, {}, '127.0.0.10')).status).toBe(200);
    expect((await read(path, auth, '127.0.0.9')).status).toBe(200);
  });
});

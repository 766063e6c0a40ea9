/**
 * The awards read (issue 36, item 13), answered by the API app in process: the released divisions and rounds with
 * their placements as the released scores rank them, the unreleased ones named only, and who may read it (the
 * administrator, the tabulator and the chief judge; a judge and a read-only key are refused naming the permission).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, type Json } from './client.js';
import type { Role } from '../../domain/roles.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let readOnly: Client;
const as = {} as Record<Role, Client>;

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  for (const role of ['administrator', 'tabulator', 'chief-judge', 'judge'] as const) {
    const email = `${role}@awards.example`;
    await api.createUser(circuit.org.guid, email, PASSWORD, { role });
    as[role] = apiClient(api.inProcess, { authorization: `Bearer ${await userToken(api, app, email, PASSWORD)}` });
  }
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(fans.clientId, fans.clientSecret)}` });
}, 180_000);
afterAll(() => api?.stop());

const awardsOf = (competitionId: number) => `/competitions/${competitionId}/awards`;

describe('the awards', () => {
  it('places each released division and round as its released scores rank it, and names the unreleased', async () => {
    const awards = await as.tabulator.get(awardsOf(circuit.competition.id));
    expect(awards.status).toBe(200);
    expect(awards.body.competition).toEqual({
      id: circuit.competition.id,
      guid: circuit.competition.guid,
      name: 'Color Guard',
    });
    const scores = await key.get(`/competitions/${circuit.competition.id}/scores`);
    const released = (scores.body.data as Json[]).map((section) => ({
      division: { id: section.division.id, name: section.division.name },
      round: section.round,
      placements: (section.performances as Json[]).map((performance) => ({
        performanceId: performance.performanceId,
        group: performance.group,
        rank: performance.total.rank,
        total: performance.total.score,
      })),
    }));
    expect(awards.body.data).toEqual(released);
    // The finals as the small circuit scores them: Alpha ahead of Bravo (with its penalty) ahead of Charlie.
    const finals = awards.body.data[0];
    expect(finals.round).toEqual({ number: 1, name: 'Finals' });
    expect(finals.placements.map((placement: Json) => [placement.group.name, placement.rank])).toEqual([
      ['Alpha HS', 1],
      ['Bravo HS', 2],
      ['Charlie HS', 3],
    ]);
    expect(awards.body.notReleased).toEqual([
      { division: { id: circuit.scholasticA.id, name: 'Scholastic A' }, round: { number: 2, name: 'Encore' } },
    ]);
  });

  it('leaves out a group that did not perform: it has no place', async () => {
    const charlie = circuit.performances['Charlie HS'];
    const marked = await key.send('POST', `/performances/${charlie}/performed`, {
      performed: false,
      noScoreReason: 'Did not perform',
      reason: 'Equipment failure',
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    try {
      const awards = await as.administrator.get(awardsOf(circuit.competition.id));
      expect(awards.body.data[0].placements.map((placement: Json) => placement.group.name)).toEqual([
        'Alpha HS',
        'Bravo HS',
      ]);
    } finally {
      await key.send('POST', `/performances/${charlie}/performed`, { performed: true, reason: 'It did perform' });
    }
  });

  it('is read by administrators, tabulators and chief judges; a judge and a read-only key are refused', async () => {
    for (const client of [as.administrator, as.tabulator, as['chief-judge'], key])
      expect((await client.get(awardsOf(circuit.competition.id))).status).toBe(200);
    for (const [client, who] of [
      [as.judge, 'judge'],
      [readOnly, 'read-only key'],
    ] as const) {
      const refused = await client.get(awardsOf(circuit.competition.id));
      expect(refused.status, who).toBe(403);
      expect(refused.body, who).toMatchObject({ code: 'permission_required', permission: 'read-awards' });
    }
  });

  it("answers 404 for a competition that is not the organization's, and 400 for an id that is not one", async () => {
    const other = await buildSmallCircuit(api.services.database.db, 'Another Circuit');
    expect((await as.tabulator.get(awardsOf(other.competition.id))).status).toBe(404);
    expect((await as.tabulator.get(awardsOf(999_999_999))).status).toBe(404);
    expect((await as.tabulator.get('/competitions/__proto__/awards')).status).toBe(400);
  });
});

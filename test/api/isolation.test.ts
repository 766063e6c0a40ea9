import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';

let api: TestApi;
let a: Awaited<ReturnType<typeof buildSmallCircuit>>;
let b: Awaited<ReturnType<typeof buildSmallCircuit>>;
let tokenB: string;

const asB = async (path: string, init: { method?: string; body?: string } = {}) => {
  const response = await api.fetch(path, {
    method: init.method,
    body: init.body,
    headers: { authorization: `Bearer ${tokenB}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await response.text();
  return { status: response.status, text };
};

beforeAll(async () => {
  api = await startTestApi();
  a = await buildSmallCircuit(api.services.database.db, 'Circuit A');
  b = await buildSmallCircuit(api.services.database.db, 'Circuit B');
  const key = await api.createKey(b.org.guid);
  tokenB = await api.token(key.clientId, key.clientSecret);
});
afterAll(() => api?.stop());

describe("one organization's token never sees another's data", () => {
  it("lists hold only the token's organization", async () => {
    const idsOfB = {
      events: [b.event.id, b.practice.id, b.oldEvent.id],
      groups: Object.values(b.groups).map((g) => g.id),
      divisions: [b.scholasticA.id, b.percussion.id],
      seasons: [b.season.id, b.oldSeason.id],
    };
    const lists: [string, keyof typeof idsOfB][] = [
      ['/events/', 'events'],
      ['/v3/events', 'events'],
      ['/groups/', 'groups'],
      ['/v3/groups', 'groups'],
      ['/divisions/', 'divisions'],
      ['/v3/divisions', 'divisions'],
      ['/seasons/', 'seasons'],
      ['/v3/seasons', 'seasons'],
    ];
    for (const [path, kind] of lists) {
      const { status, text } = await asB(path);
      expect(status, path).toBe(200);
      expect((JSON.parse(text).data as { id: number }[]).map((row) => row.id).sort(), path).toEqual(
        [...idsOfB[kind]].sort(),
      );
    }
    for (const path of ['/2018-03/competitions?includePractice=true', '/2018-03/groups']) {
      const { status, text } = await asB(path);
      expect(status, path).toBe(200);
      expect(JSON.parse(text).length, path).toBeGreaterThan(0);
      for (const guid of [a.competition.guid, a.event.guid, ...Object.values(a.groups).map((g) => g.guid)])
        expect(text, path).not.toContain(guid);
    }
  });

  it("another organization's ids are 404 on every retrieval", async () => {
    const paths = [
      `/events/${a.event.id}`,
      `/groups/${a.groups['Alpha HS'].id}`,
      `/groups/${a.groups['Alpha HS'].id}/performances`,
      `/competitions/${a.competition.id}/scores`,
      `/competitions/${a.competition.id}/schedule`,
      `/standings/?seasonId=${a.season.id}`,
      `/v3/events/${a.event.id}`,
      `/v3/seasons/${a.season.id}`,
      `/v3/groups/${a.groups['Alpha HS'].id}/events`,
      `/2018-03/performances?c=${a.competition.guid}`,
      `/2018-03/groups?c=${a.competition.guid}`,
    ];
    for (const path of paths) expect((await asB(path)).status, path).toBe(404);
    expect((await asB(`/2018-03/competitions?o=${a.org.guid}`)).status).toBe(403);
  });

  it("another organization's ids are 404 on every write, and nothing changes", async () => {
    const before = await api
      .fetch(`/competitions/${a.competition.id}/scores`, {
        headers: { authorization: `Bearer ${await tokenFor(a.org.guid)}` },
      })
      .then((r) => r.text());
    // ids in the path are 404; ids in the body are references that break a rule: 422 naming the field
    const references: [string, unknown, string][] = [
      ['/groups/', { name: 'Sneaky', divisionId: a.scholasticA.id }, 'divisionId'],
      [`/groups/${b.groups['Alpha HS'].id}`, { divisionId: a.scholasticA.id }, 'divisionId'],
      ['/events/', { seasonId: a.season.id, name: 'Sneaky', eventTypeId: 1, startDate: '2027-01-01' }, 'seasonId'],
      [
        `/competitions/${b.competition.id}/performances`,
        { groupId: a.groups['Alpha HS'].id, divisionId: b.scholasticA.id, round: 2 },
        'groupId',
      ],
      [
        `/competitions/${b.competition.id}/performances`,
        { groupId: b.groups['Alpha HS'].id, divisionId: a.scholasticA.id, round: 2 },
        'divisionId',
      ],
    ];
    for (const [path, body, field] of references) {
      const { status, text } = await asB(path, { method: 'POST', body: JSON.stringify(body) });
      expect(status, path).toBe(422);
      expect(JSON.parse(text).errors[0].name, path).toBe(field);
    }
    const writes: [string, string, unknown][] = [
      ['POST', `/groups/${a.groups['Alpha HS'].id}`, { name: 'Hijacked' }],
      ['POST', `/events/${a.event.id}/competitions`, { name: 'Sneaky', date: '2027-01-01T10:00:00Z', groupTypeId: 1 }],
      [
        'POST',
        `/competitions/${a.competition.id}/performances`,
        { groupId: b.groups['Alpha HS'].id, divisionId: b.scholasticA.id },
      ],
      ['POST', `/performances/${a.performances['Alpha HS']}/scores`, { captionKey: 'ea', scores: { voc: 1, exc: 1 } }],
      ['POST', `/performances/${a.performances['Alpha HS']}/penalties`, { penalties: [{ amount: 5 }] }],
      ['POST', `/competitions/${a.competition.id}/release`, { released: false }],
      ['DELETE', `/performances/${a.performances['Alpha HS']}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const { status } = await asB(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(status, `${method} ${path}`).toBe(404);
    }
    const after = await api
      .fetch(`/competitions/${a.competition.id}/scores`, {
        headers: { authorization: `Bearer ${await tokenFor(a.org.guid)}` },
      })
      .then((r) => r.text());
    expect(after).toBe(before);
  });
});

async function tokenFor(orgGuid: string) {
  const key = await api.createKey(orgGuid);
  return api.token(key.clientId, key.clientSecret);
}

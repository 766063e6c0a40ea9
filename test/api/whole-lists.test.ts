/**
 * Lists come whole by default, as the hosted service's clients expect. A client reading /v3/groups without `limit` got the first 100 of 790
 * groups; now it gets every one, and `limit`/`offset` page as before (X-Total-Count, Link) when asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { createGroup } from '../../server/api/db/repositories/groups.write.js';
import { createEvent } from '../../server/api/db/repositories/events.write.js';
import { createDivision, createSeason } from '../helpers/setup-writes.js';

const GROUPS = 130;
const EVENTS = 105;
let api: TestApi;
let auth: Record<string, string>;

const read = async (path: string) => {
  const response = await api.fetch(path, { headers: auth });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

beforeAll(async () => {
  api = await startTestApi();
  const { db } = api.services.database;
  const org = await api.createOrg('A big circuit');
  const division = await createDivision(db, org.id, { name: 'Scholastic A', initials: 'SA', groupTypeId: 1 });
  for (let i = 0; i < GROUPS; i++)
    await createGroup(db, org.id, { name: `Group ${String(i).padStart(3, '0')}`, divisionId: division.id });
  const season = await createSeason(db, org.id, {
    name: '2025-26 Season',
    year: 2026,
    startDate: '2025-08-01',
    endDate: '2026-05-31',
  });
  for (let i = 0; i < EVENTS; i++) {
    await createEvent(db, org.id, {
      seasonId: season.id,
      name: `Show ${i}`,
      location: '',
      eventTypeId: 1,
      startDate: `2026-0${1 + (i % 4)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    });
  }
  const key = await api.createKey(org.guid);
  auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
}, 120_000);
afterAll(() => api?.stop());

describe('lists whole by default', () => {
  it.each(['/v3/groups', '/groups/'])(
    '%s without limit answers every group, with the total and no next page',
    async (path) => {
      const all = await read(path);
      expect(all.status).toBe(200);
      expect(all.body.data).toHaveLength(GROUPS);
      expect(all.headers.get('x-total-count')).toBe(String(GROUPS));
      expect(all.headers.get('link')).toBeNull();
    },
  );

  it.each(['/v3/events', '/events/'])('%s without limit answers every event', async (path) => {
    expect((await read(path)).body.data).toHaveLength(EVENTS);
  });

  it('pages as before when asked: limit, offset, X-Total-Count and Link', async () => {
    const first = await read('/v3/groups?limit=50');
    expect(first.body.data).toHaveLength(50);
    expect(first.headers.get('x-total-count')).toBe(String(GROUPS));
    expect(first.headers.get('link')).toBe('</v3/groups?limit=50&offset=50>; rel="next"');
    const last = await read('/v3/groups?limit=50&offset=100');
    expect(last.body.data.map((group: { name: string }) => group.name)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Group ${100 + i}`),
    );
    expect(last.headers.get('link')).toBeNull();
    // offset alone: the rest of the list, whole
    expect((await read('/v3/groups?offset=120')).body.data).toHaveLength(10);
  });
});

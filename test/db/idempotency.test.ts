import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, idempotencyKeys } from '../../server/api/db/schema.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';

/**
 * An Idempotency-Key's stored answer and the write it answers commit together or not at all: if storing the
 * answer fails after the write (a crash, a full disk), the write is gone too, so the client's retry creates it
 * once and is answered; and two requests racing with one key create once.
 */
let api: TestApi;
let headers: Record<string, string>;
let orgId: number;
let divisionId: number;

beforeAll(async () => {
  api = await startTestApi();
  const org = await api.createOrg('Retrying Circuit');
  orgId = org.id;
  const key = await api.createKey(org.guid);
  headers = {
    authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}`,
    'content-type': 'application/json',
  };
  const { db } = api.services.database;
  const { divisions } = await import('../../server/api/db/schema.js');
  [{ id: divisionId }] = await db
    .insert(divisions)
    .values({ orgId, name: 'Scholastic A', initials: 'SA', groupTypeId: 1 })
    .returning({ id: divisions.id });
  // Storing a real answer (status set) under a key starting "doomed-" fails, as a crash at that moment would.
  await api.services.database.exec(`
    CREATE FUNCTION fail_storing_answer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not store the answer'; END $$;
    CREATE TRIGGER fail_storing_answer BEFORE INSERT OR UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.key LIKE 'doomed-%' AND NEW.status <> 0) EXECUTE FUNCTION fail_storing_answer();`);
});
afterAll(() => api?.stop());

const createGroup = (name: string, key: string) =>
  api.fetch('/groups/', {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': key },
    body: JSON.stringify({ name, divisionId }),
  });

async function groupsNamed(name: string) {
  return api.services.database.db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.orgId, orgId), eq(groups.name, name)));
}

async function storedKey(key: string) {
  return api.services.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, key)));
}

describe('Idempotency-Key: the write and its stored answer are one transaction', () => {
  it('rolls the write back when its answer cannot be stored', async () => {
    const failed = await createGroup('Doomed HS', 'doomed-1');
    expect(failed.status).toBe(500);
    expect(await groupsNamed('Doomed HS')).toEqual([]);
    expect(await storedKey('doomed-1')).toEqual([]);
  });

  it('commits both: a retry replays the first answer and creates nothing more', async () => {
    const first = await createGroup('Steady HS', 'steady-1');
    expect(first.status).toBe(201);
    const created = await first.json();
    const [stored] = await storedKey('steady-1');
    expect(stored).toMatchObject({ status: 201, body: created });

    const retry = await createGroup('Steady HS', 'steady-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(created);
    expect(await groupsNamed('Steady HS')).toHaveLength(1);
  });

  it('stores nothing when the write fails, so a corrected retry with the same key is carried out', async () => {
    const refused = await api.fetch('/groups/', {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'typo-1' },
      body: JSON.stringify({ name: 'Typo HS', divisionId: 999999 }),
    });
    expect(refused.status).toBe(422);
    expect(await storedKey('typo-1')).toEqual([]);
    expect(await groupsNamed('Typo HS')).toEqual([]);
  });

  it('creates once when two requests with the same key arrive together', async () => {
    const [a, b] = await Promise.all([createGroup('Racing HS', 'race-1'), createGroup('Racing HS', 'race-1')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].sort()).toEqual(
      ['true', null].sort(),
    );
    expect(await a.json()).toEqual(await b.json());
    expect(await groupsNamed('Racing HS')).toHaveLength(1);
  });
});

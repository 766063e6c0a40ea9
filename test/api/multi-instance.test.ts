import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';

/**
 * Two API instances on one real PostgreSQL (DATABASE_URL): started at the same moment (migrations applied once),
 * a token from either works on both, and a write through one is read through the other (LISTEN/NOTIFY
 * invalidates the other instance's cache).
 */
let postgres: TestPostgres;
let first: TestApi;
let second: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const url = await postgres.createDatabase('competition_multi');
  [first, second] = await Promise.all([
    startTestApi({ env: { DATABASE_URL: url } }),
    startTestApi({ env: { DATABASE_URL: url } }),
  ]);
  circuit = await buildSmallCircuit(first.services.database.db);
}, 120_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.stop();
});

describe('several API instances on one PostgreSQL', () => {
  it('runs on PostgreSQL, not the embedded database', () => {
    expect(first.services.database.kind).toBe('postgres');
    expect(second.services.database.kind).toBe('postgres');
  });

  it('accepts a token issued by one instance on the other', async () => {
    const key = await first.createKey(circuit.org.guid);
    const token = await first.token(key.clientId, key.clientSecret);
    const response = await second.fetch('/seasons/', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(2);
  });

  it("shows a write through one instance on the other instance's next reads", async () => {
    const key = await second.createKey(circuit.org.guid);
    const headers = { authorization: `Bearer ${await second.token(key.clientId, key.clientSecret)}` };
    const names = async (api: TestApi) =>
      (((await (await api.fetch('/groups/', { headers })).json()) as { data: unknown }).data as { name: string }[]).map(
        (g) => g.name,
      );
    // warm both caches
    expect(await names(first)).not.toContain('Zulu HS');
    expect(await names(second)).not.toContain('Zulu HS');
    const created = await first.fetch('/groups/', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zulu HS', divisionId: circuit.scholasticA.id }),
    });
    expect(created.status).toBe(201);
    expect(await names(first)).toContain('Zulu HS');
    await expect.poll(() => names(second), { timeout: 5000 }).toContain('Zulu HS');
  });
});

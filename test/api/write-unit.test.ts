import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/api/app.js';
import { createResponseCache } from '../../server/api/cache/response-cache.js';
import { readApiConfig } from '../../server/api/config.js';
import { createApplication } from '../../server/api/auth/applications.js';
import { createServices, type Services } from '../../server/api/services.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';

/**
 * Every write request is one unit of work (server/api/http/write-unit.ts). The app here is built in process on a
 * response cache that never hears the org_changed notification, so what it shows after a write is what the unit
 * itself did on commit.
 */
let services: Services;
let app: ReturnType<typeof createApp>;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let dataDir: string;
let auth: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'write-unit-'));
  const real = await createServices(readApiConfig({ DATA_DIR: dataDir }), { memory: true });
  const deafCache = await createResponseCache({ ...real.database, listen: async () => {} });
  services = { ...real, cache: deafCache, close: async () => (deafCache.close(), real.close()) };
  app = createApp(services);
  circuit = await buildSmallCircuit(services.database.db);
  const { application, clientSecret } = await createApplication(services.database.db, {
    orgId: circuit.org.id,
    name: 'Unit test',
  });
  const token = await app.request('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: application.clientId,
      client_secret: clientSecret,
    }),
  });
  auth = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
});
afterAll(async () => {
  await services?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: object) =>
  app.request(path, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const groupNames = async () =>
  ((await (await app.request('/groups/', { headers: auth })).json()) as { data: { name: string }[] }).data.map(
    (g) => g.name,
  );
const roundNumbers = async () =>
  (
    (await (await app.request(`/competitions/${circuit.competition.id}/scores`, { headers: auth })).json()) as {
      rounds: { number: number }[];
    }
  ).rounds.map((r) => r.number);

describe('a write request', () => {
  it("drops this instance's cached reads once it commits, without waiting for the notification", async () => {
    expect(await groupNames()).not.toContain('Yankee HS');
    expect((await post('/groups/', { name: 'Yankee HS', divisionId: circuit.scholasticA.id })).status).toBe(201);
    expect(await groupNames()).toContain('Yankee HS');
  });

  it('changes nothing when it fails after some of its writes', async () => {
    expect(await roundNumbers()).toEqual([1, 2]);
    // round 3 is created first, then the unknown group refuses the performance
    const refused = await post(`/competitions/${circuit.competition.id}/performances`, {
      groupId: 999999,
      divisionId: circuit.scholasticA.id,
      round: 3,
    });
    expect(refused.status).toBe(422);
    expect((await post(`/competitions/${circuit.competition.id}/release`, { round: 3 })).status).toBe(422);
    expect(await roundNumbers()).toEqual([1, 2]);
  });
});

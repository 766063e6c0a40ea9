/**
 * Registration for contests through the BFF (decision 136), over the real BFF and the real API: a signed-in
 * tabulator opens a competition's registration, registers a group and accepts it through /api, and reads it back
 * through the BFF; a judge's write is refused by the API and the refusal passed through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/api/auth/users.js';
import type { BffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { sameOrigin, signedInBrowser, signInBffConfig } from './signed-in-browser.js';

const SECRET = 'a session secret for the registration tests and long enough';
const PASSWORD = 'a long press-box password';

let api: TestApi;
let config: BffConfig;
let bff: RunningBff;
let browser: ReturnType<typeof signedInBrowser>;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;

beforeAll(async () => {
  api = await startTestApi();
  const { db } = api.services.database;
  circuit = await buildSmallCircuit(db, 'Registration Circuit');
  let signInSecret: string;
  ({ config, signInSecret } = await signInBffConfig(api, circuit.org, SECRET));
  browser = signedInBrowser(api, { password: PASSWORD, secrets: [signInSecret] });
  for (const role of ['tabulator', 'judge'] as const)
    await createUser(db, {
      orgId: circuit.org.id,
      password: PASSWORD,
      email: `${role}@registration.example`,
      firstName: role,
      lastName: 'Person',
      role,
    });
  bff = await startBff(config, { log: () => {} });
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await api?.stop();
});

describe('registration through the BFF', () => {
  it('forwards opening, registering, deciding and reading with the user’s token', async () => {
    const { cookie } = await browser.signIn('tabulator@registration.example', bff.url);
    const base = `/api/competitions/${circuit.competition.id}/registration`;
    const day = 24 * 3600 * 1000;
    const opened = await browser.send(bff.url, base, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({
        opensAt: new Date(Date.now() - day).toISOString(),
        closesAt: new Date(Date.now() + day).toISOString(),
        divisions: [{ divisionId: circuit.scholasticA.id, capacity: 2, feeCents: 5000 }],
      }),
    });
    expect(opened.status, opened.body).toBe(200);
    const group = circuit.groups['Alpha HS'].id;
    const made = await browser.send(bff.url, `/api/groups/${group}/registrations`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ competitionId: circuit.competition.id, divisionId: circuit.scholasticA.id }),
    });
    expect(made.status, made.body).toBe(201);
    const id = (made.json() as { id: number }).id;
    const decided = await browser.send(bff.url, `/api/registrations/${id}/decision`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ state: 'waitlisted' }),
    });
    expect(decided.status, decided.body).toBe(200);
    const read = await browser.send(bff.url, base, { headers: { cookie } });
    expect(read.status).toBe(200);
    expect((read.json() as { registrations: { id: number; state: string }[] }).registrations).toEqual([
      expect.objectContaining({ id, state: 'waitlisted' }),
    ]);
    // the circuit's tabulator, who decides them, reads a group's too (decision 139), as the signed-in user
    const theirs = await browser.send(bff.url, `/api/groups/${group}/registrations`, { headers: { cookie } });
    expect(theirs.status, theirs.body).toBe(200);
    expect((theirs.json() as { data: { id: number }[] }).data.map((r) => r.id)).toEqual([id]);
  });

  it('reads registrations as the signed-in user, never from the shared cache: a judge is refused them', async () => {
    const { cookie } = await browser.signIn('judge@registration.example', bff.url);
    const read = await browser.send(bff.url, `/api/competitions/${circuit.competition.id}/registration`, {
      headers: { cookie },
    });
    expect(read.status).toBe(403);
    expect(read.json()).toMatchObject({ permission: 'set-up' });
    // and a fan (no session) gets no registration list either
    const fan = await browser.send(bff.url, `/api/competitions/${circuit.competition.id}/registration`, {
      headers: {},
    });
    expect([401, 403]).toContain(fan.status);
  });

  it('passes the API’s refusal through: a judge may not open registration', async () => {
    const { cookie } = await browser.signIn('judge@registration.example', bff.url);
    const refused = await browser.send(bff.url, `/api/competitions/${circuit.competition.id}/registration`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({
        opensAt: '2026-01-01T00:00:00.000Z',
        closesAt: '2026-02-01T00:00:00.000Z',
        divisions: [],
      }),
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_required', permission: 'set-up' });
  });
});

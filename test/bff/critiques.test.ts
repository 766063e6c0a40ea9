/**
 * Critique sign-up through the BFF (decision 137), over the real BFF and the real API: a signed-in tabulator opens
 * critique, picks a group's slot and reads the schedule back through /api; a judge reads the schedule with its own
 * token, and its write is refused by the API and the refusal passed through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/api/auth/users.js';
import type { BffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { sameOrigin, signedInBrowser, signInBffConfig } from './signed-in-browser.js';

const SECRET = 'a session secret for the critique tests and long enough';
const PASSWORD = 'a long press-box password';
const HOUR = 3600 * 1000;

let api: TestApi;
let config: BffConfig;
let bff: RunningBff;
let browser: ReturnType<typeof signedInBrowser>;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;

beforeAll(async () => {
  api = await startTestApi();
  const { db } = api.services.database;
  circuit = await buildSmallCircuit(db, 'Critique Circuit');
  let signInSecret: string;
  ({ config, signInSecret } = await signInBffConfig(api, circuit.org, SECRET));
  browser = signedInBrowser(api, { password: PASSWORD, secrets: [signInSecret] });
  for (const role of ['tabulator', 'judge'] as const)
    await createUser(db, {
      orgId: circuit.org.id,
      password: PASSWORD,
      email: `${role}@critique.example`,
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

const plan = () => ({
  round: 1,
  divisionId: circuit.scholasticA.id,
  stations: ['Music', 'Visual'],
  slotMinutes: 5,
  from: new Date(Date.now() + HOUR).toISOString(),
  to: new Date(Date.now() + 2 * HOUR).toISOString(),
  mode: 'pick',
});

describe('critique through the BFF', () => {
  it('forwards opening, picking and reading with the user’s token', async () => {
    const { cookie } = await browser.signIn('tabulator@critique.example', bff.url);
    const base = `/api/competitions/${circuit.competition.id}/critiques`;
    const opened = await browser.send(bff.url, base, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify(plan()),
    });
    expect(opened.status, opened.body).toBe(201);
    const id = (opened.json() as { id: number }).id;
    const group = circuit.groups['Alpha HS'].id;
    const picked = await browser.send(bff.url, `/api/groups/${group}/critiques/${id}/slot`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ slot: 2 }),
    });
    expect(picked.status, picked.body).toBe(200);
    const read = await browser.send(bff.url, base, { headers: { cookie } });
    expect(read.status).toBe(200);
    const slots = (read.json() as { data: { slots: { number: number; group: { name: string } | null }[] }[] }).data[0]
      .slots;
    expect(slots.find((slot) => slot.number === 2)?.group?.name).toBe('Alpha HS');
  });

  it('lets a judge read the schedule and passes the API’s refusal of its write through', async () => {
    const { cookie } = await browser.signIn('judge@critique.example', bff.url);
    const base = `/api/competitions/${circuit.competition.id}/critiques`;
    const read = await browser.send(bff.url, base, { headers: { cookie } });
    expect(read.status).toBe(200);
    expect((read.json() as { data: unknown[] }).data).toHaveLength(1);
    const refused = await browser.send(bff.url, base, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ ...plan(), round: 2 }),
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_required', permission: 'set-up' });
  });
});

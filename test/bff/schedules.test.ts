/**
 * The schedule builder through the BFF (decision 138), over the real BFF and the real API: a signed-in tabulator
 * reads the draft, saves it and publishes it through /api, and the published versions and times are read back
 * through the BFF; a judge's write is refused by the API and the refusal passed through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/api/auth/users.js';
import type { BffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { sameOrigin, signedInBrowser, signInBffConfig } from './signed-in-browser.js';

const SECRET = 'a session secret for the schedule builder tests and long enough';
const PASSWORD = 'a long press-box password';

let api: TestApi;
let config: BffConfig;
let bff: RunningBff;
let browser: ReturnType<typeof signedInBrowser>;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;

beforeAll(async () => {
  api = await startTestApi();
  const { db } = api.services.database;
  circuit = await buildSmallCircuit(db, 'Schedule Circuit');
  let signInSecret: string;
  ({ config, signInSecret } = await signInBffConfig(api, circuit.org, SECRET));
  browser = signedInBrowser(api, { password: PASSWORD, secrets: [signInSecret] });
  for (const role of ['tabulator', 'judge'] as const)
    await createUser(db, {
      orgId: circuit.org.id,
      password: PASSWORD,
      email: `${role}@schedule.example`,
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

describe('the schedule builder through the BFF', () => {
  it('forwards the draft, its save and its publishing with the user’s token, and the versions back', async () => {
    const { cookie } = await browser.signIn('tabulator@schedule.example', bff.url);
    const base = `/api/competitions/${circuit.competition.id}/schedule`;
    const draft = await browser.send(bff.url, `${base}/draft`, { headers: { cookie } });
    expect(draft.status).toBe(200);
    const body = draft.json() as { startsAt: string; intervals: { divisionId: number }[]; items: unknown[] };
    const plan = {
      startsAt: '2027-01-16T15:00:00.000Z',
      intervals: body.intervals.map(({ divisionId }) => ({ divisionId, minutes: 11 })),
      items: [
        { block: { kind: 'other', title: 'Anthem', minutes: 5 } },
        ...(body.items as { performanceId: number }[]).map(({ performanceId }) => ({ performanceId })),
      ],
    };
    const saved = await browser.send(bff.url, `${base}/draft`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify(plan),
    });
    expect(saved.status, saved.body).toBe(200);
    expect((saved.json() as { saved: { by: string } }).saved.by).toBe('tabulator Person');
    const published = await browser.send(bff.url, `${base}/versions`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ despiteConflicts: true }),
    });
    expect(published.status, published.body).toBe(201);
    const versions = await browser.send(bff.url, `${base}/versions`, { headers: { cookie } });
    expect(versions.status).toBe(200);
    expect((versions.json() as { data: { number: number }[] }).data.map((version) => version.number)).toEqual([1]);
    const schedule = await browser.send(bff.url, base, { headers: { cookie } });
    const times = (schedule.json() as { data: { time: string }[] }).data.map((row) => row.time);
    expect(times[0]).toBe('2027-01-16T15:05:00.000Z');
  });

  it('passes the API’s refusal through: a judge may not publish', async () => {
    const { cookie } = await browser.signIn('judge@schedule.example', bff.url);
    const refused = await browser.send(bff.url, `/api/competitions/${circuit.competition.id}/schedule/versions`, {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ reason: 'not mine' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_required', permission: 'set-up' });
  });
});

/**
 * Request data never becomes a key of an ordinary object. The API runs in this process, so a
 * polluted Object.prototype would show here directly, and in every other organization's answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { s256Challenge } from '../../server/api/auth/pkce.js';
import { parseFlags } from '../../server/cli/flags.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { apiClient, namesOf } from './client.js';

const REDIRECT_URI = 'https://scores.example/callback';
const PASSWORD = 'correct horse battery';
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

let api: TestApi;
let attacker: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let a: Awaited<ReturnType<typeof buildSmallCircuit>>;
let b: Awaited<ReturnType<typeof buildSmallCircuit>>;
let keyB: { clientId: string; clientSecret: string };

beforeAll(async () => {
  api = await startTestApi();
  a = await buildSmallCircuit(api.services.database.db, 'Attacker Circuit');
  b = await buildSmallCircuit(api.services.database.db, 'Victim Circuit');
  const keyA = await api.createKey(a.org.guid);
  keyB = await api.createKey(b.org.guid, { redirectUris: [REDIRECT_URI] });
  await api.createUser(b.org.guid, 'judge@example.com', PASSWORD);
  attacker = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(keyA.clientId, keyA.clientSecret)}` });
  other = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(keyB.clientId, keyB.clientSecret)}` });
});
afterAll(() => api?.stop());
// A polluted prototype would break every later test in this worker: clean it up whatever happened.
afterEach(() => {
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    if (!PROTOTYPE_NAMES.includes(name)) delete (Object.prototype as Record<string, unknown>)[name];
  }
});

/** Object.prototype unchanged, another organization's reads exact, and the token endpoint and sign-in form working. */
async function expectEveryoneUnharmed() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
  expect(({} as Record<string, unknown>).amount).toBeUndefined();
  const events = await other.get('/events/');
  expect(events.status).toBe(200);
  expect(events.body.data.map((event: { id: number }) => event.id).sort()).toEqual(
    [b.event.id, b.practice.id, b.oldEvent.id].sort(),
  );
  const groups = await other.get(`/v3/groups?seasonId=${b.season.id}`);
  expect(groups.status).toBe(200);
  expect(groups.body.data).toHaveLength(3);
  expect((await other.get(`/2018-03/performances?c=${b.competition.guid}`)).status).toBe(200);
  expect(await api.token(keyB.clientId, keyB.clientSecret)).toMatch(/\./);
  await expectSignInWorks();
}

async function expectSignInWorks() {
  const challenge = s256Challenge(randomBytes(32).toString('base64url'));
  const request = {
    response_type: 'code',
    client_id: keyB.clientId,
    redirect_uri: REDIRECT_URI,
    state: 's1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  const page = await api.fetch(`/v3/oauth2/authorize?${new URLSearchParams(request).toString()}`);
  expect(page.status).toBe(200);
  const signIn = await api.fetch('/v3/oauth2/authorize', {
    method: 'POST',
    body: new URLSearchParams({ ...request, email: 'judge@example.com', password: PASSWORD }),
  });
  expect(signIn.status).toBe(302);
  expect(new URL(signIn.headers.get('location')!).searchParams.get('code')).toBeTruthy();
}

describe('prototype pollution through a write body', () => {
  it("the issue's attack: form __proto__.amount=7 to penalties is refused naming the field, and nobody else is hurt", async () => {
    const attack = await attacker.form('/performances/999999/penalties', [['__proto__.amount', '7']]);
    expect(attack.status).toBe(400);
    await expectEveryoneUnharmed();
    expect(attack.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(namesOf(attack)).toEqual(['__proto__.amount']);
  });

  it("the scores variant: form __proto__.x=1 to a real performance's scores", async () => {
    const attack = await attacker.form(`/performances/${a.performances['Alpha HS']}/scores`, [
      ['captionKey', 'ea'],
      ['__proto__.x', '1'],
    ]);
    expect(attack.status).toBe(400);
    await expectEveryoneUnharmed();
    expect(namesOf(attack)).toEqual(['__proto__.x']);
  });

  it('refuses __proto__, constructor and prototype anywhere in a form or JSON body, naming the field', async () => {
    const scoresPath = `/performances/${a.performances['Bravo HS']}/scores`;
    const cases: [Promise<Awaited<ReturnType<typeof attacker.form>>>, string][] = [
      [
        attacker.form(scoresPath, [
          ['captionKey', 'ea'],
          ['scores.__proto__', '5'],
        ]),
        'scores.__proto__',
      ],
      [
        attacker.form(scoresPath, [
          ['captionKey', 'ea'],
          ['constructor.prototype.x', '1'],
        ]),
        'constructor.prototype.x',
      ],
      [
        attacker.form('/groups/', [
          ['name', 'X'],
          ['prototype', '1'],
        ]),
        'prototype',
      ],
      [
        attacker.form('/groups/', [
          ['name', 'X'],
          ['__proto__', '1'],
        ]),
        '__proto__',
      ],
      [attacker.send('POST', '/performances/999999/penalties', '{"__proto__": {"amount": 7}}'), '__proto__'],
      [
        attacker.send('POST', scoresPath, '{"captionKey": "ea", "scores": {"voc": 50, "__proto__": {"polluted": 1}}}'),
        'scores.__proto__',
      ],
      [
        attacker.send(
          'POST',
          '/performances/999999/penalties',
          '{"penalties": [{"amount": 1, "constructor": {"prototype": {"x": 1}}}]}',
        ),
        'penalties.0.constructor',
      ],
    ];
    for (const [sent, name] of cases) {
      const answer = await sent;
      expect(answer.status, name).toBe(400);
      expect(namesOf(answer), name).toEqual([name]);
      expect(answer.body.errors[0].in).toBe('body');
    }
    await expectEveryoneUnharmed();
  });

  it('refuses them as query parameters too', async () => {
    for (const name of ['__proto__', 'constructor', 'prototype', '__proto__.amount']) {
      const answer = await attacker.get(`/events/?${encodeURIComponent(name)}=1`);
      expect(answer.status, name).toBe(400);
      expect(namesOf(answer), name).toEqual([name]);
      expect(answer.body.errors[0].in).toBe('query');
    }
    await expectEveryoneUnharmed();
  });
});

describe('command line flags', () => {
  it('keeps flags in an object without a prototype and refuses prototype names as flags', () => {
    const flags = parseFlags(['--name', 'Circuit'], { name: {} }, 'usage');
    expect(Object.getPrototypeOf(flags)).toBeNull();
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(() => parseFlags([`--${name}`, 'x'], { name: {} }, 'usage')).toThrow(/Unknown option/);
    }
  });
});

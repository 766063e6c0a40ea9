/**
 * Setting up a season, answered by the API app in process (issue 26, section 2): seasons, divisions with a catalogue sheet or
 * the circuit's own, GET /score-sheets/ and GET /divisions/{id}/sheet, a division's new sheet reaching only unscored
 * rounds, updates of events, competitions, performances and seats that lose no score, deleting a scored performance
 * only with a reason; each write refused to the roles that may not set up, audited, validated, and 404 across
 * organizations; and a sheet read from one organization's scores created as is in another, scoring the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit, FINALS_SCORES, BRAVO_PENALTY } from '../helpers/small-circuit.js';
import { apiClient, namesOf, type Answer, type Json } from './client.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import type { Role } from '../../domain/roles.js';
import { SHEET_CATALOGUE } from '../../domain/score-sheets/catalogue.js';
import { colorGuardSheet } from '../../domain/score-sheets/index.js';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import type { ScoreSheet } from '../../server/api/tabulation/types.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let other: Client;
const asRole = {} as Record<Role, Client>;
let readOnly: Client;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (client: Client, path: string, body: unknown, headers?: Record<string, string>) =>
  client.send('POST', path, body, headers);

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Set-up app', redirectUris: [REDIRECT_URI] });
  for (const role of ['administrator', 'tabulator', 'chief-judge', 'judge'] as const) {
    const email = `${role}@setup.example`;
    await api.createUser(circuit.org.guid, email, PASSWORD, { role });
    asRole[role] = apiClient(api.inProcess, bearer(await userToken(api, app, email, PASSWORD)));
  }
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, bearer(await api.token(fans.clientId, fans.clientSecret)));
  const otherOrg = await api.createOrg('Other Circuit');
  const otherKey = await api.createKey(otherOrg.guid);
  other = apiClient(api.inProcess, bearer(await api.token(otherKey.clientId, otherKey.clientSecret)));
}, 120_000);
afterAll(() => api?.stop());

function expectRule(answer: Answer, field: string, what = field) {
  expect(answer.status, `${what}: ${answer.text}`).toBe(422);
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
  expect(namesOf(answer), what).toEqual([field]);
}

/** A circuit's own marching band sheet, in no catalogue: a doubled panel, steps, weights, exact carrying, a scale. */
const BAND_SHEET = {
  name: 'Marching Band (circuit)',
  rounding: 'carry-exact',
  publishedDigits: 3,
  subtotalScale: 1.25,
  totalDivisor: 1,
  categories: [
    {
      key: 'music',
      name: 'Music',
      combine: 'sum',
      captions: [
        {
          key: 'mge',
          name: 'Music Effect',
          initials: 'MGE',
          weighted: false,
          panel: null,
          subcaptions: [
            { key: 'rep', name: 'Repertoire', initials: 'Rep', max: 10, step: 0.5, weight: 1 },
            { key: 'perf', name: 'Performance', initials: 'Perf', max: 10, step: 0.5, weight: 1 },
          ],
        },
        {
          key: 'mp1',
          name: 'Music Performance',
          initials: 'MP',
          weighted: true,
          panel: 'mp',
          subcaptions: [
            { key: 'cont', name: 'Content', initials: 'Cont', max: 100, step: 0.1, weight: 0.0875 },
            { key: 'ach', name: 'Achievement', initials: 'Ach', max: 100, step: 0.1, weight: 0.1625 },
          ],
        },
        {
          key: 'mp2',
          name: 'Music Performance',
          initials: 'MP',
          weighted: true,
          panel: 'mp',
          subcaptions: [
            { key: 'cont', name: 'Content', initials: 'Cont', max: 100, step: 0.1, weight: 0.0875 },
            { key: 'ach', name: 'Achievement', initials: 'Ach', max: 100, step: 0.1, weight: 0.1625 },
          ],
        },
      ],
    },
    {
      key: 'visual',
      name: 'Visual',
      combine: 'sum-half',
      captions: [
        {
          key: 'vis',
          name: 'Visual',
          initials: 'VIS',
          weighted: true,
          panel: null,
          subcaptions: [
            { key: 'comp', name: 'Composition', initials: 'Comp', max: 100, step: 0.1, weight: 0.1375 },
            { key: 'exc', name: 'Excellence', initials: 'Exc', max: 100, step: 0.1, weight: 0.1125 },
          ],
        },
        {
          key: 'vge',
          name: 'Visual Effect',
          initials: 'VGE',
          weighted: false,
          panel: null,
          subcaptions: [{ key: 'eff', name: 'Effect', initials: 'Eff', max: 20, step: 0.5, weight: 1 }],
        },
      ],
    },
  ],
};

const BAND_SCORES: Record<string, Record<string, Record<string, number>>> = {
  'North HS Band': {
    mge: { rep: 8.5, perf: 8 },
    mp1: { cont: 77.3, ach: 81.1 },
    mp2: { cont: 78.9, ach: 80.3 },
    vis: { comp: 71.7, exc: 69.9 },
    vge: { eff: 16.5 },
  },
  'South HS Band': {
    mge: { rep: 9, perf: 8.5 },
    mp1: { cont: 74.1, ach: 79.7 },
    mp2: { cont: 75.5, ach: 77.7 },
    vis: { comp: 73.3, exc: 70.1 },
    vge: { eff: 15 },
  },
  'West HS Band': {
    mge: { rep: 7, perf: 7.5 },
    mp1: { cont: 70.9, ach: 72.3 },
    mp2: { cont: 69.9, ach: 73.1 },
    vis: { comp: 66.6, exc: 68.4 },
    vge: { eff: 14.5 },
  },
};
const BAND_PENALTIES: Record<string, number> = { 'South HS Band': 0.3 };

/**
 * A contest set up through the API only: season, division (the body's sheet), event, competition, groups,
 * performances, a judge per caption, every caption's numbers, penalties, release. Answers the scores read back.
 */
async function stageContest(
  client: Client,
  label: string,
  division: Json,
  scores: Record<string, Record<string, Record<string, number>>>,
  penalties: Record<string, number> = {},
) {
  const ok = (answer: Answer, status: number, what: string) => {
    expect(answer.status, `${label} ${what}: ${answer.text}`).toBe(status);
    return answer.body;
  };
  const season = ok(
    await post(client, '/seasons/', { name: `${label} Season`, startDate: '2027-06-01', endDate: '2027-11-30' }),
    201,
    'season',
  );
  const createdDivision = ok(
    await post(client, '/divisions/', { name: `${label} Open`, ...division }),
    201,
    'division',
  );
  const event = ok(
    await post(client, '/events/', {
      seasonId: season.id,
      name: `${label} Invitational`,
      eventTypeId: 1,
      startDate: '2027-10-02',
    }),
    201,
    'event',
  );
  const competition = ok(
    await post(client, `/events/${event.id}/competitions`, {
      name: `${label} Finals`,
      date: '2027-10-02T18:00:00Z',
      groupTypeId: division.groupTypeId,
      rounds: [{ number: 1, name: 'Finals' }],
    }),
    201,
    'competition',
  );
  for (const [order, [groupName, captions]] of Object.entries(scores).entries()) {
    const group = ok(await post(client, '/groups/', { name: groupName, divisionId: createdDivision.id }), 201, 'group');
    const performance = ok(
      await post(client, `/competitions/${competition.id}/performances`, {
        groupId: group.id,
        divisionId: createdDivision.id,
        round: 1,
        order: order + 1,
      }),
      201,
      'performance',
    );
    for (const [captionKey, lines] of Object.entries(captions)) {
      ok(await post(client, `/performances/${performance.id}/scores`, { captionKey, scores: lines }), 200, captionKey);
    }
    if (penalties[groupName] !== undefined) {
      const body = { penalties: [{ amount: penalties[groupName], reason: 'Timing' }] };
      ok(await post(client, `/performances/${performance.id}/penalties`, body), 200, 'penalty');
    }
  }
  const sheet = ok(await client.get(`/divisions/${createdDivision.id}/sheet`), 200, 'sheet');
  for (const category of sheet.sheet.categories)
    for (const caption of category.captions)
      ok(
        await post(client, `/competitions/${competition.id}/judges`, {
          round: 1,
          divisionId: createdDivision.id,
          captionKey: caption.key,
          firstName: 'Judge',
          lastName: caption.key.toUpperCase(),
        }),
        200,
        `seat ${caption.key}`,
      );
  ok(await post(client, `/competitions/${competition.id}/release`, { round: 1 }), 200, 'release');
  const recap = ok(await client.get(`/competitions/${competition.id}/scores`), 200, 'scores');
  return { season, division: createdDivision, event, competition, section: recap.data[0] as Json };
}

/** Every number and rank of a section, by group name (what must be equal when a sheet is scored again). */
function numbersOf(section: Json) {
  return Object.fromEntries(
    (section.performances as Json[]).map((performance) => [
      performance.group.name,
      {
        total: performance.total,
        subtotal: performance.subtotal,
        penalty: performance.penalty,
        categories: performance.categories,
      },
    ]),
  );
}

describe('the score sheet catalogue', () => {
  it('lists every built-in sheet by a unique key, with every rule a sheet needs', async () => {
    const answer = await asRole.judge.get('/score-sheets/');
    expect(answer.status).toBe(200);
    const keys = answer.body.data.map((entry: Json) => entry.key);
    expect(keys).toEqual(SHEET_CATALOGUE.map((entry) => entry.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['color-guard', 'percussion', 'winds', 'drum-corps']));
    const guard = answer.body.data.find((entry: Json) => entry.key === 'color-guard');
    expect(guard.groupType).toEqual({ id: 1, name: 'Color Guard' });
    expect(guard.sheet).toMatchObject({ name: 'Color Guard', rounding: 'carry-rounded', publishedDigits: 3 });
    expect(guard.sheet.categories[0].captions[0]).toMatchObject({
      key: 'ea',
      weighted: true,
      panel: null,
      subcaptions: [
        { key: 'voc', max: 100, step: 0.001, weight: 0.07 },
        { key: 'exc', max: 100, step: 0.001, weight: 0.13 },
      ],
    });
  });
});

describe('seasons', () => {
  it('creates a season (year from its end) and updates its name and dates; the list shows it', async () => {
    const created = await post(asRole.tabulator, '/seasons/', {
      name: '2027-28 Season',
      startDate: '2027-08-01',
      endDate: '2028-05-31',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '2027-28 Season', year: 2028, startDate: '2027-08-01' });
    const updated = await post(asRole.administrator, `/seasons/${created.body.id}`, {
      name: '2027-28 Winter Season',
      endDate: '2028-04-30',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      name: '2027-28 Winter Season',
      startDate: '2027-08-01',
      endDate: '2028-04-30',
      year: 2028,
    });
    const listed = (await key.get('/seasons/')).body.data.find((s: Json) => s.id === created.body.id);
    expect(listed).toEqual(updated.body);
  });

  it('refuses bad seasons, naming the field', async () => {
    expectRule(
      await post(key, '/seasons/', { name: '2026-27 Season', startDate: '2026-08-01', endDate: '2027-05-31' }),
      'name',
      'a name taken',
    );
    expectRule(
      await post(key, '/seasons/', { name: 'Backwards', startDate: '2027-08-01', endDate: '2027-05-31' }),
      'endDate',
    );
    expectRule(await post(key, `/seasons/${circuit.season.id}`, { endDate: '2020-01-01' }), 'endDate');
    expectRule(await post(key, `/seasons/${circuit.season.id}`, { name: '2025-26 Season' }), 'name', 'rename taken');
    const malformed = await post(key, '/seasons/', { name: '', startDate: '2027-02-30', endDate: 'soon', x: 1 });
    expect(malformed.status).toBe(400);
    expect(namesOf(malformed).sort()).toEqual(['endDate', 'name', 'startDate', 'x']);
    expect((await post(key, `/seasons/${circuit.season.id}`, {})).status).toBe(400);
    expect((await post(key, '/seasons/99999', { name: 'Ghost' })).status).toBe(404);
    // another organization's season is as unknown as a missing one
    expect((await post(other, `/seasons/${circuit.season.id}`, { name: 'Stolen' })).status).toBe(404);
  });
});

describe('divisions and their sheets', () => {
  it('creates a division on a catalogue sheet by key; GET /divisions/{id}/sheet reads it back with the key', async () => {
    const created = await post(asRole.tabulator, '/divisions/', {
      name: 'Scholastic Open',
      initials: 'SO',
      groupTypeId: 1,
      sortOrder: 3,
      sheetKey: 'color-guard-excellence-14',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: created.body.id,
      name: 'Scholastic Open',
      initials: 'SO',
      groupType: { id: 1, name: 'Color Guard' },
      sortOrder: 3,
    });
    const sheet = await asRole.judge.get(`/divisions/${created.body.id}/sheet`);
    expect(sheet.status).toBe(200);
    const catalogue = (await key.get('/score-sheets/')).body.data.find(
      (entry: Json) => entry.key === 'color-guard-excellence-14',
    );
    expect(sheet.body).toEqual({
      divisionId: created.body.id,
      key: 'color-guard-excellence-14',
      sheet: catalogue.sheet,
    });
    expect((await key.get('/divisions/')).body.data.map((d: Json) => d.name)).toContain('Scholastic Open');
  });

  it("creates a division on the circuit's own sheet and reads back exactly what was sent", async () => {
    const created = await post(key, '/divisions/', {
      name: 'Band Open',
      initials: 'BO',
      groupTypeId: 4,
      sheet: BAND_SHEET,
    });
    expect(created.status, created.text).toBe(201);
    const sheet = await key.get(`/divisions/${created.body.id}/sheet`);
    expect(sheet.body).toEqual({ divisionId: created.body.id, key: null, sheet: BAND_SHEET });
  });

  it("keeps the published recap's layout an own sheet is sent with, and refuses one that names what the sheet has not", async () => {
    const layout = { penalties: [['Pen'], ['Pen', 'Tot']], categoryTotals: [true, false], locations: false };
    const created = await post(key, '/divisions/', {
      name: 'Band Two Penalty Judges',
      initials: 'B2',
      groupTypeId: 4,
      sheet: { ...BAND_SHEET, layout },
    });
    expect(created.status, created.text).toBe(201);
    expect((await key.get(`/divisions/${created.body.id}/sheet`)).body.sheet).toEqual({ ...BAND_SHEET, layout });
    const refused = (change: Json) =>
      post(key, '/divisions/', {
        name: 'Refused layout',
        initials: 'RL',
        groupTypeId: 4,
        sheet: { ...BAND_SHEET, layout: change },
      });
    expectRule(await refused({ categoryTotals: [true, false, true] }), 'sheet.layout.categoryTotals');
    expectRule(await refused({ untotalled: ['nope'] }), 'sheet.layout.untotalled[0]');
    expectRule(await refused({ untotalled: ['mge'] }), 'sheet.layout.untotalled[0]', 'a two-line caption');
    for (const malformed of [
      { penalties: [[]] },
      { penalties: [['']] },
      { penalties: [['P\u0000n']] },
      { columns: 3 },
      { locations: 'yes' },
    ]) {
      const answer = await refused(malformed);
      expect(answer.status, JSON.stringify(malformed)).toBe(400);
    }
    expect((await key.get('/divisions/')).body.data.map((d: Json) => d.name)).not.toContain('Refused layout');
  });

  it('updates a division: name, initials, order, group type while empty, and its sheet', async () => {
    const created = await post(key, '/divisions/', {
      name: 'Percussion Open',
      initials: 'PO',
      groupTypeId: 1,
      sheetKey: 'color-guard',
    });
    const id = created.body.id;
    const updated = await post(asRole.administrator, `/divisions/${id}`, {
      name: 'Percussion Scholastic Open',
      initials: 'PSO',
      groupTypeId: 2,
      sortOrder: 7,
      sheetKey: 'percussion',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({
      id,
      name: 'Percussion Scholastic Open',
      initials: 'PSO',
      groupType: { id: 2, name: 'Percussion' },
      sortOrder: 7,
    });
    expect((await key.get(`/divisions/${id}/sheet`)).body.key).toBe('percussion');
    // a division with groups keeps its group type (a group's type is its division's)
    expectRule(await post(key, `/divisions/${circuit.scholasticA.id}`, { groupTypeId: 2 }), 'groupTypeId');
    expectRule(await post(key, `/divisions/${id}`, { name: 'Scholastic A' }), 'name', 'a name taken');
  });

  it('refuses a sheet that cannot be scored with 422 naming the field', async () => {
    const base = { name: 'Refused', initials: 'R', groupTypeId: 4 };
    const withSheet = (change: (sheet: Json) => void) => {
      const sheet = structuredClone(BAND_SHEET) as Json;
      change(sheet);
      return { ...base, sheet };
    };
    const cases: [string, Json][] = [
      ['sheet.categories', withSheet((s) => (s.categories = []))],
      ['sheet.categories[1].captions', withSheet((s) => (s.categories[1].captions = []))],
      ['sheet.categories[0].captions[0].subcaptions', withSheet((s) => (s.categories[0].captions[0].subcaptions = []))],
      [
        'sheet.categories[0].captions[0].subcaptions[1].max',
        withSheet((s) => (s.categories[0].captions[0].subcaptions[1].max = 0)),
      ],
      [
        'sheet.categories[0].captions[1].subcaptions[0].max',
        withSheet((s) => (s.categories[0].captions[1].subcaptions[0].max = -5)),
      ],
      [
        'sheet.categories[0].captions[0].subcaptions[0].step',
        withSheet((s) => (s.categories[0].captions[0].subcaptions[0].step = 3)),
      ],
      [
        'sheet.categories[0].captions[0].subcaptions[0].step',
        withSheet((s) => (s.categories[0].captions[0].subcaptions[0].step = 0)),
      ],
      [
        'sheet.categories[0].captions[0].subcaptions[0].step',
        withSheet((s) => (s.categories[0].captions[0].subcaptions[0].step = 0.0005)),
      ],
      ['sheet.categories[1].captions[1].key', withSheet((s) => (s.categories[1].captions[1].key = 'mge'))],
      [
        'sheet.categories[0].captions[0].subcaptions[1].key',
        withSheet((s) => (s.categories[0].captions[0].subcaptions[1].key = 'rep')),
      ],
      ['sheet.categories[1].key', withSheet((s) => (s.categories[1].key = 'music'))],
      [
        'sheet.categories[0].captions[0].subcaptions[0].weight',
        withSheet((s) => (s.categories[0].captions[0].subcaptions[0].weight = 0)),
      ],
      ['sheet.totalDivisor', withSheet((s) => (s.totalDivisor = 0))],
      [
        'sheet.categories[0].captions[1].subcaptions[0].weight',
        withSheet((s) => (s.categories[0].captions[1].subcaptions[0].weight = 0.1234567)),
      ],
      [
        'sheet.categories[0].captions[1].subcaptions[0].step',
        withSheet((s) => (s.categories[0].captions[1].subcaptions[0].step = 0.1234567)),
      ],
      ['sheet.subtotalScale', withSheet((s) => (s.subtotalScale = 1.0000001))],
      ['sheetKey', { ...base, sheetKey: 'kazoo-band' }],
      ['sheetKey', { ...base, sheetKey: 'winds', sheet: BAND_SHEET }],
      ['sheet', base],
    ];
    for (const [field, body] of cases) expectRule(await post(key, '/divisions/', body), field, JSON.stringify(field));
    // the same rules on an update, which then changes nothing
    const update = withSheet((s) => (s.categories[0].captions[0].subcaptions[0].step = 3));
    expectRule(
      await post(key, `/divisions/${circuit.scholasticA.id}`, { sheet: update.sheet }),
      'sheet.categories[0].captions[0].subcaptions[0].step',
    );
    expect((await key.get(`/divisions/${circuit.scholasticA.id}/sheet`)).body.sheet.name).toBe('Color Guard');
    // shape and bounds are the schema's: 400
    const malformed = await post(
      key,
      '/divisions/',
      withSheet((s) => {
        s.categories[0].key = 'has space';
        s.categories[0].combine = 'median';
        s.categories[0].captions[0].subcaptions[0].max = 'ten';
      }),
    );
    expect(malformed.status).toBe(400);
    expect(namesOf(malformed).sort()).toEqual([
      'sheet.categories.0.captions.0.subcaptions.0.max',
      'sheet.categories.0.combine',
      'sheet.categories.0.key',
    ]);
    const tooMany = withSheet((s) => (s.categories = Array.from({ length: 21 }, () => s.categories[0])));
    expect((await post(key, '/divisions/', tooMany)).status).toBe(400);
    expect((await key.get('/divisions/')).body.data.map((d: Json) => d.name)).not.toContain('Refused');
  });

  it("answers 404 for another organization's division and for an unknown one", async () => {
    expect((await other.get(`/divisions/${circuit.scholasticA.id}/sheet`)).status).toBe(404);
    expect((await post(other, `/divisions/${circuit.scholasticA.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await key.get('/divisions/999999/sheet')).status).toBe(404);
    expect((await key.get('/divisions/0/sheet')).status).toBe(400);
  });

  it("gives a division's new sheet to its rounds without scores; a scored round keeps its copy", async () => {
    const division = (
      await post(key, '/divisions/', { name: 'Regional A', initials: 'RA', groupTypeId: 1, sheetKey: 'color-guard' })
    ).body;
    const group = (await post(key, '/groups/', { name: 'Regional HS', divisionId: division.id })).body;
    const competition = circuit.competition.id;
    const scored = (
      await post(key, `/competitions/${competition}/performances`, {
        groupId: group.id,
        divisionId: division.id,
        round: 1,
      })
    ).body;
    const unscored = (
      await post(key, `/competitions/${competition}/performances`, {
        groupId: group.id,
        divisionId: division.id,
        round: 2,
      })
    ).body;
    expect(
      // round 1 of the fixture is released: a late entry there is a correction with its reason (decision 083)
      (
        await post(key, `/performances/${scored.id}/scores`, {
          captionKey: 'ge1',
          scores: { rep: 80, perf: 70 },
          reason: 'a late entry',
        })
      ).status,
    ).toBe(200);
    const before = await key.get(`/competitions/${competition}/scores`);
    const changed = await post(key, `/divisions/${division.id}`, {
      sheetKey: 'color-guard-single-general-effect-judge',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await key.get(`/divisions/${division.id}/sheet`)).body.sheet.name).toBe(
      'Color Guard (single General Effect judge)',
    );
    // the unscored round now takes the new sheet's captions ("ge"), the scored one keeps "ge1"
    expectRule(
      await post(key, `/performances/${unscored.id}/scores`, { captionKey: 'ge1', scores: { rep: 1, perf: 1 } }),
      'captionKey',
    );
    expect(
      (await post(key, `/performances/${unscored.id}/scores`, { captionKey: 'ge', scores: { rep: 1, perf: 1 } }))
        .status,
    ).toBe(200);
    expect(
      (
        await post(key, `/performances/${scored.id}/scores`, {
          captionKey: 'ge1',
          scores: { rep: 81, perf: 70 },
          reason: 'a recount',
        })
      ).status,
    ).toBe(200);
    const section = (answer: Answer, round: number) =>
      answer.body.data.find((s: Json) => s.division.id === division.id && s.round.number === round);
    // round 2 lacks most captions: released anyway, with the reason (decision 082)
    expect(
      (
        await post(key, `/competitions/${competition}/release`, {
          round: 2,
          force: true,
          reason: 'only the sheets matter here',
        })
      ).status,
    ).toBe(200);
    const after = await key.get(`/competitions/${competition}/scores`);
    expect(section(after, 1).sheet).toEqual(section(before, 1).sheet);
    expect(section(after, 1).sheet.name).toBe('Color Guard');
    expect(section(after, 2).sheet.name).toBe('Color Guard (single General Effect judge)');
    // the scored round's numbers are its own: 81 x 0.1 + 70 x 0.1
    expect(section(after, 1).performances[0].categories[3].captions[0].score).toBe(15.1);
  });
});

describe('updates that lose no score', () => {
  it("updates an event's name, place, type, date and season; its competitions stay", async () => {
    const answer = await post(asRole.tabulator, `/events/${circuit.event.id}`, {
      name: 'Winter Kickoff (moved)',
      location: 'Georgetown, TX',
      startDate: '2027-01-17',
      eventTypeId: 5,
      seasonId: circuit.season.id,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      id: circuit.event.id,
      name: 'Winter Kickoff (moved)',
      location: 'Georgetown, TX',
      eventTypeId: 5,
      eventType: 'Regional',
    });
    expect(answer.body.competitions.map((c: Json) => c.id)).toContain(circuit.competition.id);
    expectRule(await post(key, `/events/${circuit.event.id}`, { seasonId: 999999 }), 'seasonId');
    expectRule(await post(key, `/events/${circuit.event.id}`, { eventTypeId: 99 }), 'eventTypeId');
    expect((await post(key, `/events/${circuit.event.id}`, { startDate: 'tomorrow' })).status).toBe(400);
    expect((await post(other, `/events/${circuit.event.id}`, { name: 'Stolen' })).status).toBe(404);
  });

  it("updates a competition's name, date, chief judge and rounds; released scores are untouched", async () => {
    const id = circuit.competition.id;
    const before = (await key.get(`/competitions/${id}/scores`)).body;
    const answer = await post(asRole.tabulator, `/competitions/${id}`, {
      name: 'Color Guard Finals',
      date: '2027-01-17T16:30:00-06:00',
      chiefJudge: 'Robin Chief',
      rounds: [
        { number: 2, name: 'Encore Round' },
        { number: 3, name: 'Exhibition' },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      id,
      name: 'Color Guard Finals',
      date: '2027-01-17T22:30:00.000Z',
      chiefJudge: 'Robin Chief',
    });
    expect(answer.body.rounds.map((r: Json) => [r.number, r.name])).toEqual([
      [1, 'Finals'],
      [2, 'Encore Round'],
      [3, 'Exhibition'],
    ]);
    const after = (await key.get(`/competitions/${id}/scores`)).body;
    expect(after.competition).toMatchObject({ name: 'Color Guard Finals', chiefJudge: 'Robin Chief' });
    const finals = (body: Json) =>
      body.data.find((s: Json) => s.round.number === 1 && s.division.id === circuit.scholasticA.id);
    expect(numbersOf(finals(after))).toEqual(numbersOf(finals(before)));
    expectRule(
      await post(key, `/competitions/${id}`, {
        rounds: [
          { number: 4, name: 'A' },
          { number: 4, name: 'B' },
        ],
      }),
      'rounds',
    );
    expect((await post(key, `/competitions/${id}`, { date: '2027-01-17' })).status).toBe(400);
    expect((await post(key, `/competitions/${id}`, {})).status).toBe(400);
    expect((await post(other, `/competitions/${id}`, { name: 'Stolen' })).status).toBe(404);
  });

  it("moves a performance's time and order, even scored; its division and round only while unscored", async () => {
    const alpha = circuit.performances['Alpha HS'];
    const before = (await key.get(`/competitions/${circuit.competition.id}/scores`)).body;
    const moved = await post(asRole.tabulator, `/performances/${alpha}`, { time: '2027-01-16T21:05:00Z', order: 9 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: alpha, time: '2027-01-16T21:05:00.000Z', order: 9, performed: true });
    const after = (await key.get(`/competitions/${circuit.competition.id}/scores`)).body;
    expect(after.data).toEqual(before.data);
    expectRule(await post(key, `/performances/${alpha}`, { round: 3 }), 'round', 'a scored performance to round 3');
    expectRule(await post(key, `/performances/${alpha}`, { divisionId: circuit.percussion.id }), 'divisionId');

    // an unscored one moves: another round (made on the way) and then back, and its time cleared
    const group = (await post(key, '/groups/', { name: 'Mover HS', divisionId: circuit.scholasticA.id })).body;
    const added = (
      await post(key, `/competitions/${circuit.competition.id}/performances`, {
        groupId: group.id,
        divisionId: circuit.scholasticA.id,
        round: 2,
        time: '2027-01-16T20:30:00Z',
      })
    ).body;
    const toFour = await post(key, `/performances/${added.id}`, { round: 4, roundName: 'Showcase', time: null });
    expect(toFour.status, toFour.text).toBe(200);
    expect(toFour.body).toMatchObject({ round: { number: 4, name: 'Showcase' }, time: null });
    const schedule = (await key.get(`/competitions/${circuit.competition.id}/schedule`)).body.data;
    expect(schedule.find((entry: Json) => entry.performanceId === added.id).round.number).toBe(4);
    // the moved performance is scored on its new round's copy of the division's sheet
    expect(
      (await post(key, `/performances/${added.id}/scores`, { captionKey: 'ea', scores: { voc: 50, exc: 50 } })).status,
    ).toBe(200);
    // a group not of the division's type, a taken place, another organization's performance
    const drumline = circuit.groups['Delta Drumline'].id;
    const drums = (
      await post(key, `/competitions/${circuit.competition.id}/performances`, {
        groupId: drumline,
        divisionId: circuit.percussion.id,
        round: 2,
      })
    ).body;
    expectRule(await post(key, `/performances/${drums.id}`, { divisionId: circuit.scholasticA.id }), 'divisionId');
    expectRule(await post(key, `/performances/${drums.id}`, { divisionId: 999999 }), 'divisionId');
    const encore = circuit.encorePerformanceId;
    expect((await post(key, `/performances/${encore}`, { order: -1 })).status).toBe(400);
    expectRule(await post(key, `/performances/${encore}`, { roundName: 'Nameless' }), 'roundName');
    expect((await post(other, `/performances/${encore}`, { order: 2 })).status).toBe(404);
  });

  it("removes a seat and re-seats it; the caption's scores stay", async () => {
    const id = circuit.competition.id;
    const seat = `round=1&divisionId=${circuit.scholasticA.id}&captionKey=da`;
    const before = (await key.get(`/competitions/${id}/scores`)).body;
    expect((await asRole.tabulator.send('DELETE', `/competitions/${id}/judges?${seat}`)).status).toBe(204);
    const after = (await key.get(`/competitions/${id}/scores`)).body;
    const finals = (body: Json) =>
      body.data.find((s: Json) => s.round.number === 1 && s.division.id === circuit.scholasticA.id);
    const design = (body: Json) => finals(body).sheet.categories.find((c: Json) => c.key === 'design').captions[0];
    expect(design(before).judge).toEqual({ firstName: 'Dee', lastName: 'Design' });
    expect(design(after).judge).toBeNull();
    expect(finals(after).performances).toEqual(finals(before).performances);
    expect((await key.send('DELETE', `/competitions/${id}/judges?${seat}`)).status).toBe(404);
    expectRule(
      await key.send('DELETE', `/competitions/${id}/judges?round=9&divisionId=${circuit.scholasticA.id}&captionKey=da`),
      'round',
    );
    expect((await key.send('DELETE', `/competitions/${id}/judges?round=1`)).status).toBe(400);
    expect((await other.send('DELETE', `/competitions/${id}/judges?${seat}`)).status).toBe(404);
    const reseated = await post(key, `/competitions/${id}/judges`, {
      round: 1,
      divisionId: circuit.scholasticA.id,
      captionKey: 'da',
      firstName: 'Dana',
      lastName: 'Design',
    });
    expect(reseated.status).toBe(200);
    expect(design((await key.get(`/competitions/${id}/scores`)).body).judge).toEqual({
      firstName: 'Dana',
      lastName: 'Design',
    });
  });

  it('deletes a scored performance only with a reason, which the audit trail keeps with the numbers', async () => {
    const charlie = circuit.performances['Charlie HS'];
    const refused = await asRole.tabulator.send('DELETE', `/performances/${charlie}`);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('reason_required');
    expect(refused.body.errors).toEqual([
      { name: 'X-Audit-Reason', in: 'header', message: expect.stringContaining('scores') },
    ]);
    const deleted = await asRole.tabulator.send('DELETE', `/performances/${charlie}`, undefined, {
      'x-audit-reason': 'Entered in the wrong competition',
    });
    expect(deleted.status).toBe(204);
    const trail = (await key.get(`/audit/?competitionId=${circuit.competition.id}`)).body.data as Json[];
    const entry = trail.findLast((e) => e.action === 'performance.delete');
    expect(entry).toMatchObject({
      reason: 'Entered in the wrong competition',
      resource: { type: 'performance', id: String(charlie) },
      after: null,
    });
    expect(entry!.before.scores.length).toBe(10);
    // an unscored performance needs none
    const group = (await post(key, '/groups/', { name: 'Withdrawn HS', divisionId: circuit.scholasticA.id })).body;
    const added = (
      await post(key, `/competitions/${circuit.competition.id}/performances`, {
        groupId: group.id,
        divisionId: circuit.scholasticA.id,
        round: 2,
      })
    ).body;
    expect((await key.send('DELETE', `/performances/${added.id}`)).status).toBe(204);
  });
});

describe('roles and the audit trail', () => {
  /** One of each new write, with a body it would accept. */
  const writes = (): [string, string, unknown][] => [
    ['POST', '/seasons/', { name: 'Refused Season', startDate: '2030-01-01', endDate: '2030-06-01' }],
    ['POST', `/seasons/${circuit.oldSeason.id}`, { name: 'Refused' }],
    ['POST', '/divisions/', { name: 'Refused', initials: 'R', groupTypeId: 1, sheetKey: 'color-guard' }],
    ['POST', `/divisions/${circuit.percussion.id}`, { sheetKey: 'percussion' }],
    ['POST', `/events/${circuit.practice.id}`, { name: 'Refused' }],
    ['POST', `/competitions/${circuit.competition.id}`, { chiefJudge: 'Refused' }],
    ['POST', `/performances/${circuit.encorePerformanceId}`, { order: 5 }],
    [
      'DELETE',
      `/competitions/${circuit.competition.id}/judges?round=1&divisionId=${circuit.scholasticA.id}&captionKey=ea`,
      undefined,
    ],
  ];

  it('refuses the chief judge, the judge and a read-only key every set-up write (403 set-up), changing nothing', async () => {
    const trail = (await key.get('/audit/')).body.data.length;
    const scores = (await key.get(`/competitions/${circuit.competition.id}/scores`)).text;
    for (const client of [asRole['chief-judge'], asRole.judge, readOnly]) {
      for (const [method, path, body] of writes()) {
        const answer = await client.send(method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body, `${method} ${path}`).toMatchObject({ code: 'permission_required', permission: 'set-up' });
      }
    }
    expect((await key.get('/audit/')).body.data.length).toBe(trail);
    expect((await key.get(`/competitions/${circuit.competition.id}/scores`)).text).toBe(scores);
  });

  it('lets an administrator and a tabulator set up, each write audited with who, before and after', async () => {
    const division = await post(asRole.administrator, '/divisions/', {
      name: 'Audited A',
      initials: 'AA',
      groupTypeId: 1,
      sheetKey: 'color-guard',
    });
    expect(division.status).toBe(201);
    const changed = await post(asRole.tabulator, `/divisions/${division.body.id}`, { sheet: BAND_SHEET });
    expect(changed.status).toBe(200);
    const trail = (await key.get('/audit/')).body.data as Json[];
    const [created, updated] = trail.filter(
      (e) => e.resource.type === 'division' && e.resource.id === String(division.body.id),
    );
    expect(created).toMatchObject({
      action: 'division.create',
      actor: { kind: 'user', name: 'administrator@setup.example' },
      before: null,
      after: { name: 'Audited A', sheetKey: 'color-guard', sheet: colorGuardSheet },
    });
    expect(updated).toMatchObject({
      action: 'division.update',
      actor: { kind: 'user', name: 'tabulator@setup.example' },
      before: { sheetKey: 'color-guard' },
      after: { sheetKey: null, sheet: { name: 'Marching Band (circuit)' } },
    });
    const season = trail.findLast((e) => e.action === 'season.update');
    expect(season).toMatchObject({ resource: { type: 'season' }, after: { name: '2027-28 Winter Season' } });
  });

  it('names every new operation in the OpenAPI document with its permission', async () => {
    const paths = (await key.get('/openapi.json')).body.paths;
    expect(paths['/seasons/'].post['x-permission']).toBe('set-up');
    expect(paths['/seasons/{seasonId}'].post['x-permission']).toBe('set-up');
    expect(paths['/divisions/'].post['x-permission']).toBe('set-up');
    expect(paths['/divisions/{divisionId}'].post['x-permission']).toBe('set-up');
    expect(paths['/divisions/{divisionId}/sheet'].get['x-permission']).toBe('read');
    expect(paths['/score-sheets/'].get['x-permission']).toBe('read');
    expect(paths['/events/{eventId}'].post['x-permission']).toBe('set-up');
    expect(paths['/competitions/{competitionId}'].post['x-permission']).toBe('set-up');
    expect(paths['/performances/{performanceId}'].post['x-permission']).toBe('set-up');
    expect(paths['/competitions/{competitionId}/judges'].delete['x-permission']).toBe('set-up');
  });
});

describe('a sheet read from one organization created as is in another', () => {
  /** The groups, numbers and penalties of the small circuit's released finals, in stageContest's form. */
  const finals = () => {
    const scores: Record<string, Record<string, Record<string, number>>> = {};
    for (const [group, captions] of Object.entries(FINALS_SCORES)) {
      scores[group] = {};
      for (const [captionKey, [first, second]] of Object.entries(captions)) {
        const lines = colorGuardSheet.categories.flatMap((c) => c.captions).find((c) => c.key === captionKey)!;
        scores[group][captionKey] = { [lines.subcaptions[0].key]: first, [lines.subcaptions[1].key]: second };
      }
    }
    return scores;
  };

  it("reproduces the small circuit's released finals, number for number and rank for rank", async () => {
    const original = (await key.get(`/competitions/${circuit.competition.id}/scores`)).body.data.find(
      (s: Json) => s.round.number === 1 && s.division.id === circuit.scholasticA.id,
    );
    // Charlie HS was deleted above: the finals now hold Alpha and Bravo
    const groups = original.performances.map((p: Json) => p.group.name);
    const scores = Object.fromEntries(Object.entries(finals()).filter(([group]) => groups.includes(group)));
    const copy = await stageContest(
      other,
      'Copied Guard',
      { initials: 'CG', groupTypeId: 1, sheet: original.sheet },
      scores,
      { 'Bravo HS': BRAVO_PENALTY },
    );
    expect(copy.section.sheet).toEqual(
      expect.objectContaining({ name: original.sheet.name, rounding: 'carry-rounded', totalDivisor: 1 }),
    );
    expect(numbersOf(copy.section)).toEqual(numbersOf(original));
  });

  it("reproduces a circuit's own sheet (a doubled panel, steps, exact carrying, a scale) in another organization", async () => {
    const first = await stageContest(
      key,
      'Band Show',
      { initials: 'BD', groupTypeId: 4, sheet: BAND_SHEET },
      BAND_SCORES,
      BAND_PENALTIES,
    );
    const sheetRead = first.section.sheet;
    expect(sheetRead.categories[0].captions[1]).toMatchObject({ panel: 'mp', judge: { lastName: 'MP1' } });
    const copy = await stageContest(
      other,
      'Band Copy',
      { initials: 'BC', groupTypeId: 4, sheet: sheetRead },
      BAND_SCORES,
      BAND_PENALTIES,
    );
    expect(numbersOf(copy.section)).toEqual(numbersOf(first.section));

    // The numbers are the sheet's: a fresh tabulation of these scores gives them, and dropping any of the rules the
    // copy carried (panels, exact carrying, the scale) would give others, so a copy that lost one would differ.
    const inputs = Object.entries(BAND_SCORES).map(([group, captions]) => ({
      id: group,
      performed: true,
      penalty: BAND_PENALTIES[group] ?? 0,
      scores: Object.entries(captions).flatMap(([captionKey, lines]) =>
        Object.entries(lines).map(([subcaptionKey, score]) => ({ captionKey, subcaptionKey, score })),
      ),
    }));
    const totals = (sheet: ScoreSheet) =>
      Object.fromEntries(tabulate(sheet, inputs).map((result) => [result.id, result.total]));
    // as stored: a caption of no panel has none (the answer's `panel: null`)
    const sheet: ScoreSheet = {
      ...(BAND_SHEET as unknown as ScoreSheet),
      categories: (BAND_SHEET as unknown as ScoreSheet).categories.map((category) => ({
        ...category,
        captions: category.captions.map(({ panel, ...caption }) => (panel === null ? caption : { ...caption, panel })),
      })),
    };
    expect(Object.fromEntries(copy.section.performances.map((p: Json) => [p.group.name, p.total]))).toEqual(
      totals(sheet),
    );
    const withoutPanels: ScoreSheet = {
      ...sheet,
      categories: sheet.categories.map((category) => ({
        ...category,
        captions: category.captions.map(({ panel: _panel, ...caption }) => caption),
      })),
    };
    expect(totals(withoutPanels)).not.toEqual(totals(sheet));
    expect(totals({ ...sheet, rounding: 'carry-rounded' })).not.toEqual(totals(sheet));
    expect(totals({ ...sheet, subtotalScale: 1 })).not.toEqual(totals(sheet));

    // a step the sheet does not allow is refused at entry, naming the line
    const performance = copy.section.performances[0].performanceId;
    expectRule(
      await post(other, `/performances/${performance}/scores`, { captionKey: 'mge', scores: { rep: 8.3, perf: 8 } }),
      'scores[0].score',
    );
  });
});

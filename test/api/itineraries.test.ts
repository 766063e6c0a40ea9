/**
 * The logistical schedule (issue 40, items 3, 4 and 6; decision 141), answered by the API app in process: templates
 * saved whole and read by every reader, every group's itinerary with its entry of GET /competitions/{id}/schedule
 * (moving with a new published version), the published logistical page's step columns and its sheets per group and
 * per location (the standard page and the rows the scrapers read unchanged), the refusals naming their field (a step
 * running into the group's next performance among them), who may write, and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, DomUtils } from 'htmlparser2';
import { createCompetition } from '../../server/api/db/repositories/competitions.write.js';
import { createDivision } from '../helpers/setup-writes.js';
import { ensureRound } from '../../server/api/db/repositories/rounds.write.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import type { TestApi } from '../helpers/api-server.js';
import { scrapeScheduleRows } from '../helpers/schedule-scraper.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, namesOf, type Json } from './client.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let tabulator: Client;
let judge: Client;
let readOnly: Client;
let other: Client;
let competitionId: number;
let pages: { standard: string; logistical: string };
let open: { id: number };
const p = {} as Record<'alpha' | 'bravo' | 'alphaOpen', number>;

const templatesOf = () => `/competitions/${competitionId}/schedule/templates`;
const at = (hhmm: string) => `2027-03-06T${hhmm}:00.000Z`;
const step = (kind: string, offsetMinutes: number, minutes: number, location?: string, label?: string) => ({
  kind,
  offsetMinutes,
  minutes,
  ...(location === undefined ? {} : { location }),
  ...(label === undefined ? {} : { label }),
});
/** Scholastic A: check-in, a flag warm-up in the band room, staging, exit and critique; Open: check-in only. */
const goodTemplates = () => ({
  templates: [
    {
      divisionId: circuit.scholasticA.id,
      steps: [
        step('check-in', -60, 10, 'Gym lobby'),
        step('equipment-warm-up', -30, 20, 'Band room', 'Flag warm-up'),
        step('staging', -10, 10, 'Tunnel'),
        step('exit', 10, 5),
        step('critique', 20, 10, 'Room 101'),
      ],
    },
    { divisionId: open.id, steps: [step('check-in', -30, 10, 'Gym lobby')] },
  ],
});

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  for (const role of ['tabulator', 'judge'] as const)
    await api.createUser(circuit.org.guid, `${role}@itineraries.example`, PASSWORD, { role });
  const bearer = async (role: string) => ({
    authorization: `Bearer ${await userToken(api, app, `${role}@itineraries.example`, PASSWORD)}`,
  });
  tabulator = apiClient(api.inProcess, await bearer('tabulator'));
  judge = apiClient(api.inProcess, await bearer('judge'));
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(fans.clientId, fans.clientSecret)}` });
  const db = api.services.database.db;
  open = await createDivision(db, circuit.org.id, { name: 'Open', initials: 'O', groupTypeId: 1, sortOrder: 2 });
  const competition = await createCompetition(db, circuit.org.id, {
    eventId: circuit.event.id,
    name: 'Logistics Classic',
    startsAt: new Date(at('14:00')),
    groupTypeId: 1,
  });
  competitionId = competition.id;
  const round = await ensureRound(db, circuit.org.id, { competitionId, number: 1, name: 'Prelims' });
  const add = async (groupId: number, divisionId: number, order: number) =>
    (await addPerformance(db, circuit.org.id, { roundId: round.id, divisionId, groupId, order })).id;
  p.alpha = await add(circuit.groups['Alpha HS'].id, circuit.scholasticA.id, 1);
  p.bravo = await add(circuit.groups['Bravo HS'].id, circuit.scholasticA.id, 2);
  p.alphaOpen = await add(circuit.groups['Alpha HS'].id, open.id, 1);
  // published: Alpha 15:00, Bravo 15:10, (break 30) Alpha in Open 15:50, 10-minute slots
  const draft = await key.send('POST', `/competitions/${competitionId}/schedule/draft`, {
    startsAt: at('15:00'),
    gapMinutes: 30,
    intervals: [
      { divisionId: circuit.scholasticA.id, minutes: 10 },
      { divisionId: open.id, minutes: 10 },
    ],
    items: [
      { performanceId: p.alpha },
      { performanceId: p.bravo },
      { block: { kind: 'break', title: 'Break', minutes: 30 } },
      { performanceId: p.alphaOpen },
    ],
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  expect((await key.send('POST', `/competitions/${competitionId}/schedule/versions`, {})).status).toBe(201);
  const event = await key.get(`/events/${circuit.event.id}`);
  const listed = (event.body.competitions as Json[]).find((one) => one.id === competitionId)!;
  pages = { standard: listed.standardScheduleUrl, logistical: listed.logisticalScheduleUrl };
  const stranger = await buildSmallCircuit(db, 'Another Circuit');
  const strangerKey = await api.createKey(stranger.org.guid);
  other = apiClient(api.inProcess, {
    authorization: `Bearer ${await api.token(strangerKey.clientId, strangerKey.clientSecret)}`,
  });
}, 180_000);
afterAll(() => api?.stop());

const clock = (iso: string) => iso.slice(11, 16);
async function itineraries() {
  const schedule = await readOnly.get(`/competitions/${competitionId}/schedule`);
  expect(schedule.status).toBe(200);
  return new Map(
    (schedule.body.data as Json[]).map((entry) => [
      entry.performanceId,
      (entry.itinerary as Json[]).map((s) => [clock(s.startsAt), clock(s.endsAt), s.name, s.location]),
    ]),
  );
}
const page = async (url: string) => {
  const response = await api.fetch(new URL(url).pathname, {});
  expect(response.status).toBe(200);
  return response.text();
};
const sheet = (html: string, label: string) => {
  const section = DomUtils.findOne(
    (element) => element.name === 'section' && element.attribs['aria-label'] === label,
    parseDocument(html).children,
  );
  if (!section) return null;
  return DomUtils.findAll(
    (element) => element.name === 'tr' && /^(itinerary|location)-row$/.test(element.attribs.class ?? ''),
    [section],
  ).map((row) =>
    DomUtils.findAll((cell) => cell.name === 'td', [row])
      .map((cell) => DomUtils.textContent(cell))
      .filter((text) => text !== '')
      .join(' '),
  );
};

describe('templates', () => {
  it('start empty: every division with a performance, its interval, no steps; every group only performs', async () => {
    const read = await readOnly.get(templatesOf());
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.divisions).toEqual([
      { divisionId: circuit.scholasticA.id, divisionName: 'Scholastic A', performanceMinutes: 10, steps: [] },
      { divisionId: open.id, divisionName: 'Open', performanceMinutes: 10, steps: [] },
    ]);
    expect((await itineraries()).get(p.alpha)).toEqual([['15:00', '15:10', 'Performance', '']]);
  });

  it("save whole, and every group's itinerary follows from its published time", async () => {
    const saved = await tabulator.send('POST', templatesOf(), goodTemplates());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.divisions[0].steps.map((s: Json) => s.name)).toEqual([
      'Check-in',
      'Flag warm-up',
      'Staging',
      'Exit',
      'Critique',
    ]);
    expect((await readOnly.get(templatesOf())).body).toEqual(saved.body);
    const all = await itineraries();
    expect(all.get(p.bravo)).toEqual([
      ['14:10', '14:20', 'Check-in', 'Gym lobby'],
      ['14:40', '15:00', 'Flag warm-up', 'Band room'],
      ['15:00', '15:10', 'Staging', 'Tunnel'],
      ['15:10', '15:20', 'Performance', ''],
      ['15:20', '15:25', 'Exit', ''],
      ['15:30', '15:40', 'Critique', 'Room 101'],
    ]);
    expect(all.get(p.alphaOpen)).toEqual([
      ['15:20', '15:30', 'Check-in', 'Gym lobby'],
      ['15:50', '16:00', 'Performance', ''],
    ]);
  });

  it('put a column per step on the logistical page and a sheet per group and per location; the rows the scrapers read stay', async () => {
    const logistical = await page(pages.logistical);
    const standard = await page(pages.standard);
    const rows = [
      { name: 'Alpha HS', initials: 'SA' },
      { name: 'Bravo HS', initials: 'SA' },
      { name: 'Alpha HS', initials: 'O' },
    ];
    expect(scrapeScheduleRows(standard)).toEqual(rows);
    expect(scrapeScheduleRows(logistical)).toEqual(rows);
    expect(standard).not.toContain('Check-in');
    const headings = DomUtils.findAll((e) => e.name === 'th', parseDocument(logistical).children)
      .slice(0, 10)
      .map((e) => DomUtils.textContent(e));
    expect(headings).toEqual([
      'Time',
      'Group',
      'Division',
      'Round',
      'From',
      'Check-in',
      'Flag warm-up',
      'Staging',
      'Exit',
      'Critique',
    ]);
    const bravoRow = DomUtils.findAll(
      (e) => e.attribs?.class === 'schedule-row',
      parseDocument(logistical).children,
    )[1];
    expect(
      DomUtils.findAll((e) => e.attribs?.class === 'schedule-row__step', [bravoRow]).map((e) =>
        DomUtils.textContent(e),
      ),
    ).toEqual([
      '14:10 UTC · Gym lobby',
      '14:40 UTC · Band room',
      '15:00 UTC · Tunnel',
      '15:20 UTC',
      '15:30 UTC · Room 101',
    ]);
    expect(sheet(logistical, 'Itinerary of Bravo HS · Scholastic A · Prelims')).toEqual([
      '14:10 UTC to 14:20 UTC Check-in Gym lobby',
      '14:40 UTC to 15:00 UTC Flag warm-up Band room',
      '15:00 UTC to 15:10 UTC Staging Tunnel',
      '15:10 UTC to 15:20 UTC Performance',
      '15:20 UTC to 15:25 UTC Exit',
      '15:30 UTC to 15:40 UTC Critique Room 101',
    ]);
    // the gym lobby's sheet, in time order across divisions
    expect(sheet(logistical, 'Gym lobby')).toEqual([
      '14:00 UTC to 14:10 UTC Alpha HS Check-in',
      '14:10 UTC to 14:20 UTC Bravo HS Check-in',
      '15:20 UTC to 15:30 UTC Alpha HS Check-in',
    ]);
  });

  it('move with a new published version: v4 and the page answer the current one', async () => {
    const draftUrl = `/competitions/${competitionId}/schedule/draft`;
    const draft = (await key.get(draftUrl)).body;
    const items = [
      { performanceId: p.alpha },
      { performanceId: p.bravo },
      { block: { kind: 'break', title: 'Break', minutes: 42 } },
      { performanceId: p.alphaOpen },
    ];
    const saved = await key.send('POST', draftUrl, {
      startsAt: draft.startsAt,
      gapMinutes: 30,
      intervals: draft.intervals.map((i: Json) => ({ divisionId: i.divisionId, minutes: i.minutes })),
      items,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const v2 = await key.send('POST', `/competitions/${competitionId}/schedule/versions`, { reason: 'Rain delay' });
    expect(v2.status, JSON.stringify(v2.body)).toBe(201);
    expect(v2.body.moved).toEqual([
      { performanceId: p.alphaOpen, groupName: 'Alpha HS', from: at('15:50'), to: at('16:02') },
    ]);
    expect((await itineraries()).get(p.alphaOpen)).toEqual([
      ['15:32', '15:42', 'Check-in', 'Gym lobby'],
      ['16:02', '16:12', 'Performance', ''],
    ]);
    expect(sheet(await page(pages.logistical), 'Gym lobby')?.at(-1)).toBe('15:32 UTC to 15:42 UTC Alpha HS Check-in');
  });

  it("holds publishing again to the templates: a move that puts a group's step into its other performance is a conflict", async () => {
    const draftUrl = `/competitions/${competitionId}/schedule/draft`;
    const draft = (await key.get(draftUrl)).body;
    // Alpha's Open performance straight after Bravo: Alpha's critique in Scholastic A (20 minutes after its 15:00
    // performance) would run into it. The templates were fine when saved; only the move makes the conflict.
    const saved = await key.send('POST', draftUrl, {
      startsAt: draft.startsAt,
      gapMinutes: 0,
      intervals: draft.intervals.map((i: Json) => ({ divisionId: i.divisionId, minutes: i.minutes })),
      items: [{ performanceId: p.alpha }, { performanceId: p.bravo }, { performanceId: p.alphaOpen }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const overlap = {
      kind: 'step-overlap',
      items: [0, 2],
      message: "Alpha HS's Critique runs into its other performance.",
    };
    expect((await key.get(draftUrl)).body.conflicts).toContainEqual(overlap);
    const refused = await key.send('POST', `/competitions/${competitionId}/schedule/versions`, { reason: 'Tighter' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(namesOf(refused)).toEqual(['despiteConflicts']);
    expect(refused.body.detail).toContain(overlap.message);
    const published = await key.send('POST', `/competitions/${competitionId}/schedule/versions`, {
      reason: 'Tighter',
      despiteConflicts: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
  });
});

describe('refusals', () => {
  const withA = (steps: Json[]) => ({ templates: [{ divisionId: circuit.scholasticA.id, steps }] });
  it.each([
    // Alpha performs in Scholastic A at 15:00 and in Open at 16:02: a critique 60 minutes after, 10 long, ends 16:10
    [
      "a step after the group's next performance",
      () => withA([step('critique', 60, 10)]),
      'templates.0.steps.0.offsetMinutes',
    ],
    [
      "a step before the group's previous performance ends",
      () => ({ templates: [{ divisionId: open.id, steps: [step('other', 0, 5), step('check-in', -60, 10)] }] }),
      'templates.0.steps.1.offsetMinutes',
    ],
    ['a step of 0 minutes', () => withA([step('exit', 10, 0)]), 'templates.0.steps.0.minutes'],
    ['an offset past 600 minutes', () => withA([step('check-in', -601, 10)]), 'templates.0.steps.0.offsetMinutes'],
    [
      'a division without a performance here',
      () => ({ templates: [{ divisionId: 999_999, steps: [] }] }),
      'templates.0.divisionId',
    ],
    [
      'a division twice',
      () => ({ templates: [...goodTemplates().templates, { divisionId: open.id, steps: [] }] }),
      'templates.2.divisionId',
    ],
    ['more than 20 steps', () => withA(Array.from({ length: 21 }, () => step('other', -5, 1))), 'templates.0.steps'],
  ])('%s is a 422 naming the field', async (_, body, field) => {
    const refused = await tabulator.send('POST', templatesOf(), body());
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(namesOf(refused)).toEqual([field]);
    expect((await readOnly.get(templatesOf())).body.divisions[0].steps).toHaveLength(5);
  });

  it('is a 400 for a malformed body (an unknown kind, minutes as words, an unknown field)', async () => {
    for (const body of [
      withA([step('nap', -5, 5)]),
      withA([{ kind: 'exit', offsetMinutes: 'ten', minutes: 5 }]),
      { templates: [], extra: 1 },
    ])
      expect((await tabulator.send('POST', templatesOf(), body)).status).toBe(400);
  });

  it('is refused to a judge and a read-only key (403 naming set-up), and another organization sees no competition', async () => {
    for (const client of [judge, readOnly]) {
      const refused = await client.send('POST', templatesOf(), goodTemplates());
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain('set-up');
    }
    expect((await other.send('POST', templatesOf(), goodTemplates())).status).toBe(404);
    expect((await other.get(templatesOf())).status).toBe(404);
  });

  it('puts every save in the audit trail with the templates', async () => {
    const trail = (await key.get(`/audit/?competitionId=${competitionId}`)).body.data as Json[];
    const saves = trail.filter((entry) => entry.action === 'schedule.save-templates');
    expect(saves).toHaveLength(1);
    expect(saves[0].resource).toMatchObject({ type: 'schedule', id: String(competitionId) });
    expect(saves[0].before.templates).toEqual([]);
    expect(saves[0].after.templates.map((t: Json) => t.steps.length)).toEqual([5, 1]);
  });
});

/**
 * Real shows run again through the show-day API, by the people who run a show (issue 26, "Done means"): for six
 * real recap pages of different kinds, each its own circuit, everything is set up over the real HTTPS server
 * through the API only (season, divisions on a catalogue sheet or the circuit's own, groups, event, competition,
 * rounds, performances, people made through /users/ and seated by userId); each judge signs in through the
 * Authorization Code flow and enters and submits its own captions with its own token (some in bulk, some one by
 * one, a tablet's retry, a stale copy); the tabulator enters penalties and who did not perform; a release before
 * the last judge is in is refused naming what is missing; the chief judge signs off each division and round, and
 * each is released on its own. Then v4, v2 and the published recap page must equal the original page, number for
 * number and rank for rank (the comparers the archive reproduction and round-trip tests use), the published page
 * must print the real page's tables, rows and cells (the comparison of test/api/published-markup.test.ts: the same
 * numbers publish the same page, however they were entered), and the audit chain of every circuit must verify, and
 * stop verifying once a row is edited by hand.
 *
 * What to enter is read from the page by our own recap reader; what is compared is what the page printed, so a
 * wrong tabulation, sheet, rank, penalty or release shows as a difference.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { createPerson, REDIRECT_URI } from '../helpers/user-tokens.js';
import { cli } from '../helpers/cli.js';
import { apiClient, type Answer, type Json } from '../api/client.js';
import { readRecapFixture } from '../fixtures/recaps/load.js';
import {
  printedDifferences,
  servedDifferences,
  v2Differences,
  type ApiSection,
  type ServedSection,
  type V2PerformanceRecord,
} from '../helpers/recap-comparison.js';
import { compareGrids } from '../helpers/recap-markup.js';
import { checkRecap, type CheckedRecap } from '../../server/api/recap-import/load-recap.js';
import type { ImportedSection } from '../../server/api/recap-import/to-import.js';
import { inferGroupType } from '../../server/api/recap-import/group-type.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

/** The pages, each a kind of show the API must run (test/fixtures/recaps/SOURCE.md says where they come from). */
const PAGES = [
  { file: '7232e925-5fd0-4cd6-a24a-4bdac300284c.htm', kind: 'drum corps: doubled General Effect panels, 11 judges' },
  { file: '84b9096d-e6be-4ad7-905b-cbf4104b7491.htm', kind: 'a doubled panel averaged per caption, a penalty' },
  { file: '350b4eff-4ea6-4245-a3f2-d067f1320823.htm', kind: 'penalties: four of seven groups' },
  {
    file: '3ca521dd-aeb2-4579-86c9-8902615c44a6.htm',
    kind: 'a group that did not perform, penalties, winds (a catalogue sheet) and percussion',
  },
  {
    file: 'ddb1be19-059d-48dc-a31d-0c06bf8fa25d.htm',
    kind: 'percussion concert classes with two penalty columns (Timing, Timing & Penalties), nine divisions',
  },
  {
    file: '9d9a11e7-dcaf-4aca-88a6-44b3d9fedece.htm',
    kind: "the circuit's own sheet, in no catalogue (fractions carried into the Sub Total)",
  },
];

interface Show {
  file: string;
  original: CheckedRecap;
  orgId: number;
  orgGuid: string;
  script: Client;
  competitionId: number;
  /** division name -> sheetKey used, or null for the circuit's own sheet */
  sheets: Map<string, string | null>;
}

let api: TestApi;
const shows: Show[] = [];
/** each show's published recap page, as served once every division and round is released */
const PAGE_HTML = new Map<string, string>();

beforeAll(async () => {
  api = await startTestApi();
}, 120_000);
afterAll(() => api?.stop());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function ok(answer: Answer, status: number, what: string): Json {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/**
 * Whether the page prints its sheet in the usual layout (decision 113): the location column aside, which follows
 * the groups' locations on a catalogue sheet. A page that departs from it is the circuit's own sheet, layout and all.
 */
function printsUsualLayout(sheet: ImportedSection['sheet']): boolean {
  const { locations: _followsTheGroups, ...departures } = sheet.layout ?? {};
  return Object.keys(departures).length === 0;
}

/** A sheet compared on what decides and prints its numbers, whatever its keys (a catalogue sheet's are its own). */
function sheetShape(sheet: Json): string {
  return JSON.stringify({
    rounding: sheet.rounding ?? 'carry-rounded',
    digits: sheet.publishedDigits ?? 3,
    scale: sheet.subtotalScale ?? 1,
    divisor: sheet.totalDivisor ?? 1,
    categories: (sheet.categories as Json[]).map((category) => ({
      name: category.name,
      combine: category.combine,
      captions: (category.captions as Json[]).map((caption) => ({
        name: caption.name,
        weighted: caption.weighted,
        panel: Boolean(caption.panel),
        lines: (caption.subcaptions as Json[]).map((line) => [line.name, line.max, line.weight]),
      })),
    })),
  });
}

/** caption key -> its position [category, caption] in a sheet, and back. */
function captionPositions(sheet: Json) {
  const byKey = new Map<string, [number, number]>();
  (sheet.categories as Json[]).forEach((category, c) =>
    (category.captions as Json[]).forEach((caption, k) => byKey.set(caption.key as string, [c, k])),
  );
  return byKey;
}

/** A caption's numbers in the order of their keys (an entry answers them in its own order). */
const byLine = (scores: { subcaptionKey: string; score: number }[]) =>
  [...scores].sort((a, b) => a.subcaptionKey.localeCompare(b.subcaptionKey));

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .map((word) => word[0])
      .join('')
      .toUpperCase()
      .slice(0, 20) || 'D'
  );
}

/** Runs one page's show from an empty organization to its released recap. */
async function runShow(file: string, index: number): Promise<Show> {
  const original = checkRecap({ name: file, html: readRecapFixture(file) }, { date: '2015-01-01' });
  const { recap } = original;
  const year = Number(original.date.slice(0, 4));

  // The operator's part (`cli org create`, `cli key create --redirect-uri`): the organization and its program's key.
  const org = await api.createOrg(`Show ${index + 1} Circuit`);
  const app = await api.createKey(org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  const scriptAuth = bearer(await api.token(app.clientId, app.clientSecret));
  const script = apiClient(api, scriptAuth);
  const domain = `show${index + 1}.example`;

  // People, through /users/ and their one-time links; each signs in through the Authorization Code flow.
  const person = (email: string, role: string, firstName?: string, lastName?: string) =>
    createPerson(api, scriptAuth, app, { email, role, firstName, lastName, password: PASSWORD });
  const judgeNames = new Map<string, { firstName: string; lastName: string }>();
  for (const section of recap.sections)
    for (const judge of section.judges)
      judgeNames.set(`${judge.firstName} ${judge.lastName}`.trim(), {
        firstName: judge.firstName,
        lastName: judge.lastName,
      });
  const [tabulatorUser, chiefUser, ...judgeUsers] = await Promise.all([
    person(`tab@${domain}`, 'tabulator', 'Tess', 'Tabulator'),
    person(`chief@${domain}`, 'chief-judge', 'Chris', 'Chief'),
    ...[...judgeNames.values()].map((name, j) =>
      person(`judge${j + 1}@${domain}`, 'judge', name.firstName, name.lastName),
    ),
  ]);
  const tab = apiClient(api, bearer(tabulatorUser.token));
  const chief = apiClient(api, bearer(chiefUser.token));
  const judges = [...judgeNames.keys()].map((name, j) => ({
    name,
    id: judgeUsers[j].id,
    client: apiClient(api, bearer(judgeUsers[j].token)),
  }));
  const judgeByName = new Map(judges.map((judge) => [judge.name, judge]));

  // Set-up by the tabulator: season, divisions (a catalogue sheet when the page's is one, else the page's own).
  const catalogue = ok(await tab.get('/score-sheets/'), 200, 'catalogue').data as Json[];
  const season = ok(
    await tab.send('POST', '/seasons/', {
      name: `${year} Season`,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    }),
    201,
    'season',
  );
  const divisions = new Map<string, { id: number; sheet: Json; groupTypeId: number }>();
  const sheets = new Map<string, string | null>();
  for (const section of recap.sections) {
    const existing = divisions.get(section.divisionName);
    if (existing) {
      // one sheet per division on these pages: a second sheet would be a division's sheet change between rounds
      expect(sheetShape(section.sheet), `${file} ${section.divisionName}`).toBe(
        sheetShape((await tab.get(`/divisions/${existing.id}/sheet`)).body.sheet),
      );
      continue;
    }
    const groupTypeId = inferGroupType(section);
    const match = catalogue.find(
      (entry) =>
        entry.groupType.id === groupTypeId &&
        sheetShape(entry.sheet) === sheetShape(section.sheet) &&
        printsUsualLayout(section.sheet),
    );
    const division = ok(
      await tab.send('POST', '/divisions/', {
        name: section.divisionName,
        initials: initialsOf(section.divisionName),
        groupTypeId,
        sortOrder: divisions.size + 1,
        ...(match ? { sheetKey: match.key } : { sheet: section.sheet }),
      }),
      201,
      `division ${section.divisionName}`,
    );
    const read = ok(await tab.get(`/divisions/${division.id}/sheet`), 200, 'division sheet');
    expect(read.key).toBe(match ? match.key : null);
    divisions.set(section.divisionName, { id: division.id, sheet: read.sheet, groupTypeId });
    sheets.set(section.divisionName, match ? match.key : null);
  }

  // Groups, the event, its competition with its rounds, the performances in running order.
  const groups = new Map<string, number>();
  for (const section of recap.sections) {
    const division = divisions.get(section.divisionName)!;
    for (const performance of section.performances) {
      const key = `${performance.groupName}|${division.groupTypeId}`;
      if (groups.has(key)) continue;
      const group = ok(
        await tab.send('POST', '/groups/', {
          name: performance.groupName,
          ...(performance.groupLocation ? { location: performance.groupLocation } : {}),
          divisionId: division.id,
        }),
        201,
        `group ${performance.groupName}`,
      );
      groups.set(key, group.id);
    }
  }
  const event = ok(
    await tab.send('POST', '/events/', {
      seasonId: season.id,
      name: recap.title || `Show ${index + 1}`,
      ...(recap.location ? { location: recap.location.slice(0, 200) } : {}),
      eventTypeId: 1,
      startDate: original.date,
    }),
    201,
    'event',
  );
  const roundNames = new Map<number, string>();
  for (const section of recap.sections)
    if (!roundNames.has(section.roundNumber) || section.roundName)
      roundNames.set(section.roundNumber, section.roundName);
  const types = recap.sections.map(inferGroupType);
  const competition = ok(
    await tab.send('POST', `/events/${event.id}/competitions`, {
      name: recap.title || 'Competition',
      date: `${original.date}T12:00:00.000Z`,
      groupTypeId: types.sort((a, b) => types.filter((t) => t === b).length - types.filter((t) => t === a).length)[0],
      ...(recap.chiefJudge ? { chiefJudge: recap.chiefJudge } : {}),
      rounds: [...roundNames].sort(([a], [b]) => a - b).map(([number, name]) => ({ number, name })),
    }),
    201,
    'competition',
  );
  const performanceIds = new Map<ImportedSection, number[]>();
  for (const section of recap.sections) {
    const division = divisions.get(section.divisionName)!;
    const ids: number[] = [];
    for (const [position, performance] of section.performances.entries()) {
      const added = ok(
        await tab.send('POST', `/competitions/${competition.id}/performances`, {
          groupId: groups.get(`${performance.groupName}|${division.groupTypeId}`),
          divisionId: division.id,
          round: section.roundNumber,
          order: position + 1,
        }),
        201,
        `performance ${performance.groupName}`,
      );
      ids.push(added.id);
    }
    performanceIds.set(section, ids);
  }

  // Seats: each judge user on the caption the page names it on (its names are printed from the user).
  for (const section of recap.sections) {
    const division = divisions.get(section.divisionName)!;
    const positions = captionPositions(section.sheet);
    for (const judge of section.judges) {
      const [c, k] = positions.get(judge.captionKey)!;
      ok(
        await tab.send('POST', `/competitions/${competition.id}/judges`, {
          round: section.roundNumber,
          divisionId: division.id,
          captionKey: division.sheet.categories[c].captions[k].key,
          userId: judgeByName.get(`${judge.firstName} ${judge.lastName}`.trim())!.id,
        }),
        200,
        `seat ${judge.captionKey}`,
      );
    }
  }

  // Who did not perform, and the penalties, as the page has them: the tabulator's.
  for (const section of recap.sections) {
    const ids = performanceIds.get(section)!;
    for (const [position, performance] of section.performances.entries()) {
      if (!performance.performed)
        ok(
          await tab.send('POST', `/performances/${ids[position]}/performed`, {
            performed: false,
            noScoreReason: performance.noScoreReason ?? 'Did not perform',
          }),
          200,
          `did not perform ${performance.groupName}`,
        );
      if (performance.penalty)
        ok(
          await tab.send('POST', `/performances/${ids[position]}/penalties`, {
            penalties: [{ amount: performance.penalty, reason: 'Penalty' }],
          }),
          200,
          `penalty ${performance.groupName}`,
        );
    }
  }

  // Each judge's entries, from its own seats (GET /me/seats) and the page's numbers for that caption and group.
  const sectionOf = (seat: Json) =>
    recap.sections.find(
      (section) =>
        section.roundNumber === seat.round.number && divisions.get(section.divisionName)!.id === seat.division.id,
    )!;
  const entriesOf = async (client: Client) => {
    const seats = ok(await client.get(`/me/seats?competitionId=${competition.id}`), 200, 'seats').data as Json[];
    return seats.flatMap((seat) => {
      const section = sectionOf(seat);
      const division = divisions.get(section.divisionName)!;
      const [c, k] = captionPositions(division.sheet).get(seat.caption.key)!;
      const pageCaption = section.sheet.categories[c].captions[k];
      const ids = performanceIds.get(section)!;
      return (seat.performances as Json[]).flatMap((performance) => {
        const printed = section.performances[ids.indexOf(performance.id)];
        if (!printed.performed) return [];
        const scores = pageCaption.subcaptions.map((line, l) => ({
          subcaptionKey: seat.caption.subcaptions[l].key,
          score: printed.scores.find(
            (score) => score.captionKey === pageCaption.key && score.subcaptionKey === line.key,
          )!.score,
        }));
        return [{ performanceId: performance.id as number, captionKey: seat.caption.key as string, scores, seat }];
      });
    });
  };
  const auditCount = async () => ok(await tab.get('/audit/'), 200, 'audit').data.length as number;

  // The last judge is late: a release before it is in is refused, naming its captions and performances.
  const late = judges.at(-1)!;
  for (const [j, judge] of judges.slice(0, -1).entries()) {
    const entries = await entriesOf(judge.client);
    // one judge of each page (and every other judge of a small section) one by one, as a tablet sends them
    if (j !== 1 && (j % 2 === 0 || entries.length > 12)) {
      // in bulk: the whole sheet in one write, submitted
      ok(
        await judge.client.send('POST', `/competitions/${competition.id}/scores`, {
          entries: entries.map(({ performanceId, captionKey, scores }) => ({
            performanceId,
            captionKey,
            scores,
            state: 'submitted',
            baseVersion: 0,
          })),
        }),
        200,
        `bulk ${judge.name}`,
      );
      continue;
    }
    for (const [e, entry] of entries.entries()) {
      const path = `/performances/${entry.performanceId}/scores`;
      const body = { captionKey: entry.captionKey, scores: entry.scores, baseVersion: 0 };
      if (j === 1 && e === 0) {
        // a draft whose answer was lost: the retry with the same key is applied once
        const before = await auditCount();
        const headers = { 'idempotency-key': `${file}-draft-${entry.performanceId}` };
        const first = ok(await judge.client.send('POST', path, { ...body, state: 'draft' }, headers), 200, 'draft');
        expect(first.entry).toMatchObject({ state: 'draft', version: 1 });
        const retry = await judge.client.send('POST', path, { ...body, state: 'draft' }, headers);
        expect(retry.status).toBe(200);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(retry.body).toEqual(first);
        expect(await auditCount()).toBe(before + 1);
        const seat = (await entriesOf(judge.client)).find((other) => other.performanceId === entry.performanceId)!;
        const stored = (seat.seat.performances as Json[]).find((p) => p.id === entry.performanceId)!.entry;
        expect(stored).toMatchObject({ state: 'draft', version: 1 });

        // a second tablet on a stale copy (nothing entered yet, it thinks) is refused and changes nothing
        const stale = await judge.client.send('POST', path, {
          ...body,
          scores: entry.scores.map((line) => ({ ...line, score: 0 })),
          state: 'submitted',
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toMatchObject({ code: 'score_conflict', current: { state: 'draft', version: 1 } });
        expect(byLine(stale.body.current.scores)).toEqual(byLine(entry.scores));
        expect(await auditCount()).toBe(before + 1);

        // the judge then submits its draft as it is
        const submitted = ok(
          await judge.client.send('POST', path, { captionKey: entry.captionKey, state: 'submitted', baseVersion: 1 }),
          200,
          'submit',
        );
        expect(submitted.entry).toMatchObject({ state: 'submitted', version: 2 });
        continue;
      }
      ok(await judge.client.send('POST', path, { ...body, state: 'submitted' }), 200, `entry ${judge.name}`);
    }
  }

  // A caption no judge of the page is named on is a paper sheet: the tabulator enters it.
  const paper: Json[] = [];
  for (const section of recap.sections) {
    const division = divisions.get(section.divisionName)!;
    const judged = new Set(section.judges.map((judge) => judge.captionKey));
    const ids = performanceIds.get(section)!;
    section.sheet.categories.forEach((category, c) =>
      category.captions.forEach((caption, k) => {
        if (judged.has(caption.key)) return;
        const apiCaption = division.sheet.categories[c].captions[k];
        section.performances.forEach((performance, p) => {
          if (!performance.performed) return;
          paper.push({
            performanceId: ids[p],
            captionKey: apiCaption.key,
            scores: caption.subcaptions.map((line, l) => ({
              subcaptionKey: apiCaption.subcaptions[l].key,
              score: performance.scores.find((s) => s.captionKey === caption.key && s.subcaptionKey === line.key)!
                .score,
            })),
          });
        });
      }),
    );
  }
  if (paper.length > 0)
    ok(await tab.send('POST', `/competitions/${competition.id}/scores`, { entries: paper }), 200, 'paper');

  const lateEntries = await entriesOf(late.client);
  const lateSeat = lateEntries[0].seat;
  const refused = await tab.send('POST', `/competitions/${competition.id}/release`, {
    round: lateSeat.round.number,
    divisionId: lateSeat.division.id,
  });
  expect(refused.status, refused.text).toBe(409);
  expect(refused.body.code).toBe('release_refused');
  const missingExpected = lateEntries
    .filter(
      (entry) => entry.seat.round.number === lateSeat.round.number && entry.seat.division.id === lateSeat.division.id,
    )
    .reduce((byCaption, entry) => {
      byCaption.set(entry.captionKey, [...(byCaption.get(entry.captionKey) ?? []), entry.performanceId]);
      return byCaption;
    }, new Map<string, number[]>());
  expect(
    (refused.body.sections[0].missing as Json[]).map((missing) => [
      missing.captionKey,
      (missing.performances as Json[]).map((performance) => performance.id).sort((a, b) => a - b),
    ]),
  ).toEqual([...missingExpected].map(([captionKey, ids]) => [captionKey, ids.sort((a, b) => a - b)]));
  ok(
    await late.client.send('POST', `/competitions/${competition.id}/scores`, {
      entries: lateEntries.map(({ performanceId, captionKey, scores }) => ({
        performanceId,
        captionKey,
        scores,
        state: 'submitted',
      })),
    }),
    200,
    'late judge',
  );

  // Review: nothing missing; the chief judge signs off each division and round; each is released on its own.
  const progress = ok(await chief.get(`/competitions/${competition.id}/progress`), 200, 'progress');
  expect(progress.data).toHaveLength(recap.sections.length);
  for (const section of progress.data as Json[]) {
    expect(section.captions.flatMap((caption: Json) => caption.missing)).toEqual([]);
    ok(
      await chief.send('POST', `/competitions/${competition.id}/signoff`, {
        round: section.round.number,
        divisionId: section.division.id,
      }),
      200,
      'sign-off',
    );
  }
  for (const [s, section] of (progress.data as Json[]).entries()) {
    ok(
      await tab.send('POST', `/competitions/${competition.id}/release`, {
        round: section.round.number,
        divisionId: section.division.id,
      }),
      200,
      `release ${section.division.name}`,
    );
    // released on its own: fans see the released sections only
    expect((await script.get(`/competitions/${competition.id}/scores`)).body.data).toHaveLength(s + 1);
  }
  return {
    file,
    original,
    orgId: org.id,
    orgGuid: org.guid,
    script,
    competitionId: competition.id,
    sheets,
  };
}

describe('real shows run again through the judges', () => {
  it('sets up and runs six real pages through the API, each judge with its own token', async () => {
    for (const [index, page] of PAGES.entries()) shows.push(await runShow(page.file, index));
    // the kinds: a catalogue sheet and the circuit's own are both used; an own sheet where the catalogue has none
    const used = shows.flatMap((show) => [...show.sheets.values()]);
    expect(used.filter((key) => key === null).length).toBeGreaterThan(0);
    expect(used.filter((key) => key !== null).length).toBeGreaterThan(0);
    expect([...shows.at(-1)!.sheets.values()]).toEqual([null]);
  }, 600_000);

  it('serves each page back: v4 and v2 equal the original page, and so does the published recap page', async () => {
    expect(shows).toHaveLength(PAGES.length);
    const differences: string[] = [];
    for (const show of shows) {
      const v4 = (await show.script.get(`/competitions/${show.competitionId}/scores`)).body.data as ApiSection[];
      expect(v4).toHaveLength(show.original.recap.sections.length);
      differences.push(...servedDifferences(show.file, show.original.recap, v4));
      // the circuit's one competition, as v2 lists it (with its published recap's address)
      const [record] = (await show.script.get('/2018-03/competitions?includePractice=true')).body as unknown as Json[];
      const v2 = (await show.script.get(`/2018-03/performances?c=${record.CompetitionGuid}`))
        .body as unknown as V2PerformanceRecord[];
      expect(v2.length).toBe(show.original.recap.sections.reduce((n, s) => n + s.performances.length, 0));
      differences.push(...v2Differences(show.file, show.original.recap, v2));

      const published = await api.fetch(new URL(record.RecapUrl).pathname);
      expect(published.status).toBe(200);
      const html = await published.text();
      const page = checkRecap({ name: show.file, html }, { date: show.original.date });
      expect(page.recap.sections).toHaveLength(show.original.recap.sections.length);
      differences.push(...printedDifferences(page, v4 as unknown as ServedSection[]));
      PAGE_HTML.set(show.file, html);
    }
    expect(differences).toEqual([]);
  });

  it('publishes the same recap page as the real one, table for table and cell for cell, however the numbers were entered', () => {
    expect(PAGE_HTML.size).toBe(PAGES.length);
    const differences: string[] = [];
    for (const [file, html] of PAGE_HTML) {
      const grids = compareGrids(file, readRecapFixture(file), html, 'exact');
      differences.push(...grids.differences, ...grids.unmatched.map((grid) => `${file} "${grid.division}": no grid`));
    }
    expect(differences).toEqual([]);
  });

  it("verifies every circuit's audit trail, and finds a row edited by hand in the database", async () => {
    expect(shows).toHaveLength(PAGES.length);
    for (const show of shows) {
      const verified = await cli(['audit', 'verify', '--org', show.orgGuid], { dataDir: api.dataDir });
      expect(verified.stderr).toBe('');
      expect(verified.code).toBe(0);
      expect(JSON.parse(verified.stdout)).toMatchObject({ organization: show.orgGuid, ok: true });
      // every write of the show is in it
      expect(JSON.parse(verified.stdout).entries).toBe((await show.script.get('/audit/')).body.data.length);
    }
    const show = shows[0];
    await api.services.database.db.execute(
      sql`UPDATE audit_entries SET reason = 'changed by hand' WHERE org_id = ${show.orgId} AND seq = 7`,
    );
    const tampered = await cli(['audit', 'verify', '--org', show.orgGuid], { dataDir: api.dataDir });
    expect(tampered.code).toBe(1);
    expect(JSON.parse(tampered.stdout)).toMatchObject({ ok: false, firstMismatch: { seq: 7 } });
  }, 60_000);
});

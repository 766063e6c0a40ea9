/**
 * A judge's season and the CSV exports on the fake hosted upstream (server/fake-hosted: our API inside, answering only
 * the hosted service's known operations), with two real recap pages: every number the views give is compared with
 * the v2 performance records the fake serves, so one number that differs fails.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { importRecapPages, startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';
import { parseCsv } from '../helpers/csv.js';

const PAGES = ['2f02254a-9156-4c56-a0ad-fe4f997a6190.htm', '84b9096d-e6be-4ad7-905b-cbf4104b7491.htm'];

interface V2Caption {
  JudgeFirstName: string;
  JudgeLastName: string;
  Name: string;
  Score: string;
  Rank: number;
  Subcaptions: { Name: string; Score: string; Rank: number }[];
}
interface V2Record {
  DivisionName: string;
  RoundName: string;
  Round: string;
  GroupName: string;
  TotalScore: string;
  Rank: number;
  SubtotalScore: string;
  SubtotalRank: number;
  Performed: boolean;
  Categories: { Name: string; Score: string; Rank: number; Captions: V2Caption[] }[];
}
interface V2Competition {
  CompetitionGuid: string;
  CompetitionName: string;
  SeasonName: string;
  RecapReleased: boolean;
}

let fake: FakeHosted;
let bff: RunningBff;

async function inner<T>(pathAndQuery: string): Promise<T> {
  const response = await fake.inner(pathAndQuery);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

async function view(target: string) {
  const response = await fetch(`${bff.url}/api/bff${target}`);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The fake's competitions with their season's id in the BFF. */
async function competitions(): Promise<(V2Competition & { seasonId: number })[]> {
  const seasons = JSON.parse((await view('/seasons')).text).data as { id: number; name: string; year: number }[];
  const found = [];
  for (const season of seasons) {
    const records = await inner<V2Competition[]>(`/2018-03/competitions?year=${season.year}&includePractice=true`);
    found.push(
      ...records
        .filter((record) => record.SeasonName === season.name)
        .map((record) => ({ ...record, seasonId: season.id })),
    );
  }
  return found;
}

beforeAll(async () => {
  fake = await startFakeHosted({ prepare: importRecapPages(PAGES) });
  bff = await startBff(
    defineBffConfig({
      port: 0,
      apiBaseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiCa: readFileSync(fake.certPath, 'utf8'),
      organization: fake.organization,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
    }),
    { log: () => {} },
  );
}, 180_000);
afterAll(async () => {
  await bff?.close();
  await fake?.stop();
});

describe("a judge's season", () => {
  it("gives every caption the judge scored with the recap's numbers, the final ranks and the panel partner's", async () => {
    // The real page with the most performances (13 rounds of a color guard show).
    const all = await Promise.all(
      (await competitions()).map(async (competition) => ({
        competition,
        records: await inner<V2Record[]>(`/2018-03/performances?c=${competition.CompetitionGuid}`),
      })),
    );
    const { competition, records } = all.sort((a, b) => b.records.length - a.records.length)[0];
    const caption = records.find((record) => record.Performed)!.Categories[0].Captions[0];
    const judge = `${caption.JudgeFirstName} ${caption.JudgeLastName}`;

    const answer = await view(`/seasons/${competition.seasonId}/judge?name=${encodeURIComponent(judge)}`);
    expect(answer.status).toBe(200);
    const season = JSON.parse(answer.text) as {
      judge: { name: string };
      data: {
        competition: { guid: string };
        division: { name: string };
        round: { name: string };
        caption: { name: string };
        rows: {
          group: { name: string };
          score: number;
          rank: number | null;
          final: { score: number; rank: number | null };
        }[];
      }[];
    };
    expect(season.judge.name).toBe(judge);
    // Every caption of this judge in the records, and nothing else.
    const expected = records.flatMap((record) =>
      record.Performed
        ? record.Categories.flatMap((category) =>
            category.Captions.filter((c) => `${c.JudgeFirstName} ${c.JudgeLastName}` === judge).map((c) => ({
              where: `${record.DivisionName}|${record.RoundName}|${c.Name}|${record.GroupName}`,
              score: Number(c.Score),
              rank: c.Rank > 0 ? c.Rank : null,
              final: { score: Number(record.TotalScore), rank: record.Rank > 0 ? record.Rank : null },
            })),
          )
        : [],
    );
    const shown = season.data
      .filter((sheet) => sheet.competition.guid === competition.CompetitionGuid)
      .flatMap((sheet) =>
        sheet.rows.map((row) => ({
          where: `${sheet.division.name}|${sheet.round.name}|${sheet.caption.name}|${row.group.name}`,
          score: row.score,
          rank: row.rank,
          final: row.final,
        })),
      );
    expect(expected.length).toBeGreaterThan(0);
    expect(shown.sort((a, b) => a.where.localeCompare(b.where))).toEqual(
      expected.sort((a, b) => a.where.localeCompare(b.where)),
    );
  });

  it("reads the season's recaps from the hosted service once, not on every visit", async () => {
    const [{ seasonId }] = await competitions();
    const judgeOf = async () => {
      const answer = await view(`/seasons/${seasonId}/judge?name=${encodeURIComponent('Nobody Atall')}`);
      expect(answer.status).toBe(404);
    };
    await judgeOf();
    const before = fake.reads.length;
    await judgeOf();
    await judgeOf();
    expect(fake.reads.slice(before).filter((read) => read.startsWith('/2018-03/performances'))).toEqual([]);
  });

  it('answers 404 for a name no recap of the season carries, and 400 for an empty or missing name', async () => {
    const [{ seasonId }] = await competitions();
    const unknown = await view(`/seasons/${seasonId}/judge?name=${encodeURIComponent('Nobody Atall')}`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({
      code: 'not_found',
      detail: expect.stringContaining('Nobody Atall'),
    });
    expect((await view(`/seasons/${seasonId}/judge?name=%20`)).status).toBe(400);
    expect((await view(`/seasons/${seasonId}/judge`)).status).toBe(400);
    expect((await view(`/seasons/${seasonId}/judge?name=${'x'.repeat(201)}`)).status).toBe(400);
  });
});

describe('head-to-head', () => {
  it('answers 400 for fewer than two or more than four groups, or more ids than groups', async () => {
    const [{ seasonId }] = await competitions();
    expect((await view(`/seasons/${seasonId}/compare?group=A`)).status).toBe(400);
    expect((await view(`/seasons/${seasonId}/compare?group=A&group=B&group=C&group=D&group=E`)).status).toBe(400);
    expect((await view(`/seasons/${seasonId}/compare?group=A&group=B&id=1&id=2&id=3`)).status).toBe(400);
    const none = await view(`/seasons/${seasonId}/compare?group=A&id=&group=B&id=`);
    expect(none.status).toBe(200);
    expect(JSON.parse(none.text)).toMatchObject({
      groups: [
        { name: 'A', orgGroupIdentifier: '' },
        { name: 'B', orgGroupIdentifier: '' },
      ],
      data: [],
    });
  });
});

describe('CSV', () => {
  it("a recap's CSV holds every performance with v2's numbers as served, digit for digit", async () => {
    for (const competition of await competitions()) {
      const answer = await view(`/competitions/${competition.CompetitionGuid}/recap.csv`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      const [header, ...rows] = parseCsv(answer.text);
      expect(header.slice(0, 3)).toEqual(['Division', 'Round', 'Group']);
      expect(header.slice(-5)).toEqual(['Sub Total', 'Sub Total Rank', 'Penalty', 'Total', 'Total Rank']);
      const records = await inner<V2Record[]>(`/2018-03/performances?c=${competition.CompetitionGuid}`);
      expect(rows).toHaveLength(records.length);
      records.forEach((record, i) => {
        const cell = (name: string) => rows[i][header.indexOf(name)];
        expect([cell('Division'), cell('Round'), cell('Group')]).toEqual([
          record.DivisionName,
          record.RoundName,
          record.GroupName,
        ]);
        expect([cell('Sub Total'), cell('Sub Total Rank'), cell('Total'), cell('Total Rank')]).toEqual([
          record.SubtotalScore,
          String(record.SubtotalRank),
          record.TotalScore,
          String(record.Rank),
        ]);
        expect(cell('Penalty')).toBe(
          (
            (Math.round(Number(record.SubtotalScore) * 1000) - Math.round(Number(record.TotalScore) * 1000)) /
            1000
          ).toFixed(3),
        );
        for (const category of record.Categories) {
          expect([cell(category.Name), cell(`${category.Name} Rank`)]).toEqual([category.Score, String(category.Rank)]);
          for (const caption of category.Captions) {
            const doubled = category.Captions.filter((other) => other.Name === caption.Name).length > 1;
            const label = `${category.Name} / ${caption.Name}${doubled ? ` (${caption.JudgeFirstName} ${caption.JudgeLastName})` : ''}`;
            expect([cell(label), cell(`${label} Rank`)], label).toEqual([caption.Score, String(caption.Rank)]);
            for (const line of caption.Subcaptions)
              expect([cell(`${label} / ${line.Name}`), cell(`${label} / ${line.Name} Rank`)]).toEqual([
                line.Score,
                String(line.Rank),
              ]);
          }
        }
      });
    }
  });

  it("a season's standings CSV has the standings' rows, names and totals", async () => {
    const [{ seasonId }] = await competitions();
    const standings = JSON.parse((await view(`/seasons/${seasonId}/standings`)).text) as {
      data: {
        division: { name: string };
        entries: { rank: number; group: { name: string }; latestScore: number; bestScore: number }[];
      }[];
    };
    const answer = await view(`/seasons/${seasonId}/standings.csv`);
    expect(answer.status).toBe(200);
    const [header, ...rows] = parseCsv(answer.text);
    expect(header.slice(0, 6)).toEqual(['Division', 'Rank', 'Group', 'Location', 'Total', 'Best Total']);
    const expected = standings.data.flatMap(({ division, entries }) =>
      entries.map((entry) => [
        division.name,
        String(entry.rank),
        entry.group.name,
        entry.latestScore.toFixed(3),
        entry.bestScore.toFixed(3),
      ]),
    );
    expect(rows.map((row) => [row[0], row[1], row[2], row[4], row[5]])).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown competition or season and 400 for a malformed season id', async () => {
    expect((await view('/competitions/00000000-0000-4000-8000-000000000000/recap.csv')).status).toBe(404);
    expect((await view('/competitions/not-a-guid/recap.csv')).status).toBe(404);
    expect((await view('/seasons/999999/standings.csv')).status).toBe(404);
    expect((await view('/seasons/abc/standings.csv')).status).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import type { HostedCompetition, HostedPerformance } from '../../server/bff/views/hosted-shapes.js';
import { judgeSeason } from '../../server/bff/views/compute/judge-season.js';
import { buildJudgedSections } from '../../server/bff/views/compute/judged-sections.js';
import { ViewProblem } from '../../server/bff/views/view-problem.js';

const competition = (guid: string, date: string, released = true): HostedCompetition => ({
  EventGuid: `e-${guid}`,
  EventName: `Show ${guid}`,
  Location: 'Town',
  Date: date,
  CompetitionGuid: guid,
  CompetitionName: 'Finals',
  ChiefJudge: '',
  ScoresReleased: true,
  CategoryRecapReleased: released,
  RecapReleased: released,
  GroupTypeID: 1,
  SeasonName: '2026 Season',
  IsCurrentSeason: true,
});

const caption = (first: string, last: string, score: string, rank: number) => ({
  JudgeFirstName: first,
  JudgeLastName: last,
  Name: 'Equipment Analysis',
  Initials: 'EA',
  Score: score,
  Rank: rank,
});

const performance = (
  group: string,
  total: string,
  rank: number,
  captions: ReturnType<typeof caption>[],
  performed = true,
  panel = { Score: '0', Rank: 0 },
): HostedPerformance => ({
  DivisionName: 'Scholastic A',
  DivisionInitials: 'SA',
  Round: '1',
  RoundName: 'Finals',
  GroupName: group,
  OrgGroupIdentifier: '',
  TotalScore: total,
  Rank: rank,
  Performed: performed,
  NoScoreReason: performed ? '' : 'Withdrew',
  Categories: performed ? [{ Name: 'Equipment', ...panel, Captions: captions }] : [],
});

// A doubled panel: two Equipment Analysis judges; "G. Guffey" also judges another show spelt "Greg Guffey".
const sections = buildJudgedSections([
  {
    record: competition('b', '2026-02-08T00:00:00'),
    practice: false,
    performances: [
      performance(
        'North',
        '80.100',
        1,
        [caption('G.', 'Guffey', '17.50', 2), caption('Ann', 'Lee', '18.00', 1)],
        true,
        {
          Score: '17.75',
          Rank: 2,
        },
      ),
      performance(
        'South',
        '79.000',
        2,
        [caption('G.', 'Guffey', '17.80', 1), caption('Ann', 'Lee', '17.60', 2)],
        true,
        {
          Score: '17.70',
          Rank: 1,
        },
      ),
      performance('West', '0.000', 3, [], false),
    ],
  },
  {
    record: competition('a', '2026-02-01T00:00:00'),
    practice: false,
    performances: [performance('North', '70.000', 1, [caption('Greg', 'Guffey', '15.00', 1)])],
  },
  {
    record: competition('p', '2026-01-20T00:00:00'),
    practice: true,
    performances: [performance('North', '60.000', 1, [caption('G.', 'Guffey', '14.00', 1)])],
  },
  {
    record: competition('u', '2026-02-15T00:00:00', false),
    practice: false,
    performances: [performance('North', '90.000', 1, [caption('G.', 'Guffey', '19.00', 1)])],
  },
]);

describe("a judge's season from the judged sections", () => {
  it("sets each of the judge's numbers beside the final rank, the panel partner's and the panel's, oldest first, released recaps only", () => {
    const season = judgeSeason(sections, '  G. Guffey ', '2026 Season');
    expect(season.judge).toEqual({ name: 'G. Guffey', similarNames: ['Greg Guffey'] });
    expect(season.data).toHaveLength(1);
    const [sheet] = season.data;
    expect(sheet).toMatchObject({
      competition: { guid: 'b' },
      category: 'Equipment',
      caption: { name: 'Equipment Analysis' },
      doubled: true,
      partner: 'Ann Lee',
    });
    expect(sheet.rows).toEqual([
      {
        group: { name: 'North', orgGroupIdentifier: '' },
        score: 17.5,
        rank: 2,
        final: { score: 80.1, rank: 1 },
        partner: { score: 18, rank: 1 },
        panel: { score: 17.75, rank: 2 },
      },
      {
        group: { name: 'South', orgGroupIdentifier: '' },
        score: 17.8,
        rank: 1,
        final: { score: 79, rank: 2 },
        partner: { score: 17.6, rank: 2 },
        panel: { score: 17.7, rank: 1 },
      },
    ]);
  });

  it('finds the partner as a judge of their own, and a name spelt another way apart', () => {
    expect(judgeSeason(sections, 'Ann Lee', '2026 Season').data[0]).toMatchObject({
      partner: 'G. Guffey',
      rows: [{ score: 18, partner: { score: 17.5 } }, { score: 17.6 }],
    });
    expect(judgeSeason(sections, 'Greg Guffey', '2026 Season').data.map((sheet) => sheet.competition.guid)).toEqual([
      'a',
    ]);
  });

  it('is not found for a name no released recap carries', () => {
    expect(() => judgeSeason(sections, 'g. guffey', '2026 Season')).toThrow(ViewProblem);
  });
});

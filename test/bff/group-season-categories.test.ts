import { describe, expect, it } from 'vitest';
import type { HostedCompetition, HostedPerformance } from '../../server/bff/views/hosted-shapes.js';
import { groupSeason } from '../../server/bff/views/compute/group-season.js';
import { buildSeasonIndex } from '../../server/bff/views/compute/season-index.js';

const competition = (guid: string, date: string): HostedCompetition => ({
  EventGuid: `e-${guid}`,
  EventName: `Show ${guid}`,
  Location: 'Town',
  Date: date,
  CompetitionGuid: guid,
  CompetitionName: 'Finals',
  ChiefJudge: '',
  ScoresReleased: true,
  CategoryRecapReleased: true,
  RecapReleased: true,
  GroupTypeID: 1,
  SeasonName: '2026 Season',
  IsCurrentSeason: true,
});

const caption = (name: string, score: string, rank: number) => ({
  JudgeFirstName: 'Ann',
  JudgeLastName: 'Lee',
  Name: name,
  Initials: name.slice(0, 2),
  Score: score,
  Rank: rank,
});

const performance = (group: string, total: string, ge: string, ea: string, performed = true): HostedPerformance => ({
  DivisionName: 'Scholastic A',
  DivisionInitials: 'SA',
  Round: '1',
  RoundName: 'Finals',
  GroupName: group,
  OrgGroupIdentifier: '',
  TotalScore: performed ? total : '0',
  Rank: performed ? 1 : 0,
  Performed: performed,
  NoScoreReason: performed ? '' : 'Withdrew',
  Categories: [
    { Name: 'General Effect', Score: ge, Rank: performed ? 2 : 0, Captions: [caption('General Effect', ge, 2)] },
    { Name: 'Equipment', Score: ea, Rank: performed ? 1 : 0, Captions: [caption('Equipment Analysis', ea, 1)] },
  ],
});

describe("a group's season carries each category's and caption's number as v2 prints it", () => {
  const records = [
    {
      record: competition('b', '2026-02-14T00:00:00'),
      practice: false,
      performances: [performance('North', '81.250', '40.150', '41.100')],
    },
    {
      record: competition('a', '2026-02-07T00:00:00'),
      practice: true,
      performances: [
        performance('North', '78.900', '39.000', '39.900'),
        performance('South', '70.000', '35.000', '35.000'),
      ],
    },
    {
      record: competition('c', '2026-02-21T00:00:00'),
      practice: false,
      performances: [performance('North', '0', '0', '0', false)],
    },
  ];
  const view = groupSeason(buildSeasonIndex(records, []), { name: 'North' });

  it('every scored performance has its categories, numbers equal to the records', () => {
    const category = (name: string, score: number, rank: number, caption: string) => ({
      name,
      score,
      rank,
      captions: [{ name: caption, score, rank }],
    });
    expect(view.data.map((p) => p.categories)).toEqual([
      [category('General Effect', 39, 2, 'General Effect'), category('Equipment', 39.9, 1, 'Equipment Analysis')],
      [category('General Effect', 40.15, 2, 'General Effect'), category('Equipment', 41.1, 1, 'Equipment Analysis')],
      [],
    ]);
    // each number is the record's, read as a number: nothing computed
    for (const p of view.data.filter((q) => q.performed)) {
      const source = records
        .find((r) => r.record.CompetitionGuid === p.competition.guid)!
        .performances.find((r) => r.GroupName === 'North')!;
      expect(p.categories.map((c) => c.score)).toEqual(source.Categories.map((c) => Number(c.Score)));
      expect(p.categories.flatMap((c) => c.captions.map((caption) => [caption.name, caption.score]))).toEqual(
        source.Categories.flatMap((c) => c.Captions.map((caption) => [caption.Name, Number(caption.Score)])),
      );
    }
  });

  it('practice stays marked on the performance, for the page to leave out', () => {
    expect(view.data.map((p) => p.practice)).toEqual([true, false, false]);
  });
});

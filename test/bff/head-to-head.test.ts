import { describe, expect, it } from 'vitest';
import type { HostedCompetition, HostedPerformance } from '../../server/bff/views/hosted-shapes.js';
import { headToHead } from '../../server/bff/views/compute/head-to-head.js';
import { buildJudgedSections } from '../../server/bff/views/compute/judged-sections.js';

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

const performance = (
  group: string,
  id: string,
  division: string,
  total: string,
  rank: number,
  ea: string,
): HostedPerformance => ({
  DivisionName: division,
  DivisionInitials: 'X',
  Round: '1',
  RoundName: 'Finals',
  GroupName: group,
  OrgGroupIdentifier: id,
  TotalScore: total,
  Rank: rank,
  Performed: true,
  NoScoreReason: '',
  Categories: [
    {
      Name: 'Equipment',
      Score: ea,
      Rank: rank,
      Captions: [
        {
          JudgeFirstName: 'Ann',
          JudgeLastName: 'Lee',
          Name: 'Equipment Analysis',
          Initials: 'EA',
          Score: ea,
          Rank: rank,
        },
      ],
    },
  ],
});

const sections = buildJudgedSections([
  {
    record: competition('b', '2026-02-08T00:00:00'),
    practice: false,
    performances: [
      performance('North', 'N1', 'Scholastic A', '80.100', 1, '18.00'),
      performance('South', '', 'Scholastic A', '79.000', 2, '17.60'),
    ],
  },
  // They met in different divisions here: not a shared round.
  {
    record: competition('a', '2026-02-01T00:00:00'),
    practice: false,
    performances: [
      performance('North', 'N1', 'Scholastic A', '70.000', 1, '15.00'),
      performance('South', '', 'Scholastic AA', '71.000', 1, '16.00'),
    ],
  },
]);

describe('head-to-head from the judged sections', () => {
  it('sets the groups side by side in every round they shared, caption by caption, in the order asked', () => {
    const meetings = headToHead(sections, [
      { name: 'South', orgGroupIdentifier: '' },
      { name: 'Renamed North', orgGroupIdentifier: 'N1' },
    ]);
    expect(meetings).toEqual([
      {
        competition: { guid: 'b', name: 'Finals', date: '2026-02-08T00:00:00', eventName: 'Show b' },
        division: { name: 'Scholastic A', initials: 'X' },
        round: { number: 1, name: 'Finals' },
        groups: [
          { name: 'South', orgGroupIdentifier: '' },
          { name: 'North', orgGroupIdentifier: 'N1' },
        ],
        captions: [
          {
            category: 'Equipment',
            name: 'Equipment Analysis',
            judge: 'Ann Lee',
            scores: [
              { score: 17.6, rank: 2 },
              { score: 18, rank: 1 },
            ],
          },
        ],
        totals: [
          { score: 79, rank: 2 },
          { score: 80.1, rank: 1 },
        ],
      },
    ]);
  });

  it('finds nothing for groups that never shared a round', () => {
    expect(
      headToHead(sections, [
        { name: 'North', orgGroupIdentifier: 'N1' },
        { name: 'East', orgGroupIdentifier: '' },
      ]),
    ).toEqual([]);
  });
});

/** Small, explicit documents for unit tests: each test builds its own. */
import { paths } from '../config/paths';
import type { CompetitionSummary, PerformanceRecord } from '../lib/api-models';
import type { DivisionRoundScores, PerformanceScores } from '../features/competitions/utils/recap-types';

type Ranked = { score: number; rank: number | null };

interface GroupNumbers {
  id: number;
  name: string;
  performed?: boolean;
  /** ge1, ea-1, ea-2 caption totals with ranks; subcaptions derived */
  ge: Ranked;
  ea1: Ranked;
  ea2: Ranked;
  ea: Ranked;
  subtotal: Ranked;
  penalty?: number;
  total: Ranked;
}

export const SEASON_ID = 3;

/** A recap section (the recap's view model) with a single-caption General Effect and a doubled Equipment Analysis panel (two judges). */
export function makeSection(groups: GroupNumbers[]): DivisionRoundScores {
  const performances: PerformanceScores[] = groups.map((g) => {
    const group = { name: g.name, orgGroupIdentifier: String(g.id) };
    return {
      performanceId: `sa-1-${g.id}`,
      group: { ...group, location: `${g.name} town`, href: paths.group.href(group, SEASON_ID) },
      performed: g.performed ?? true,
      noScoreReason: g.performed === false ? 'Withdrew' : '',
      total: g.total,
      subtotal: g.subtotal,
      penalty: g.penalty ?? 0,
      categories: [
        {
          key: 'ge',
          ...g.ge,
          captions: [
            {
              key: 'ge1',
              ...g.ge,
              subcaptions: [
                { key: 'rep', score: g.ge.score / 2, rank: g.ge.rank },
                { key: 'perf', score: g.ge.score / 2, rank: g.ge.rank },
              ],
            },
          ],
        },
        {
          key: 'ea',
          ...g.ea,
          captions: [
            { key: 'ea-1', ...g.ea1, subcaptions: [{ key: 'voc', score: g.ea1.score, rank: g.ea1.rank }] },
            { key: 'ea-2', ...g.ea2, subcaptions: [{ key: 'voc', score: g.ea2.score, rank: g.ea2.rank }] },
          ],
        },
      ],
    };
  });
  return {
    division: { id: 'scholastic-a', name: 'Scholastic A', initials: 'SA' },
    round: { number: 1, name: 'Finals' },
    sheet: {
      categories: [
        {
          key: 'ge',
          name: 'General Effect',
          printsTotal: false,
          captions: [
            {
              key: 'ge1',
              name: 'General Effect',
              initials: 'GE',
              judge: { firstName: 'Jane', lastName: 'Howell', href: paths.judgeSeason.href('Jane Howell', 1) },
              subcaptions: [
                { key: 'rep', name: 'Repertoire', initials: 'Rep' },
                { key: 'perf', name: 'Performance', initials: 'Perf' },
              ],
            },
          ],
        },
        {
          key: 'ea',
          name: 'Equipment Analysis',
          printsTotal: true,
          captions: [
            {
              key: 'ea-1',
              name: 'Equipment Analysis',
              initials: 'EA',
              judge: { firstName: 'Ann', lastName: 'Lee', href: paths.judgeSeason.href('Ann Lee', 1) },
              subcaptions: [{ key: 'voc', name: 'Vocabulary', initials: 'Voc' }],
            },
            {
              key: 'ea-2',
              name: 'Equipment Analysis',
              initials: 'EA',
              judge: { firstName: 'Bo', lastName: 'Kim', href: paths.judgeSeason.href('Bo Kim', 1) },
              subcaptions: [{ key: 'voc', name: 'Vocabulary', initials: 'Voc' }],
            },
          ],
        },
      ],
    },
    performances,
  };
}

const THREE_GROUPS: GroupNumbers[] = [
  {
    id: 1,
    name: 'Alpha',
    ge: { score: 30, rank: 1 },
    ea1: { score: 18, rank: 1 },
    ea2: { score: 17, rank: 2 },
    ea: { score: 17.5, rank: 1 },
    subtotal: { score: 47.5, rank: 1 },
    penalty: 0.5,
    total: { score: 47, rank: 1 },
  },
  {
    id: 2,
    name: 'Bravo',
    ge: { score: 28, rank: 2 },
    ea1: { score: 16, rank: 2 },
    ea2: { score: 18.5, rank: 1 },
    ea: { score: 17.25, rank: 2 },
    subtotal: { score: 45.25, rank: 2 },
    total: { score: 45.25, rank: 2 },
  },
  {
    id: 3,
    name: 'Charlie',
    performed: false,
    ge: { score: 0, rank: null },
    ea1: { score: 0, rank: null },
    ea2: { score: 0, rank: null },
    ea: { score: 0, rank: null },
    subtotal: { score: 0, rank: null },
    total: { score: 0, rank: null },
  },
];

/** Three groups: Alpha wins, Bravo second (but first with judge Kim), Charlie withdrew. */
export function threeGroupSection(): DivisionRoundScores {
  return makeSection(THREE_GROUPS);
}

const text = (score: number, digits: number) => score.toFixed(digits);

/**
 * The same three groups as v2's performance records print them (what the app reads): decimal text, rank 0 and no
 * categories for the group that did not perform. `division` renames the section, for recaps of several.
 */
export function makeV2Records(division = { name: 'Scholastic A', initials: 'SA' }): PerformanceRecord[] {
  return THREE_GROUPS.map((g) => {
    const performed = g.performed ?? true;
    const line = (name: string, initials: string, value: Ranked) => ({
      Name: name,
      Initials: initials,
      Score: String(value.score),
      Rank: value.rank ?? 0,
    });
    const caption = (
      [name, initials]: [string, string],
      [first, last]: [string, string],
      value: Ranked,
      lines: ReturnType<typeof line>[],
    ) => ({
      JudgeFirstName: first,
      JudgeLastName: last,
      Name: name,
      Initials: initials,
      Score: text(value.score, 2),
      Rank: value.rank ?? 0,
      Subcaptions: lines,
    });
    const ge: [string, string] = ['General Effect', 'GE'];
    const ea: [string, string] = ['Equipment Analysis', 'EA'];
    return {
      DivisionName: division.name,
      DivisionInitials: division.initials,
      Round: '1',
      RoundName: 'Finals',
      GroupName: g.name,
      OrgGroupIdentifier: String(g.id),
      TotalScore: text(g.total.score, 3),
      Rank: g.total.rank ?? 0,
      SubtotalScore: text(g.subtotal.score, 3),
      SubtotalRank: g.subtotal.rank ?? 0,
      Performed: performed,
      NoScoreReason: performed ? '' : 'Withdrew',
      Categories: performed
        ? [
            {
              Name: 'General Effect',
              Score: text(g.ge.score, 2),
              Rank: g.ge.rank ?? 0,
              Captions: [
                caption(ge, ['Jane', 'Howell'], g.ge, [
                  line('Repertoire', 'Rep', { score: g.ge.score / 2, rank: g.ge.rank }),
                  line('Performance', 'Perf', { score: g.ge.score / 2, rank: g.ge.rank }),
                ]),
              ],
            },
            {
              Name: 'Equipment Analysis',
              Score: text(g.ea.score, 2),
              Rank: g.ea.rank ?? 0,
              Captions: [
                caption(ea, ['Ann', 'Lee'], g.ea1, [line('Vocabulary', 'Voc', g.ea1)]),
                caption(ea, ['Bo', 'Kim'], g.ea2, [line('Vocabulary', 'Voc', g.ea2)]),
              ],
            },
          ]
        : [],
    };
  });
}

export const COMPETITION_GUID = '9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b11';

/** The BFF's summary of the competition of makeV2Records, all released unless `competition` says otherwise. */
export function makeSummary(competition: Partial<CompetitionSummary['competition']> = {}): CompetitionSummary {
  return {
    competition: {
      guid: COMPETITION_GUID,
      name: 'Spring Classic Finals',
      date: '2026-03-28T17:00:00.000Z',
      chiefJudge: 'Tom Slaughter',
      groupTypeId: 1,
      scoresReleased: true,
      categoryRecapReleased: true,
      recapReleased: true,
      id: 12,
      scheduleUrl: null,
      scheduleData: true,
      ...competition,
    },
    event: { guid: 'e0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b', name: 'Spring Classic', location: 'Riverside HS', id: 4 },
    season: { id: SEASON_ID, name: '2026 Season' },
    groups: THREE_GROUPS.map((g) => ({ name: g.name, orgGroupIdentifier: String(g.id), location: `${g.name} town` })),
  };
}

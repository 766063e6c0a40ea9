/** Small, explicit API documents for unit tests: each test builds its own. */
import type { CompetitionScores, DivisionRoundScores, PerformanceScores } from '../lib/api-models';

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

/** A sheet with a single-caption General Effect and a doubled Equipment Analysis panel (two judges). */
export function makeSection(groups: GroupNumbers[]): DivisionRoundScores {
  const performances: PerformanceScores[] = groups.map((g) => ({
    performanceId: g.id * 10,
    group: { id: g.id, name: g.name, location: `${g.name} town` },
    performed: g.performed ?? true,
    noScoreReason: g.performed === false ? 'Withdrew' : '',
    total: g.total,
    subtotal: g.subtotal,
    penalty: g.penalty ?? 0,
    categories: [
      {
        key: 'ge', ...g.ge,
        captions: [{ key: 'ge1', ...g.ge, subcaptions: [{ key: 'rep', score: g.ge.score / 2, rank: g.ge.rank }, { key: 'perf', score: g.ge.score / 2, rank: g.ge.rank }] }],
      },
      {
        key: 'ea', ...g.ea,
        captions: [
          { key: 'ea-1', ...g.ea1, subcaptions: [{ key: 'voc', score: g.ea1.score, rank: g.ea1.rank }] },
          { key: 'ea-2', ...g.ea2, subcaptions: [{ key: 'voc', score: g.ea2.score, rank: g.ea2.rank }] },
        ],
      },
    ],
  }));
  return {
    division: { id: 7, name: 'Scholastic A', initials: 'SA' },
    round: { number: 1, name: 'Finals' },
    sheet: {
      name: 'Color Guard',
      categories: [
        {
          key: 'ge', name: 'General Effect', combine: 'sum',
          captions: [
            {
              key: 'ge1', name: 'General Effect', initials: 'GE', weighted: false, judge: { firstName: 'Jane', lastName: 'Howell' },
              subcaptions: [
                { key: 'rep', name: 'Repertoire', initials: 'Rep', max: 20, weight: 1 },
                { key: 'perf', name: 'Performance', initials: 'Perf', max: 20, weight: 1 },
              ],
            },
          ],
        },
        {
          key: 'ea', name: 'Equipment Analysis', combine: 'average',
          captions: [
            { key: 'ea-1', name: 'Equipment Analysis', initials: 'EA', weighted: false, judge: { firstName: 'Ann', lastName: 'Lee' }, subcaptions: [{ key: 'voc', name: 'Vocabulary', initials: 'Voc', max: 20, weight: 1 }] },
            { key: 'ea-2', name: 'Equipment Analysis', initials: 'EA', weighted: false, judge: { firstName: 'Bo', lastName: 'Kim' }, subcaptions: [{ key: 'voc', name: 'Vocabulary', initials: 'Voc', max: 20, weight: 1 }] },
          ],
        },
      ],
    },
    performances,
  };
}

/** Three groups: Alpha wins, Bravo second (but first with judge Kim), Charlie withdrew. */
export function threeGroupSection(): DivisionRoundScores {
  return makeSection([
    { id: 1, name: 'Alpha', ge: { score: 30, rank: 1 }, ea1: { score: 18, rank: 1 }, ea2: { score: 17, rank: 2 }, ea: { score: 17.5, rank: 1 }, subtotal: { score: 47.5, rank: 1 }, penalty: 0.5, total: { score: 47, rank: 1 } },
    { id: 2, name: 'Bravo', ge: { score: 28, rank: 2 }, ea1: { score: 16, rank: 2 }, ea2: { score: 18.5, rank: 1 }, ea: { score: 17.25, rank: 2 }, subtotal: { score: 45.25, rank: 2 }, total: { score: 45.25, rank: 2 } },
    { id: 3, name: 'Charlie', performed: false, ge: { score: 0, rank: null }, ea1: { score: 0, rank: null }, ea2: { score: 0, rank: null }, ea: { score: 0, rank: null }, subtotal: { score: 0, rank: null }, total: { score: 0, rank: null } },
  ]);
}

export function makeCompetitionScores(overrides: Partial<CompetitionScores> = {}): CompetitionScores {
  return {
    competition: {
      id: 12, guid: '9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b11', name: 'Spring Classic Finals', date: '2026-03-28T17:00:00.000Z',
      eventId: 4, eventName: 'Spring Classic', location: 'Riverside HS', chiefJudge: 'Tom Slaughter',
    },
    rounds: [{ number: 1, name: 'Finals', scoresReleased: true }],
    data: [threeGroupSection()],
    ...overrides,
  };
}

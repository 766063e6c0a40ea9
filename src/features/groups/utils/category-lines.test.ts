import { describe, expect, it } from 'vitest';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { categoryProgression } from './category-lines';

const show = (guid: string, date: string, categories: [string, number][], extra: Partial<GroupSeasonPerformance> = {}): GroupSeasonPerformance => ({
  competition: { guid, name: `Show ${guid}`, date, eventName: `Event ${guid}` },
  practice: false,
  division: { name: 'Scholastic A', initials: 'SA' },
  round: { number: 1, name: 'Finals' },
  performed: true,
  noScoreReason: '',
  total: { score: categories.reduce((sum, [, score]) => sum + score, 0), rank: 1 },
  categories: categories.map(([name, score]) => ({ name, score, rank: 1 })),
  groupsInRound: 3,
  ...extra,
});

describe('categoryProgression', () => {
  const season = [
    show('c', '2026-03-01T00:00:00', [['General Effect', 41], ['Equipment', 40.5]]),
    show('a', '2026-02-01T00:00:00', [['General Effect', 38.25], ['Equipment', 37.1]]),
    show('p', '2026-02-08T00:00:00', [['General Effect', 30], ['Equipment', 30]], { practice: true }),
    show('w', '2026-02-15T00:00:00', [], { performed: false, total: null, noScoreReason: 'Withdrew' }),
    show('m', '2026-02-22T00:00:00', [['General Effect', 39.6], ['Movement', 20]]),
  ];

  it('a line per category in date order, practice and unscored shows left out, gaps where a sheet lacked it', () => {
    const { shows, lines } = categoryProgression(season);
    expect(shows.map((s) => s.label)).toEqual(['Show a, Finals', 'Show m, Finals', 'Show c, Finals']);
    expect(lines).toEqual([
      { name: 'General Effect', scores: [38.25, 39.6, 41] },
      { name: 'Equipment', scores: [37.1, null, 40.5] },
      { name: 'Movement', scores: [null, 20, null] },
    ]);
  });

  it('practice counted when asked', () => {
    const { shows, lines } = categoryProgression(season, { includePractice: true });
    expect(shows).toHaveLength(4);
    expect(lines[0]).toEqual({ name: 'General Effect', scores: [38.25, 30, 39.6, 41] });
  });

  it('a category named like an object property is an ordinary line', () => {
    const { lines } = categoryProgression([show('a', '2026-02-01T00:00:00', [['__proto__', 10], ['constructor', 12]])]);
    expect(lines).toEqual([{ name: '__proto__', scores: [10] }, { name: 'constructor', scores: [12] }]);
  });
});

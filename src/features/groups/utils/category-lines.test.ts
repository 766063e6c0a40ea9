import { describe, expect, it } from 'vitest';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { captionProgression, categoryProgression, linesRange } from './category-lines';

type Category = [name: string, score: number, captions?: [string, number][]];
const show = (
  guid: string,
  date: string,
  categories: Category[],
  extra: Partial<GroupSeasonPerformance> = {},
): GroupSeasonPerformance => ({
  competition: { guid, name: `Show ${guid}`, date, eventName: `Event ${guid}` },
  practice: false,
  division: { name: 'Scholastic A', initials: 'SA' },
  round: { number: 1, name: 'Finals' },
  performed: true,
  noScoreReason: '',
  total: { score: categories.reduce((sum, [, score]) => sum + score, 0), rank: 1 },
  categories: categories.map(([name, score, captions = []]) => ({
    name,
    score,
    rank: 1,
    captions: captions.map(([caption, value]) => ({ name: caption, score: value, rank: 2 })),
  })),
  groupsInRound: 3,
  ...extra,
});

describe('categoryProgression', () => {
  const season = [
    show('c', '2026-03-01T00:00:00', [
      ['General Effect', 41],
      ['Equipment', 40.5],
    ]),
    show('a', '2026-02-01T00:00:00', [
      ['General Effect', 38.25],
      ['Equipment', 37.1],
    ]),
    show(
      'p',
      '2026-02-08T00:00:00',
      [
        ['General Effect', 30],
        ['Equipment', 30],
      ],
      { practice: true },
    ),
    show('w', '2026-02-15T00:00:00', [], { performed: false, total: null, noScoreReason: 'Withdrew' }),
    show('m', '2026-02-22T00:00:00', [
      ['General Effect', 39.6],
      ['Movement', 20],
    ]),
  ];

  it('a line per category in date order, practice and unscored shows left out, gaps where a sheet lacked it', () => {
    const { shows, lines } = categoryProgression(season);
    expect(shows.map((s) => s.label)).toEqual([
      'Event a · Show a, Finals',
      'Event m · Show m, Finals',
      'Event c · Show c, Finals',
    ]);
    expect(lines).toEqual([
      { name: 'General Effect', scores: [38.25, 39.6, 41] },
      { name: 'Equipment', scores: [37.1, null, 40.5] },
      { name: 'Movement', scores: [null, 20, null] },
    ]);
  });

  it('practice counted when asked', () => {
    const { shows, lines } = categoryProgression(season, { includePractice: true });
    expect(shows.map((s) => s.practice)).toEqual([false, true, false, false]);
    expect(lines[0]).toEqual({ name: 'General Effect', scores: [38.25, 30, 39.6, 41] });
  });

  it('a category named like an object property is an ordinary line', () => {
    const { lines } = categoryProgression([
      show('a', '2026-02-01T00:00:00', [
        ['__proto__', 10],
        ['constructor', 12],
      ]),
    ]);
    expect(lines).toEqual([
      { name: '__proto__', scores: [10] },
      { name: 'constructor', scores: [12] },
    ]);
  });

  describe('captionProgression', () => {
    const sheets = [
      show('b', '2026-03-07T00:00:00', [
        [
          'General Effect',
          40.1,
          [
            ['Music GE', 20.05],
            ['Visual GE', 20.05],
          ],
        ],
        ['Equipment', 38, [['Equipment Analysis', 38]]],
      ]),
      show('a', '2026-02-07T00:00:00', [
        [
          'General Effect',
          36.4,
          [
            ['Music GE', 18.5],
            ['Visual GE', 17.9],
          ],
        ],
      ]),
      show(
        'p',
        '2026-02-14T00:00:00',
        [
          [
            'General Effect',
            30,
            [
              ['Music GE', 15],
              ['Visual GE', 15],
            ],
          ],
        ],
        { practice: true },
      ),
      show('n', '2026-02-21T00:00:00', [['Equipment', 37.2, [['Equipment Analysis', 37.2]]]]),
      show('r', '2026-02-28T00:00:00', [['General Effect', 38.2, [['Music GE', 38.2]]]]),
    ];

    it("a line per caption of the asked category, at the shows whose sheet has it, the records' numbers", () => {
      const { shows, lines } = captionProgression(sheets, 'General Effect');
      expect(shows.map((s) => s.label)).toEqual([
        'Event a · Show a, Finals',
        'Event r · Show r, Finals',
        'Event b · Show b, Finals',
      ]);
      expect(lines).toEqual([
        { name: 'Music GE', scores: [18.5, 38.2, 20.05] },
        { name: 'Visual GE', scores: [17.9, null, 20.05] },
      ]);
      expect(captionProgression(sheets, 'Equipment').lines).toEqual([
        { name: 'Equipment Analysis', scores: [37.2, 38] },
      ]);
    });

    it('practice under the same rule, and a category no sheet has is no line', () => {
      expect(captionProgression(sheets, 'General Effect', { includePractice: true }).lines[0].scores).toEqual([
        18.5, 15, 38.2, 20.05,
      ]);
      expect(captionProgression(sheets, 'Movement')).toEqual({ shows: [], lines: [] });
    });

    it("a doubled panel's two captions of one name are two lines", () => {
      const doubled = [
        show('a', '2026-02-07T00:00:00', [
          [
            'Equipment',
            37.1,
            [
              ['Equipment Analysis', 18.2],
              ['Equipment Analysis', 18.9],
            ],
          ],
        ]),
        show('b', '2026-02-14T00:00:00', [['Equipment', 38, [['Equipment Analysis', 38]]]]),
      ];
      expect(captionProgression(doubled, 'Equipment').lines).toEqual([
        { name: 'Equipment Analysis', scores: [18.2, 38] },
        { name: 'Equipment Analysis (panel 2)', scores: [18.9, null] },
      ]);
    });
  });
});

describe('the score axis of the lines', () => {
  it("spans the scores' own extent, so categories of 13 and 14 lie apart, not a hair apart from zero", () => {
    const [low, high] = linesRange([
      { name: 'Music', scores: [13.1, 13.6, null] },
      { name: 'Visual', scores: [13.4, 14.2, 14.0] },
    ]);
    expect(low).toBeGreaterThan(12);
    expect(low).toBeLessThanOrEqual(13.1);
    expect(high).toBeGreaterThanOrEqual(14.2);
    expect(high).toBeLessThan(15.5);
    // A tenth of a point is a visible share of the axis (at 260 px, some 7 px).
    expect(0.1 / (high - low)).toBeGreaterThan(0.025);
  });

  it('never below zero, and some axis without scores', () => {
    expect(linesRange([{ name: 'Music', scores: [0.2, 0.4] }])[0]).toBe(0);
    expect(linesRange([{ name: 'Music', scores: [null] }])).toEqual([0, 1]);
  });
});

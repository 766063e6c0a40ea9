import { describe, expect, it } from 'vitest';
import { totalMargins, wonBy } from './margins';

describe('caption winners and margins', () => {
  it('name the highest number and its margin over the next, exactly in thousandths', () => {
    expect(wonBy([{ score: 18.4 }, { score: 18.55 }])).toEqual({ winner: 1, margin: 0.15 });
    expect(wonBy([{ score: 80.125 }, null, { score: 79.9 }, { score: 80.1 }])).toEqual({ winner: 0, margin: 0.025 });
  });

  it('name no winner on a tie or with one number', () => {
    expect(wonBy([{ score: 17 }, { score: 17 }])).toEqual({ winner: null, margin: 0 });
    expect(wonBy([{ score: 17 }, null])).toEqual({ winner: null, margin: 0 });
  });

  it("follow the first group's total margin over another through the season", () => {
    const meetings = [
      { totals: [{ score: 70 }, { score: 71.5 }] },
      { totals: [{ score: 75.25 }, null] },
      { totals: [{ score: 80.1 }, { score: 79.9 }] },
    ];
    expect(totalMargins(meetings, 1)).toEqual([-1.5, null, 0.2]);
  });
});

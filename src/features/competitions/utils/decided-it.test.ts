import { describe, expect, it } from 'vitest';
import { makeSection } from '../../../test/factories';
import { closePlacements } from './decided-it';

const r = (score: number, rank: number) => ({ score, rank });

describe('what decided a close placement', () => {
  it('finds placements decided by less than a point, with each caption gained and lost', () => {
    const section = makeSection([
      {
        id: 1,
        name: 'Alpha',
        ge: r(30, 2),
        ea1: r(18, 1),
        ea2: r(17, 1),
        ea: r(17.5, 1),
        subtotal: r(47.5, 1),
        total: r(47.5, 1),
      },
      {
        id: 2,
        name: 'Bravo',
        ge: r(30.5, 1),
        ea1: r(17, 2),
        ea2: r(17, 1),
        ea: r(17, 2),
        subtotal: r(47.5, 1),
        total: r(47.5, 1),
      },
      {
        id: 3,
        name: 'Charlie',
        ge: r(29.9, 3),
        ea1: r(17, 2),
        ea2: r(17.2, 1),
        ea: r(17.1, 2),
        subtotal: r(47, 3),
        total: r(47, 3),
      },
      {
        id: 4,
        name: 'Delta',
        ge: r(25, 4),
        ea1: r(15, 4),
        ea2: r(15, 4),
        ea: r(15, 4),
        subtotal: r(40, 4),
        total: r(40, 4),
      },
    ]);
    const placements = closePlacements(section);
    // Alpha and Bravo tie; Charlie is half a point behind; Delta, seven behind, is not close.
    expect(placements.map((p) => [p.upper.group.name, p.lower.group.name, p.margin, p.tied])).toEqual([
      ['Alpha', 'Bravo', 0, true],
      ['Bravo', 'Charlie', 0.5, false],
    ]);
    const [, charlie] = placements;
    expect(charlie.categories.map((c) => [c.name, c.upper, c.lower, c.difference])).toEqual([
      ['General Effect', 30.5, 29.9, -0.6],
      ['Equipment Analysis', 17, 17.1, 0.1],
    ]);
    expect(charlie.lost.map((c) => [c.name, c.difference, c.counts])).toEqual([['General Effect', -0.6, -0.6]]);
    expect(charlie.gained.map((c) => [c.judge, c.difference])).toEqual([['Bo Kim', 0.2]]);
    expect(charlie.madeUpIn.map((c) => c.name)).toEqual(['General Effect']);
    expect(charlie.decidedByPenalty).toBe(false);
  });

  it('a tie still says where each group gained', () => {
    const [tie] = closePlacements(
      makeSection([
        {
          id: 1,
          name: 'Alpha',
          ge: r(30, 2),
          ea1: r(18, 1),
          ea2: r(17, 1),
          ea: r(17.5, 1),
          subtotal: r(47.5, 1),
          total: r(47.5, 1),
        },
        {
          id: 2,
          name: 'Bravo',
          ge: r(30.5, 1),
          ea1: r(17, 2),
          ea2: r(17, 1),
          ea: r(17, 2),
          subtotal: r(47.5, 1),
          total: r(47.5, 1),
        },
      ]),
    );
    expect(tie).toMatchObject({ tied: true, margin: 0, place: 1 });
    expect(tie.gained.map((c) => [c.name, c.difference])).toEqual([['General Effect', 0.5]]);
    expect(tie.lost.map((c) => [c.judge, c.difference, c.counts])).toEqual([['Ann Lee', -1, -0.5]]);
  });

  it("counts an averaged doubled panel's judge at half, and names the judges apart", () => {
    const [placement] = closePlacements(
      makeSection([
        {
          id: 1,
          name: 'Alpha',
          ge: r(30, 1),
          ea1: r(18, 1),
          ea2: r(16, 2),
          ea: r(17, 1),
          subtotal: r(47, 1),
          total: r(47, 1),
        },
        {
          id: 2,
          name: 'Bravo',
          ge: r(30, 1),
          ea1: r(16.8, 2),
          ea2: r(16.6, 1),
          ea: r(16.7, 2),
          subtotal: r(46.7, 2),
          total: r(46.7, 2),
        },
      ]),
    );
    expect(placement.margin).toBe(0.3);
    expect(
      placement.categories[1].captions.map((c) => [c.name, c.judge, c.upper, c.lower, c.difference, c.share, c.counts]),
    ).toEqual([
      ['Equipment Analysis', 'Ann Lee', 18, 16.8, -1.2, 0.5, -0.6],
      ['Equipment Analysis', 'Bo Kim', 16, 16.6, 0.6, 0.5, 0.3],
    ]);
    expect(placement.madeUpIn.map((c) => c.judge)).toEqual(['Ann Lee']);
  });

  it('says when a penalty decided it', () => {
    const [placement] = closePlacements(
      makeSection([
        {
          id: 1,
          name: 'Alpha',
          ge: r(30, 2),
          ea1: r(17, 2),
          ea2: r(17, 1),
          ea: r(17, 2),
          subtotal: r(47, 2),
          total: r(47, 1),
        },
        {
          id: 2,
          name: 'Bravo',
          ge: r(30.2, 1),
          ea1: r(17.2, 1),
          ea2: r(17, 1),
          ea: r(17.1, 1),
          subtotal: r(47.3, 1),
          penalty: 0.5,
          total: r(46.8, 2),
        },
      ]),
    );
    expect(placement).toMatchObject({
      margin: 0.2,
      subtotalMargin: -0.3,
      penaltyDifference: 0.5,
      decidedByPenalty: true,
    });
  });

  it('finds nothing close when every margin is a point or more, or a group did not perform', () => {
    expect(
      closePlacements(
        makeSection([
          {
            id: 1,
            name: 'Alpha',
            ge: r(30, 1),
            ea1: r(18, 1),
            ea2: r(17, 1),
            ea: r(17.5, 1),
            subtotal: r(47.5, 1),
            total: r(47.5, 1),
          },
          {
            id: 2,
            name: 'Bravo',
            ge: r(29, 2),
            ea1: r(17.5, 2),
            ea2: r(17.5, 1),
            ea: r(17.5, 1),
            subtotal: r(46.5, 2),
            total: r(46.5, 2),
          },
          {
            id: 3,
            name: 'Charlie',
            performed: false,
            ge: r(0, 0),
            ea1: r(0, 0),
            ea2: r(0, 0),
            ea: r(0, 0),
            subtotal: r(0, 0),
            total: { score: 0, rank: null },
          },
        ]),
      ),
    ).toEqual([]);
  });
});

describe('a caption share in a halved category with a doubled panel', () => {
  it('counts a single judge at 1/2 and each doubled judge at 1/4 (drum corps Music)', () => {
    const section = makeSection([
      {
        id: 1,
        name: 'Alpha',
        ge: r(30, 1),
        ea1: r(18, 1),
        ea2: r(16, 2),
        ea: r(17, 1),
        subtotal: r(47.5, 1),
        total: r(47.5, 1),
      },
      {
        id: 2,
        name: 'Bravo',
        ge: r(30, 1),
        ea1: r(17, 2),
        ea2: r(17, 1),
        ea: r(17, 2),
        subtotal: r(47, 2),
        total: r(47, 2),
      },
    ]);
    // Equipment Analysis as Music: Brass (one judge) + Analysis (doubled) summed and halved: (18 + 17) / 2 = 17.5.
    const music = section.sheet.categories[1];
    music.captions = [{ ...music.captions[0], key: 'brass', name: 'Brass' }, ...music.captions];
    for (const [p, brass, category] of [
      [section.performances[0], 18, 17.5],
      [section.performances[1], 17, 17],
    ] as const) {
      p.categories[1].captions.unshift({ key: 'brass', score: brass, rank: 1, subcaptions: [] });
      p.categories[1].score = category;
    }
    const [placement] = closePlacements(section);
    expect(placement.categories[1].captions.map((c) => [c.name, c.share, c.counts])).toEqual([
      ['Brass', 0.5, -0.5],
      ['Equipment Analysis', 0.25, -0.25],
      ['Equipment Analysis', 0.25, 0.25],
    ]);
  });
});

/** Every line as it counts for the lower group, penalties and rounding too: what must add up to minus the margin. */
const listed = (placement: ReturnType<typeof closePlacements>[number]) =>
  Math.round(
    placement.categories.flatMap((c) => c.captions).reduce((sum, c) => sum + c.counts * 1000, 0) +
      placement.penaltyCounts * 1000 +
      placement.rounding * 1000,
  ) / 1000;

describe('a caption share as the sheet adds it up', () => {
  it("counts a summed doubled panel's judges in full (General Effect 14.80 + 14.90 = 29.70)", () => {
    const section = makeSection([
      {
        id: 1,
        name: 'Humble',
        ge: r(30, 1),
        ea1: r(14.8, 2),
        ea2: r(14.9, 2),
        ea: r(29.7, 2),
        subtotal: r(59.7, 1),
        total: r(59.7, 1),
      },
      {
        id: 2,
        name: 'Waco',
        ge: r(29.5, 2),
        ea1: r(15, 1),
        ea2: r(15.09, 1),
        ea: r(30.09, 1),
        subtotal: r(59.59, 2),
        total: r(59.59, 2),
      },
    ]);
    const [placement] = closePlacements(section);
    expect(placement.margin).toBe(0.11);
    expect(placement.categories[1].captions.map((c) => [c.share, c.counts])).toEqual([
      [1, 0.2],
      [1, 0.19],
    ]);
    expect(placement.rounding).toBe(0);
    expect(listed(placement)).toBe(-0.11);
  });

  it("fits a weighted category from the section's numbers, and scales by the sheet's subtotal", () => {
    // Equipment Analysis as 0.6 x the first judge + 0.4 x the second; Sub Total 1.25 x the categories (TCGC Cadet).
    const group = (id: number, name: string, ge: number, ea1: number, ea2: number, rank: number) => {
      const ea = Math.round((0.6 * ea1 + 0.4 * ea2) * 1000) / 1000;
      const subtotal = Math.round((ge + ea) * 1.25 * 1000) / 1000;
      return {
        id,
        name,
        ge: r(ge, rank),
        ea1: r(ea1, rank),
        ea2: r(ea2, rank),
        ea: r(ea, rank),
        subtotal: r(subtotal, rank),
        total: r(subtotal, rank),
      };
    };
    // Bravo 59.25 = (30 + 0.6 x 17 + 0.4 x 18) x 1.25 over Alpha 59.000
    const section = makeSection([
      group(1, 'Alpha', 30, 18, 16, 2),
      group(2, 'Bravo', 30, 17, 18, 1),
      group(3, 'Charlie', 28, 15, 12, 3),
    ]);
    const [placement] = closePlacements(section);
    expect(placement.margin).toBe(0.25);
    expect(placement.categories[1].captions.map((c) => [Math.round(c.share * 1000) / 1000, c.counts])).toEqual([
      [0.75, 0.75],
      [0.5, -1],
    ]);
    expect(listed(placement)).toBe(-0.25);
  });

  it('lists the penalties as they count, and adds up to the margin with them', () => {
    const section = makeSection([
      {
        id: 1,
        name: 'Alpha',
        ge: r(30, 1),
        ea1: r(17, 1),
        ea2: r(17, 1),
        ea: r(17, 1),
        subtotal: r(47, 1),
        total: r(47, 1),
      },
      {
        id: 2,
        name: 'Bravo',
        ge: r(30.2, 1),
        ea1: r(17, 1),
        ea2: r(17, 1),
        ea: r(17, 1),
        subtotal: r(47.2, 1),
        penalty: 0.5,
        total: r(46.7, 2),
      },
    ]);
    const [placement] = closePlacements(section);
    expect([placement.penaltyCounts, placement.rounding, listed(placement)]).toEqual([-0.5, 0, -0.3]);
  });
});

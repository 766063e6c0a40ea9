import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DRAW_RULES,
  DrawInputError,
  firstDifference,
  runDraw,
  type DrawEntry,
  type DrawInput,
} from '../../domain/draw/rules.js';
import { MAX_SEED, shuffle, splitMix64 } from '../../domain/draw/splitmix64.js';

// The expected orders were computed by the Python listing of the draw's decision record (a second implementation
// of the same specification), so these tests hold the TypeScript to the published procedure, not to itself.

const entry = (groupId: number, score: number | null = null, tier: number | null = null): DrawEntry => ({
  groupId,
  name: `Group ${groupId}`,
  score,
  tier,
});
const ids = (places: { groupId: number }[]) => places.map((place) => place.groupId);

describe('the generator (SplitMix64)', () => {
  it("gives the reference implementation's first outputs from seed 0", () => {
    const random = splitMix64(0);
    expect(random.next()).toBe(0xe220a8397b1dcdafn);
    expect(random.next()).toBe(0x6e789e6aa1b965f4n);
  });

  it('shuffles by Durstenfeld from a seed, the same every time', () => {
    const list = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(shuffle(list, splitMix64(20261202))).toEqual([10, 8, 6, 9, 1, 7, 4, 5, 3, 2]);
    expect(shuffle(list, splitMix64(20261202))).toEqual(shuffle(list, splitMix64(20261202)));
    expect(list).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('refuses a seed that is not a whole number from 0 to 2^53 - 1', () => {
    for (const seed of [-1, 1.5, Number.NaN, MAX_SEED + 1]) expect(() => splitMix64(seed)).toThrow(RangeError);
  });
});

describe('a random draw', () => {
  it('reproduces the order from its seed', () => {
    const input: DrawInput = {
      rule: 'random',
      seed: 20261202,
      entries: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => entry(id)),
    };
    expect(ids(runDraw(input))).toEqual([10, 8, 6, 9, 1, 7, 4, 5, 3, 2]);
    expect(runDraw(input)).toEqual(runDraw({ ...input, entries: [...input.entries] }));
    expect(runDraw(input).map((place) => place.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('in tiers draws tier 1 first, then tier 2, from one stream', () => {
    const entries = [1, 2, 3, 4].map((id) => entry(id, null, 1)).concat([5, 6, 7, 8].map((id) => entry(id, null, 2)));
    const order = runDraw({ rule: 'random', tiers: true, seed: 7, entries });
    expect(ids(order)).toEqual([2, 3, 1, 4, 5, 7, 6, 8]);
    expect(order.map((place) => place.tier)).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('in tiers refuses an entry without a tier, naming it', () => {
    const draw = () => runDraw({ rule: 'random', tiers: true, seed: 1, entries: [entry(1, null, 1), entry(2)] });
    expect(draw).toThrow(DrawInputError);
    expect(draw).toThrow('"Group 2" needs a tier from 1 to 20');
  });
});

describe('the score rules', () => {
  it('reverse score: no score first, then lowest to highest, a tie decided by the seed', () => {
    const entries = [entry(1, 70), entry(2, 80), entry(3), entry(4, 80), entry(5, 90)];
    const order = runDraw({ rule: 'reverse-score', seed: 3, entries });
    expect(ids(order)).toEqual([3, 1, 4, 2, 5]);
    expect(order.map((place) => place.rank)).toEqual([5, 4, 3, 2, 1]);
  });

  it('seeded in thirds: the bottom third first, the top third last, each drawn inside', () => {
    const entries = [entry(1, 80), entry(2, 85.5), entry(3, 70), entry(4, 90), entry(5), entry(6, 85.5), entry(7, 60)];
    const order = runDraw({ rule: 'seeded', blocks: 3, seed: 42, entries });
    // 7 entries: thirds of 3, 2 and 2 from the top (4, 2 and 6 | 1 and 3 | 7 and the unscored 5)
    expect(order.map(({ groupId, block }) => [groupId, block])).toEqual([
      [7, 3],
      [5, 3],
      [3, 2],
      [1, 2],
      [6, 1],
      [4, 1],
      [2, 1],
    ]);
  });

  it('seeded in halves splits an odd division with the extra one in the top half', () => {
    const entries = [1, 2, 3, 4, 5].map((id) => entry(id, id * 10));
    const order = runDraw({ rule: 'seeded', blocks: 2, seed: 9, entries });
    expect(new Set(ids(order.slice(0, 2)))).toEqual(new Set([1, 2]));
    expect(new Set(ids(order.slice(2)))).toEqual(new Set([3, 4, 5]));
  });

  it('split into flights alternating by rank: ranks 1, 3, 5, 7 in flight 1 and 2, 4, 6, 8 in flight 2', () => {
    const scores = [71.2, 88.1, 64.0, 90.3, 79.9, 83.4, 59.5, 75.0];
    const entries = scores.map((score, index) => entry(11 + index, score));
    const order = runDraw({ rule: 'flights', flights: 2, seed: 5, entries });
    expect(order.map(({ groupId, flight, rank }) => [groupId, flight, rank])).toEqual([
      [14, 1, 1],
      [18, 1, 5],
      [16, 1, 3],
      [13, 1, 7],
      [12, 2, 2],
      [11, 2, 6],
      [15, 2, 4],
      [17, 2, 8],
    ]);
  });
});

describe('by hand', () => {
  it('is the order given', () => {
    expect(
      ids(runDraw({ rule: 'hand', handOrder: [3, 1, 2], seed: 0, entries: [entry(1), entry(2), entry(3)] })),
    ).toEqual([3, 1, 2]);
  });

  it('refuses an order that leaves out, repeats or adds a group', () => {
    const entries = [entry(1), entry(2), entry(3)];
    for (const handOrder of [
      [1, 2],
      [1, 2, 2],
      [1, 2, 3, 4],
    ])
      expect(() => runDraw({ rule: 'hand', handOrder, seed: 0, entries })).toThrow(DrawInputError);
  });
});

describe('bad input', () => {
  it('names the field', () => {
    const entries = [entry(1, 1), entry(2, 2)];
    const fieldOf = (input: DrawInput) => {
      try {
        runDraw(input);
      } catch (error) {
        return error instanceof DrawInputError ? error.field : 'not a DrawInputError';
      }
      return 'accepted';
    };
    expect(fieldOf({ rule: 'random', seed: -4, entries })).toBe('seed');
    expect(fieldOf({ rule: 'random', seed: 0.5, entries })).toBe('seed');
    expect(fieldOf({ rule: 'random', seed: 1, entries: [] })).toBe('divisionId');
    expect(fieldOf({ rule: 'random', seed: 1, entries: [entry(2), entry(1)] })).toBe('entries');
    expect(fieldOf({ rule: 'seeded', blocks: 4, seed: 1, entries })).toBe('blocks');
    expect(fieldOf({ rule: 'seeded', blocks: 3, seed: 1, entries })).toBe('blocks');
    expect(fieldOf({ rule: 'flights', flights: 5, seed: 1, entries })).toBe('flights');
    expect(fieldOf({ rule: 'flights', flights: 3, seed: 1, entries })).toBe('flights');
  });
});

describe('firstDifference', () => {
  it('is the first place where two orders part, or null', () => {
    expect(firstDifference([{ groupId: 1 }, { groupId: 2 }], [{ groupId: 1 }, { groupId: 2 }])).toBeNull();
    expect(firstDifference([{ groupId: 1 }, { groupId: 2 }], [{ groupId: 2 }, { groupId: 1 }])).toBe(1);
    expect(firstDifference([{ groupId: 1 }], [{ groupId: 1 }, { groupId: 3 }])).toBe(2);
  });
});

/** A division's entries and a rule that can draw them. */
const division = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 40 })
  .chain((groupIds) => {
    const sorted = [...groupIds].sort((a, b) => a - b);
    const n = sorted.length;
    return fc.record({
      entries: fc.tuple(
        ...sorted.map((groupId) =>
          fc.record({
            groupId: fc.constant(groupId),
            name: fc.constant(`Group ${groupId}`),
            score: fc.option(fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000)),
            tier: fc.integer({ min: 1, max: 4 }),
          }),
        ),
      ),
      rule: fc.constantFrom(
        ...DRAW_RULES.filter((rule) => (rule === 'flights' ? n >= 2 : rule === 'seeded' ? n >= 2 : true)),
      ),
      tiers: fc.boolean(),
      blocks: fc.constantFrom(...(n >= 3 ? [2, 3] : [2])),
      flights: fc.integer({ min: 2, max: Math.min(4, Math.max(2, n)) }),
      handOrder: fc.shuffledSubarray(sorted, { minLength: n, maxLength: n }),
      seed: fc.integer({ min: 0, max: MAX_SEED }),
    });
  });

describe('every rule (property)', () => {
  it('puts every group of a division in its order once, and none of another division', () => {
    fc.assert(
      fc.property(fc.array(division, { minLength: 1, maxLength: 4 }), (divisions) => {
        const offset = (index: number) => index * 1_000_000;
        const inputs = divisions.map((input, index) => ({
          ...input,
          entries: input.entries.map((one) => ({ ...one, groupId: one.groupId + offset(index) })),
          handOrder: input.handOrder.map((groupId) => groupId + offset(index)),
        }));
        inputs.forEach((input) => {
          const order = runDraw(input);
          expect([...ids(order)].sort((a, b) => a - b)).toEqual(input.entries.map((one) => one.groupId));
          expect(order.map((place) => place.position)).toEqual(order.map((_, index) => index + 1));
          expect(runDraw(input)).toEqual(order);
        });
      }),
      { numRuns: 300 },
    );
  });
});

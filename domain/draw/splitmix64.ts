/**
 * The draw's random numbers: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014; the generator of Java's SplittableRandom and the usual seeder of xoshiro), an unbiased index by
 * rejection, and the Durstenfeld shuffle. Specified exactly in docs/decisions/ (the draw's reproducibility), so
 * anyone can re-run a published draw in a few lines of any language; BigInt keeps every step exact mod 2^64.
 */

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;
const TWO_64 = 1n << 64n;

/** The largest seed a draw takes: a JSON number every language reads exactly. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

export interface Generator {
  /** the next 64-bit output, as a BigInt in [0, 2^64) */
  next(): bigint;
  /** an index in [0, n), every value equally likely (outputs at or past the largest multiple of n are drawn again) */
  below(n: number): number;
}

export function splitMix64(seed: number): Generator {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be an integer 0..${MAX_SEED}`);
  let state = BigInt(seed);
  const next = (): bigint => {
    state = (state + GAMMA) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  return {
    next,
    below(n) {
      if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('below(n) needs a positive integer n');
      const bound = BigInt(n);
      const limit = TWO_64 - (TWO_64 % bound);
      let x = next();
      while (x >= limit) x = next();
      return Number(x % bound);
    },
  };
}

/** A copy of `items` shuffled by Durstenfeld's Fisher-Yates: for i from the last index down to 1, swap i with below(i + 1). */
export function shuffle<T>(items: readonly T[], random: Generator): T[] {
  const out = [...items];
  for (let i = out.length - 1; i >= 1; i--) {
    const j = random.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

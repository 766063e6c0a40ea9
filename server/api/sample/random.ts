import { createHash } from 'node:crypto';

/** A seeded pseudo-random stream (mulberry32): the sample circuit never uses Math.random, so it is reproducible. */
export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** whole number in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** roughly normal (sum of uniforms), mean 0, standard deviation about 1 */
  normal(): number;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    normal: () => (next() + next() + next() + next() - 2) * Math.sqrt(3),
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
  return random;
}

/**
 * Deterministic guids for one organization's sample: guids are unique across the whole database, so they are
 * derived from the organization as well as from a running number.
 */
export function sampleGuids(orgId: number): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    const hex = createHash('sha256').update(`sample-circuit:${orgId}:${counter}`).digest('hex');
    const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}

/**
 * The draw's rules: from a division's entries in one round, a running order (the first place performs first). Pure
 * and exact, so the API, the published page, the CLI's `draw verify` and anyone with the published record get the
 * same order; the procedure is specified in docs/decisions/ (the draw's reproducibility), and every random step
 * takes the next numbers of one SplitMix64 stream from the recorded seed.
 */
import { MAX_SEED, shuffle, splitMix64, type Generator } from './splitmix64.js';

export const DRAW_RULES = ['random', 'reverse-score', 'seeded', 'flights', 'hand'] as const;
export type DrawRule = (typeof DRAW_RULES)[number];

/** The rules that order by a previous score (and so record each entry's score). */
export const SCORE_RULES: readonly DrawRule[] = ['reverse-score', 'seeded', 'flights'];

export const MAX_ENTRIES = 500;
export const MAX_TIER = 20;
export const BLOCK_COUNTS = [2, 3] as const;
export const MIN_FLIGHTS = 2;
export const MAX_FLIGHTS = 4;

export interface DrawEntry {
  groupId: number;
  name: string;
  /** random in tiers: the tier the group is drawn in (tier 1 performs first) */
  tier?: number | null;
  /** the score rules: the previous total ranked by; null when the group has none */
  score?: number | null;
  /** the score rules: the competition the score is from, for the published record (the rules do not read it) */
  scoreFrom?: string | null;
}

export interface DrawSettings {
  rule: DrawRule;
  /** random: draw tier by tier */
  tiers?: boolean;
  /** seeded: halves (2) or thirds (3) */
  blocks?: number;
  /** flights: how many flights the ranks alternate over */
  flights?: number;
  /** hand: the group ids, the first performs first */
  handOrder?: number[];
}

export interface DrawInput extends DrawSettings {
  seed: number;
  /** in ascending group id: the input order the procedure starts from */
  entries: DrawEntry[];
}

export interface DrawnPlace {
  groupId: number;
  /** 1 performs first */
  position: number;
  tier?: number;
  /** seeded: 1 is the top block (performs last) */
  block?: number;
  flight?: number;
  /** the score rules: 1 is the highest previous score */
  rank?: number;
}

/** A draw's input that breaks a rule, naming the field as the API's 422 does. */
export class DrawInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses an input no rule can draw (a client mistake, before any number is drawn). */
export function checkDrawInput(input: DrawInput): void {
  if (!Number.isSafeInteger(input.seed) || input.seed < 0)
    throw new DrawInputError('seed', `the seed must be a whole number from 0 to ${MAX_SEED}`);
  const { entries } = input;
  if (entries.length === 0) throw new DrawInputError('divisionId', 'the division has no entries in this round');
  if (entries.length > MAX_ENTRIES) throw new DrawInputError('entries', `at most ${MAX_ENTRIES} entries a draw`);
  entries.forEach((entry, index) => {
    if (index > 0 && entries[index - 1].groupId >= entry.groupId)
      throw new DrawInputError('entries', 'the entries must be in ascending group id, each once');
  });
  switch (input.rule) {
    case 'random':
      if (input.tiers)
        entries.forEach((entry) => {
          const tier = entry.tier;
          if (tier === null || tier === undefined || !Number.isInteger(tier) || tier < 1 || tier > MAX_TIER)
            throw new DrawInputError('tiers', `"${entry.name}" needs a tier from 1 to ${MAX_TIER}`);
        });
      return;
    case 'reverse-score':
      return;
    case 'seeded':
      if (!BLOCK_COUNTS.includes(input.blocks as 2 | 3))
        throw new DrawInputError('blocks', 'seeded draws are in halves (2) or thirds (3)');
      if (entries.length < (input.blocks ?? 0))
        throw new DrawInputError('blocks', `${entries.length} entries cannot be seeded in ${input.blocks} blocks`);
      return;
    case 'flights': {
      const flights = input.flights ?? 0;
      if (!Number.isInteger(flights) || flights < MIN_FLIGHTS || flights > MAX_FLIGHTS)
        throw new DrawInputError('flights', `from ${MIN_FLIGHTS} to ${MAX_FLIGHTS} flights`);
      if (entries.length < flights)
        throw new DrawInputError('flights', `${entries.length} entries cannot make ${flights} flights`);
      return;
    }
    case 'hand': {
      const order = input.handOrder ?? [];
      const ids = new Set(entries.map((entry) => entry.groupId));
      const seen = new Set<number>();
      for (const id of order) {
        if (!ids.has(id)) throw new DrawInputError('order', `group ${id} is not entered in this division and round`);
        if (seen.has(id)) throw new DrawInputError('order', `group ${id} is listed twice`);
        seen.add(id);
      }
      if (seen.size !== ids.size)
        throw new DrawInputError('order', 'the order by hand must list every entry of the division once');
      return;
    }
  }
}

/** The running order the input draws (checked first: a DrawInputError for an input no rule can draw). */
export function runDraw(input: DrawInput): DrawnPlace[] {
  checkDrawInput(input);
  const random = splitMix64(input.seed);
  const places = drawn(input, random);
  return places.map((place, index) => ({ ...place, position: index + 1 }));
}

type Unplaced = Omit<DrawnPlace, 'position'>;

function drawn(input: DrawInput, random: Generator): Unplaced[] {
  const { entries } = input;
  switch (input.rule) {
    case 'random': {
      if (!input.tiers) return shuffle(entries, random).map(({ groupId }) => ({ groupId }));
      const tiers = [...new Set(entries.map((entry) => entry.tier as number))].sort((a, b) => a - b);
      return tiers.flatMap((tier) =>
        shuffle(
          entries.filter((entry) => entry.tier === tier),
          random,
        ).map(({ groupId }) => ({ groupId, tier })),
      );
    }
    case 'reverse-score': {
      const ranked = rank(entries, random);
      return ranked.reverse().map(({ entry, rank }) => ({ groupId: entry.groupId, rank }));
    }
    case 'seeded': {
      const blocks = splitBlocks(rank(entries, random), input.blocks as number);
      return blocks
        .map((members, index) => ({ members, block: index + 1 }))
        .reverse()
        .flatMap(({ members, block }) =>
          shuffle(members, random).map(({ entry, rank }) => ({ groupId: entry.groupId, block, rank })),
        );
    }
    case 'flights': {
      const flights = input.flights as number;
      const ranked = rank(entries, random);
      return Array.from({ length: flights }, (_, index) => index + 1).flatMap((flight) =>
        shuffle(
          ranked.filter(({ rank }) => (rank - 1) % flights === flight - 1),
          random,
        ).map(({ entry, rank }) => ({ groupId: entry.groupId, flight, rank })),
      );
    }
    case 'hand':
      return (input.handOrder ?? []).map((groupId) => ({ groupId }));
  }
}

interface Ranked {
  entry: DrawEntry;
  rank: number;
}

/**
 * Highest previous score first, groups without one last; equal scores (and the groups without one) in the order of
 * a shuffle of the input made first, so a tie is decided by the seed and not by a group's id.
 */
function rank(entries: readonly DrawEntry[], random: Generator): Ranked[] {
  const tieBreak = shuffle(entries, random);
  const score = (entry: DrawEntry) => entry.score ?? Number.NEGATIVE_INFINITY;
  return tieBreak
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => score(b.entry) - score(a.entry) || a.index - b.index)
    .map(({ entry }, index) => ({ entry, rank: index + 1 }));
}

/** Consecutive blocks from the top, as equal as can be; the blocks nearer the top take one more when it does not divide. */
function splitBlocks<T>(ranked: readonly T[], count: number): T[][] {
  const base = Math.floor(ranked.length / count);
  const extra = ranked.length % count;
  const blocks: T[][] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const size = base + (index < extra ? 1 : 0);
    blocks.push(ranked.slice(start, start + size));
    start += size;
  }
  return blocks;
}

/** Where a recorded order and a re-run part: the first position that differs, or null when they agree. */
export function firstDifference(
  recorded: readonly { groupId: number }[],
  rerun: readonly { groupId: number }[],
): number | null {
  const length = Math.max(recorded.length, rerun.length);
  for (let index = 0; index < length; index++) if (recorded[index]?.groupId !== rerun[index]?.groupId) return index + 1;
  return null;
}

/**
 * The awards as the announcer reads them (issue 36): each released division and round's placements last place
 * first, one more read out at each step. The places are the API's (the tabulation's ranks): nothing is ranked here.
 */
import type { components } from '../../../lib/api-types';

type Section = Pick<components['schemas']['AwardsSection'], 'division' | 'round'>;
type Placement = components['schemas']['Placement'];

/** "Scholastic A Finals", as the console names a division and round. */
export const sectionLabel = (section: Section) =>
  `${section.division.name} ${section.round.name || `round ${section.round.number}`}`;

/** The address's name for a division and round (`?section=`): its division's id and the round's number. */
export const sectionKey = (section: Section) => `${section.division.id}-${section.round.number}`;

/** "1st", "2nd", "3rd", "4th", "11th", "21st", "112th". */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : rank % 10 === 1 ? 'st' : rank % 10 === 2 ? 'nd' : rank % 10 === 3 ? 'rd' : 'th';
  return `${rank}${suffix}`;
}

export interface Announced extends Placement {
  /** another group holds the same place */
  tied: boolean;
}

/** The order they are read out in: last place first (the API answers first place first), ties kept together. */
export function announcingOrder(placements: readonly Placement[]): Announced[] {
  const counts = new Map<number, number>();
  for (const placement of placements) counts.set(placement.rank, (counts.get(placement.rank) ?? 0) + 1);
  return [...placements].reverse().map((placement) => ({ ...placement, tied: (counts.get(placement.rank) ?? 0) > 1 }));
}

/** How many are read out: the address's `shown`, kept within 0..count (a hand-typed or stale one is clamped). */
export function shownOf(raw: string | null, count: number): number {
  const value = raw === null || !/^\d{1,4}$/.test(raw) ? 0 : Number(raw);
  return Math.min(value, count);
}

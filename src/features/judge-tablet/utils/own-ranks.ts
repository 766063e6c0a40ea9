/**
 * The judge's own numbers management: each group's caption total so far in one caption, division and round, ranked
 * highest first, as the judge sees them (their own numbers only). Competition ranking ("1, 2, 2, 4"): groups on the
 * same total share the rank and are flagged, since a judge usually wants to separate them before submitting.
 */
export interface OwnNumber {
  performanceId: number;
  groupName: string;
  /** the caption's score from the judge's numbers, weighted as the tabulation weighs them (sheet.ts captionScore) */
  total: number;
  /** not every line has a number yet */
  incomplete: boolean;
}

export interface OwnRank extends OwnNumber {
  rank: number;
  /** another group has the same total */
  tied: boolean;
}

export function ownRanks(numbers: readonly OwnNumber[]): OwnRank[] {
  const sorted = [...numbers].sort((a, b) => b.total - a.total || a.groupName.localeCompare(b.groupName));
  const counts = new Map<number, number>();
  for (const { total } of sorted) counts.set(total, (counts.get(total) ?? 0) + 1);
  let rank = 0;
  return sorted.map((number, index) => {
    if (index === 0 || sorted[index - 1].total !== number.total) rank = index + 1;
    return { ...number, rank, tied: (counts.get(number.total) ?? 0) > 1 };
  });
}

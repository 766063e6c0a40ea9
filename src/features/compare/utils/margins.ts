/**
 * Who won a caption (or the total) among the groups of a meeting, and by how much: the highest number wins, the
 * margin is over the next best. Differences are taken in thousandths, so 18.55 - 18.40 is 0.15, not 0.15000000000000213.
 */
type Scored = { score: number } | null;

export interface Won {
  /** index of the winning group in the meeting's order; null on a tie for first or with fewer than two numbers */
  winner: number | null;
  margin: number;
}

const thousandths = (score: number) => Math.round(score * 1000);

export function difference(a: number, b: number): number {
  return (thousandths(a) - thousandths(b)) / 1000;
}

export function wonBy(scores: readonly Scored[]): Won {
  const present = scores
    .flatMap((scored, index) => (scored ? [{ index, score: scored.score }] : []))
    .sort((a, b) => b.score - a.score);
  if (present.length < 2) return { winner: null, margin: 0 };
  const margin = difference(present[0].score, present[1].score);
  return { winner: margin === 0 ? null : present[0].index, margin };
}

/** The first group's total minus another's at each meeting where both performed, oldest first: the trend of a rivalry. */
export function totalMargins(meetings: readonly { totals: readonly Scored[] }[], other: number): (number | null)[] {
  return meetings.map(({ totals }) =>
    totals[0] && totals[other] ? difference(totals[0].score, totals[other].score) : null,
  );
}

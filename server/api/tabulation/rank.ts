/**
 * Standard competition ranking ("1224"): equal scores share a rank and the ranks after them are skipped.
 * Higher scores are better. A null score (a group that did not perform) gets no rank and does not push anyone down.
 */
export function rankScores(scores: readonly (number | null)[]): (number | null)[] {
  const performed = scores.filter((score): score is number => score !== null);
  return scores.map((score) => (score === null ? null : 1 + performed.filter((other) => other > score).length));
}

/** How a rank shows: a dash for an unranked performance. Scores are formatted by domain/scores.ts. */
export function formatRank(rank: number | null | undefined): string {
  return rank === null || rank === undefined ? '—' : String(rank);
}

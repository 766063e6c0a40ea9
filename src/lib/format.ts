/** How a rank shows: a dash for an unranked performance. Scores are formatted by domain/scores.ts. */
export function formatRank(rank: number | null | undefined): string {
  return rank === null || rank === undefined ? '—' : String(rank);
}
/** "2:13", "1:02:05": a moment of a recording, as its timer and its marks say it. */
export function clockOf(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** "3.4 MB", "820 KB": bytes waiting or free. */
export function sizeOf(bytes: number): string {
  if (bytes >= 1_000_000_000) return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1000))} KB`;
}

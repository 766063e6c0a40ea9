/**
 * What a season's name says, by the rules the hosted service's clients follow: its seasons are `{id, name}` only, so
 * the season year (v2's `year`) is read from the name and the most recent season is the greatest name.
 */

const SPAN = /\b(\d{4})\s*[-–/]\s*(\d{4}|\d{2})\b/;
const YEAR = /\b\d{4}\b/g;

/**
 * The year a season is filed under: the year it ends ("2025-26 Season" and "2025-2026" are 2026; "2026 Season" is
 * 2026), or undefined for a name without a year.
 */
export function seasonYear(name: string): number | undefined {
  const span = SPAN.exec(name);
  if (span) {
    const start = Number(span[1]);
    if (span[2].length === 4) return Number(span[2]);
    const end = Math.floor(start / 100) * 100 + Number(span[2]);
    return end >= start ? end : end + 100;
  }
  const years = name.match(YEAR)?.map(Number);
  return years && years.length > 0 ? Math.max(...years) : undefined;
}

/** Newest first: greatest name first, as the hosted service's clients order seasons (plain code-unit order). */
export function byGreatestName<T extends { name: string }>(seasons: readonly T[]): T[] {
  return [...seasons].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

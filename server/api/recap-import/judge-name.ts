export interface JudgeName {
  firstName: string;
  lastName: string;
}

/**
 * Splits a judge's name as the recaps print it: "J. Howell" (initial and surname), "Kendall LeJeune", or only a
 * surname ("Permer", 2013 pages). Everything after the first word is the surname, so "J. Van Dyke" keeps its
 * two-word surname; a single word is a surname with no first name.
 */
export function splitJudgeName(printed: string): JudgeName {
  const words = printed.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: '', lastName: words[0] };
  return { firstName: words[0], lastName: words.slice(1).join(' ') };
}

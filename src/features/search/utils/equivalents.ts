/**
 * The words of the field that name the same thing (decision 076): a name carrying one of them is also found by the
 * others, so "Pearland High School" finds Pearland HS, "winterguard" or "WG" a color guard, "drumline" a
 * percussion group and "indoor" a winds group. Names gain the other words of their class (the query is left as
 * typed), so a word half typed still finds by its start ("winterg", "high sch").
 */
import { normalize } from './normalize';

/**
 * Each class: the words or phrases (normalised) that name it, any of which brings all their words, and `also`, words
 * it brings without naming it: "indoor" finds winds, but an indoor percussion group is no winds group.
 */
const CLASSES: readonly { phrases: readonly string[]; also?: readonly string[] }[] = [
  { phrases: ['hs', 'high school'] },
  { phrases: ['wg', 'winterguard', 'winter guard', 'colorguard', 'color guard', 'colour guard'] },
  { phrases: ['percussion', 'drumline', 'drum line', 'drums'] },
  { phrases: ['winds', 'indoor winds'], also: ['indoor'] },
];

const classes = CLASSES.map(({ phrases, also = [] }) => ({
  phrases,
  words: [...new Set([...phrases.flatMap((phrase) => phrase.split(' ')), ...also])],
}));

/** The words of a normalised text, and those of every class a word or phrase of it names. */
export function wordsWithEquivalents(normalized: string): string[] {
  const words = normalized.split(' ').filter(Boolean);
  const padded = ` ${normalized} `;
  const added = classes.filter(({ phrases }) => phrases.some((phrase) => padded.includes(` ${phrase} `)));
  return [...new Set([...words, ...added.flatMap((found) => found.words)])];
}

/** The searchable words of a name and what else describes it (a group's kind: "Color Guard"). */
export const searchWords = (name: string, keywords = '') => wordsWithEquivalents(normalize(`${name} ${keywords}`));

/**
 * The words of the field that name the same thing (decision 076): a name carrying one of them is also found by the
 * others, so "Pearland High School" finds Pearland HS, "winterguard" or "WG" a color guard, "drumline" a
 * percussion group and "indoor" a winds group. Names gain the other words of their class (the query is left as
 * typed), so a word half typed still finds by its start ("winterg", "high sch").
 */
import { normalize } from './normalize';

/**
 * Each class: the words or phrases (normalised) that name it, any of which brings all its words; `words` are what a
 * name of the class gains. "Indoor" finds winds but names nothing: an indoor percussion group is no winds group.
 */
const classes: readonly { phrases: readonly string[]; words: readonly string[] }[] = [
  { phrases: ['hs', 'high school'], words: ['hs', 'high', 'school'] },
  {
    phrases: ['wg', 'winterguard', 'winter guard', 'colorguard', 'color guard', 'colour guard'],
    words: ['wg', 'winterguard', 'winter', 'guard', 'colorguard', 'color', 'colour'],
  },
  // "drum line" typed is "drum" and "line", which fits "drumline" by its inside.
  { phrases: ['percussion', 'drumline', 'drum line', 'drums'], words: ['percussion', 'drumline', 'drum', 'drums'] },
  { phrases: ['winds', 'indoor winds'], words: ['winds', 'indoor'] },
];

/** The words of a normalised text, and those of every class a word or phrase of it names. */
export function wordsWithEquivalents(normalized: string): string[] {
  const words = normalized.split(' ').filter(Boolean);
  const padded = ` ${normalized} `;
  const added = classes.filter(({ phrases }) => phrases.some((phrase) => padded.includes(` ${phrase} `)));
  return [...new Set([...words, ...added.flatMap((found) => found.words)])];
}

/** The searchable words of a name and what else describes it (a group's kind: "Color Guard"). */
export const searchWords = (name: string, keywords = '') => wordsWithEquivalents(normalize(`${name} ${keywords}`));

/**
 * Keys and initials made from printed names, the one rule of each for every side: the recap importer keys the sheets
 * it derives and names the initials of their captions and of the divisions it creates with these, and the app keys
 * the recap it builds from v2's records with the same `slug`.
 */

/**
 * A stable, URL- and id-safe key from a name: "Effect - Music" -> "effect-music", "Music & Visual" ->
 * "music-and-visual". The importer's rule won over the app's (which dropped "&"): its keys are stored, in every
 * imported sheet and score line and in v4's answers, so they cannot change; the app's were rebuilt on every page
 * and only "&" differs ("Music & Visual" and "Music Visual" no longer share a key).
 */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  );
}

/**
 * Initials of a name that prints none: the first letter of each word ("General Effect" -> "GE", "Scholastic A" ->
 * "SA"), a number whole ("Class 2A" -> "C2A"), the first three letters of a lone word ("Music" -> "MUS"), at most ten
 * characters. The importer's caption rule won over the bulk loader's division rule: it reads words between any
 * punctuation (the loader made "(" an initial of "Drumline (Open)") and keeps a lone word readable (the loader gave
 * Music and Movement both "M", and the recap's legend groups captions by their initials); from the loader's rule it
 * keeps numbers whole and the bound. Of the archive's names only the one-word divisions change: Cadet is "CAD",
 * Novice "NOV" (they were "C" and "N").
 */
export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 1 && !/^\d/.test(words[0])) return words[0].slice(0, 3).toUpperCase();
  return words
    .map((word) => (/^\d/.test(word) ? word : word[0]).toUpperCase())
    .join('')
    .slice(0, 10);
}

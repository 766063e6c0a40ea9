/** Text as the search compares it: no accents, lower case, letters and digits only, single spaces between words. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Whether `a` becomes `b` by at most one edit: a letter missing, extra, changed, or two neighbours swapped (the
 * optimal string alignment distance, bounded at 1, so one pass and no table).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const rest = (x: string, from: number) => x.slice(from);
  if (a.length === b.length) {
    if (rest(a, i + 1) === rest(b, i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && rest(a, i + 2) === rest(b, i + 2);
  }
  return a.length < b.length ? rest(a, i) === rest(b, i + 1) : rest(a, i + 1) === rest(b, i);
}

/** Stable keys for sheet parts made from the names the page prints ("Effect - Music" -> "effect-music"). */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  );
}

/** Returns `base`, or `base-2`, `base-3`... so keys stay unique within `taken` (which it updates). */
export function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let suffix = 2; taken.has(key); suffix += 1) key = `${base}-${suffix}`;
  taken.add(key);
  return key;
}

export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.length === 1 ? words[0].slice(0, 3).toUpperCase() : words.map((word) => word[0].toUpperCase()).join('');
}

/** Returns `base`, or `base-2`, `base-3`... so keys stay unique within `taken` (which it updates). */
export function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let suffix = 2; taken.has(key); suffix += 1) key = `${base}-${suffix}`;
  taken.add(key);
  return key;
}

/** A bounded least-recently-used map: a Map keeps insertion order, so a touched key is re-inserted at the end. */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new Error('an LRU cache holds at least one entry');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

import type { GroupAddress } from '../../../config/paths';
import { searchWords } from './equivalents';
import { normalize, withinOneEdit } from './normalize';

/** What the search finds; `href` is where its link goes. */
export interface SearchEntry {
  kind: 'group' | 'event' | 'competition' | 'judge';
  name: string;
  detail: string;
  /** found by these words too, though not shown as its name (a group's kind: "Color Guard") */
  keywords?: string;
  href: string;
  /** a group's identity, for what links elsewhere than its page (a head-to-head) */
  group?: GroupAddress;
}

export interface SearchMatcher {
  /** The best matches first, at most `limit`; empty for a query with no letters or digits. */
  find(query: string, limit: number): SearchEntry[];
}

/** A query's words compared at most (a pasted paragraph is not a name). */
const MAX_WORDS = 8;
const SUBSTRING_MIN_LENGTH = 3;
/** Shorter words must match as typed: one edit in three letters matches nearly everything. */
const FUZZY_MIN_LENGTH = 4;
const KIND_ORDER: Record<SearchEntry['kind'], number> = { group: 0, event: 1, competition: 2, judge: 3 };

/**
 * How well one query word fits one word of a name: 3 the name's word starts with it, 2 contains it (three letters
 * or more), 1 one edit away
 * from the word or from its start (so "kingwo" and "kingwod" both find Kingwood), 0 not at all.
 */
export function wordFit(queryWord: string, word: string): number {
  if (word.startsWith(queryWord)) return 3;
  // One or two letters inside a word fit nearly every name: they find what starts with them, until a third.
  if (queryWord.length < SUBSTRING_MIN_LENGTH) return 0;
  if (word.includes(queryWord)) return 2;
  if (queryWord.length < FUZZY_MIN_LENGTH) return 0;
  for (let length = queryWord.length - 1; length <= Math.min(queryWord.length + 1, word.length); length++) {
    if (withinOneEdit(queryWord, word.slice(0, length))) return 1;
  }
  return 0;
}

/**
 * A matcher over `entries` (kept in their order: the index lists the newest season first). Every distinct word of
 * the names is compared once per query word, not once per entry: an archive holds some thousands of names but far
 * fewer distinct words, and a keystroke must paint within 100 ms on a slow phone (decision 032).
 */
export function createMatcher(entries: readonly SearchEntry[]): SearchMatcher {
  const names = entries.map((entry) => normalize(entry.name));
  // The name's words, its keywords' and the field's equivalents of them (equivalents.ts): built once, so a keystroke
  // compares no more than before, only against a few more distinct words.
  const wordsOf = entries.map((entry) => searchWords(entry.name, entry.keywords));
  const entriesOfWord = new Map<string, number[]>();
  wordsOf.forEach((words, index) => {
    for (const word of words) {
      const list = entriesOfWord.get(word);
      if (list) list.push(index);
      else entriesOfWord.set(word, [index]);
    }
  });
  const fitCache = new Map<string, Map<string, number>>();
  /** Every word of the names this query word fits, with how well; kept, since typing repeats the earlier words. */
  const fitsOf = (queryWord: string) => {
    let fits = fitCache.get(queryWord);
    if (!fits) {
      fits = new Map();
      for (const word of entriesOfWord.keys()) {
        const fit = wordFit(queryWord, word);
        if (fit > 0) fits.set(word, fit);
      }
      if (fitCache.size > 200) fitCache.clear();
      fitCache.set(queryWord, fits);
    }
    return fits;
  };

  return {
    find(query, limit) {
      const normalized = normalize(query.slice(0, 200));
      const queryWords = [...new Set(normalized.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
      if (queryWords.length === 0) return [];
      const scores = new Map<number, number>();
      queryWords.forEach((queryWord, position) => {
        const best = new Map<number, number>();
        for (const [word, fit] of fitsOf(queryWord)) {
          for (const index of entriesOfWord.get(word)!) {
            if (position > 0 && !scores.has(index)) continue;
            if (fit > (best.get(index) ?? 0)) best.set(index, fit);
          }
        }
        // Every query word must fit some word of the name.
        for (const index of position === 0 ? best.keys() : [...scores.keys()]) {
          const fit = best.get(index);
          if (fit === undefined) scores.delete(index);
          else scores.set(index, (scores.get(index) ?? 0) + fit);
        }
      });
      const ranked = [...scores].map(([index, score]) => ({
        index,
        score: score + (names[index] === normalized ? 10 : 0),
      }));
      ranked.sort(
        (a, b) =>
          b.score - a.score ||
          KIND_ORDER[entries[a.index].kind] - KIND_ORDER[entries[b.index].kind] ||
          a.index - b.index,
      );
      return ranked.slice(0, limit).map(({ index }) => entries[index]);
    },
  };
}

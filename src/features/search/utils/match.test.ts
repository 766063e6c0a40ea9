import { describe, expect, it } from 'vitest';
import { createMatcher, wordFit, type SearchEntry } from './match';
import { normalize, withinOneEdit } from './normalize';

const entry = (kind: SearchEntry['kind'], name: string): SearchEntry => ({
  kind,
  name,
  detail: '',
  href: `/${kind}/${name}`,
});
const entries = [
  entry('group', 'Kingwood HS'),
  entry('group', 'Kingwood Park HS'),
  entry('group', 'Woodlands HS'),
  entry('group', 'Éclat Winter Guard'),
  entry('event', 'Kingwood Invitational'),
  entry('competition', 'TCGC Championships · Finals'),
  entry('judge', 'Alice Kingsley'),
  entry('group', 'Bay Area Percussion'),
];
const names = (query: string, limit = 20) =>
  createMatcher(entries)
    .find(query, limit)
    .map((found) => found.name);

describe('one edit', () => {
  it('allows a letter missing, extra, changed, or two neighbours swapped, and no more', () => {
    expect(withinOneEdit('kingwod', 'kingwood')).toBe(true);
    expect(withinOneEdit('kingwoood', 'kingwood')).toBe(true);
    expect(withinOneEdit('kingwoid', 'kingwood')).toBe(true);
    expect(withinOneEdit('kignwood', 'kingwood')).toBe(true);
    expect(withinOneEdit('ingwood', 'kingwood')).toBe(true);
    expect(withinOneEdit('kignwod', 'kingwood')).toBe(false);
    expect(withinOneEdit('kingwd', 'kingwood')).toBe(false);
    expect(withinOneEdit('abcd', 'badc')).toBe(false);
  });

  it('compares text without accents, case or punctuation', () => {
    expect(normalize('  Éclat — Winter-Guard ')).toBe('eclat winter guard');
  });

  it('fits a query word to the start of a word, inside it, or one edit from it or its start', () => {
    expect(wordFit('king', 'kingwood')).toBe(3);
    expect(wordFit('wood', 'kingwood')).toBe(2);
    expect(wordFit('kingwod', 'kingwood')).toBe(1);
    expect(wordFit('kignw', 'kingwood')).toBe(1);
    expect(wordFit('kgw', 'kingwood')).toBe(0);
    // three letters must match as typed
    expect(wordFit('kig', 'kingwood')).toBe(0);
  });
});

describe('the matcher', () => {
  it('finds a name by part of it, best fits first, groups before events', () => {
    expect(names('kingwood')).toEqual(['Kingwood HS', 'Kingwood Park HS', 'Kingwood Invitational']);
    expect(names('wood')[0]).toBe('Woodlands HS');
    expect(names('wood')).toContain('Kingwood HS');
    expect(names('finals')).toEqual(['TCGC Championships · Finals']);
  });

  it('finds a name with one letter missing, extra or swapped', () => {
    for (const query of ['kingwod', 'kingwoood', 'kignwood']) expect(names(query), query).toContain('Kingwood HS');
    expect(names('percusion')).toEqual(['Bay Area Percussion']);
  });

  it('needs every word of the query, and puts an exact name first', () => {
    expect(names('kingwood park')).toEqual(['Kingwood Park HS']);
    expect(names('kingwood hs')[0]).toBe('Kingwood HS');
    expect(names('kingwood zzzz')).toEqual([]);
  });

  it('finds accented names unaccented, and nothing for a query without letters', () => {
    expect(names('eclat')).toEqual(['Éclat Winter Guard']);
    expect(names(' —  ')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(names('hs', 2)).toHaveLength(2);
  });
});

describe('short queries', () => {
  it('find what starts with one or two letters, and what contains three', () => {
    expect(names('wo')).toEqual(['Woodlands HS']);
    expect(names('woo')).toContain('Kingwood HS');
  });
});

describe("the field's equivalent words (equivalents.ts)", () => {
  const group = (name: string, kind: string): SearchEntry => ({ ...entry('group', name), keywords: kind });
  const field = [
    group('Pearland HS', 'Color Guard'),
    group('Pearland HS', 'Percussion'),
    group('Clear Brook High School', 'Winds'),
    group('Spring Indoor Percussion', 'Percussion'),
    entry('group', 'Éclat Winter Guard'),
    entry('event', 'Pearland Invitational'),
  ];
  const found = (query: string) =>
    createMatcher(field)
      .find(query, 20)
      .map((match) => `${match.name}${match.keywords ? ` (${match.keywords})` : ''}`);

  it('finds HS by High School and High School by HS, whole or half typed', () => {
    expect(found('Pearland High School')).toEqual(['Pearland HS (Color Guard)', 'Pearland HS (Percussion)']);
    expect(found('pearland high sch')).toEqual(['Pearland HS (Color Guard)', 'Pearland HS (Percussion)']);
    expect(found('clear brook hs')).toEqual(['Clear Brook High School (Winds)']);
  });

  it('finds a guard by winterguard, winter guard, WG or color guard, by its kind or its name', () => {
    for (const query of ['winterguard', 'WG', 'winter guard', 'color guard', 'colorguard'])
      expect(found(query), query).toEqual(['Pearland HS (Color Guard)', 'Éclat Winter Guard']);
    expect(found('pearland wg')).toEqual(['Pearland HS (Color Guard)']);
  });

  it('finds percussion by drumline, and winds by indoor, but an indoor percussion group is not winds', () => {
    expect(found('drumline')).toEqual(['Pearland HS (Percussion)', 'Spring Indoor Percussion (Percussion)']);
    expect(found('pearland drumline')).toEqual(['Pearland HS (Percussion)']);
    expect(found('indoor')).toContain('Clear Brook High School (Winds)');
    expect(found('winds')).toEqual(['Clear Brook High School (Winds)']);
  });
});

import { describe, expect, it } from 'vitest';
import { pageOf, withPage } from './paging';

const items = Array.from({ length: 53 }, (_, i) => i + 1);

describe('pageOf', () => {
  it('shows one page of the list, counted from 1', () => {
    expect(pageOf(items, null, 24)).toEqual({ items: items.slice(0, 24), number: 1, count: 3, start: 0 });
    expect(pageOf(items, '2', 24)).toMatchObject({ number: 2, start: 24, items: items.slice(24, 48) });
    expect(pageOf(items, '3', 24).items).toEqual([49, 50, 51, 52, 53]);
  });

  it('shows the nearest page for a page that is not there or not a number', () => {
    expect(pageOf(items, '9', 24).number).toBe(3);
    expect(pageOf(items, '0', 24).number).toBe(1);
    for (const bad of ['-1', 'x', '1.5', '', '99999999999']) expect(pageOf(items, bad, 24).number, bad).toBe(1);
  });

  it('has one empty page for an empty list', () => {
    expect(pageOf([], '4', 24)).toEqual({ items: [], number: 1, count: 1, start: 0 });
  });
});

describe('withPage', () => {
  it('sets the page and keeps the rest of the query; the first page has no number', () => {
    const query = new URLSearchParams('type=2&page=3');
    expect(withPage(query, 4)).toBe('?type=2&page=4');
    expect(withPage(query, 1)).toBe('?type=2');
    expect(withPage(new URLSearchParams('page=2'), 1)).toBe('');
    expect(query.get('page')).toBe('3');
  });
});

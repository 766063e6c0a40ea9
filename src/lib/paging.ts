/**
 * A long list shown a page at a time, the page number in the URL (`?page=`, from 1): an archive's season holds some
 * 700 competitions and a division 160 groups, more than a phone should render at once. A missing, malformed or too
 * large page number shows the nearest page there is.
 */
export interface Page<T> {
  items: T[];
  /** from 1 */
  number: number;
  /** pages in all (at least 1) */
  count: number;
  /** the index of the page's first item in the whole list */
  start: number;
}

export function pageOf<T>(items: readonly T[], requested: string | null, size: number): Page<T> {
  const count = Math.max(1, Math.ceil(items.length / size));
  const asked = requested !== null && /^\d{1,6}$/.test(requested) ? Number(requested) : 1;
  const number = Math.min(Math.max(asked, 1), count);
  const start = (number - 1) * size;
  return { items: items.slice(start, start + size), number, count, start };
}

/** The query string with page `number` (the first page is the address without one), everything else kept. */
export function withPage(searchParams: URLSearchParams, number: number): string {
  const next = new URLSearchParams(searchParams);
  if (number <= 1) next.delete('page');
  else next.set('page', String(number));
  const text = next.toString();
  return text ? `?${text}` : '';
}

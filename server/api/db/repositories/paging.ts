import type { PgSelect } from 'drizzle-orm/pg-core';

/** A list's rows from `offset` on: `limit` of them when asked, else every one (lists come whole by default). */
export function paged<T extends PgSelect>(query: T, page: { limit?: number; offset: number }): T {
  return page.limit === undefined ? query.offset(page.offset) : query.limit(page.limit).offset(page.offset);
}

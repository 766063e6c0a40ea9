import { queryOptions } from '@tanstack/react-query';
import { getView } from '../../../lib/api/fans';
import type { SearchIndex } from '../../../lib/api-models';
import { createMatcher, type SearchMatcher } from '../utils/match';
import { searchEntries } from '../utils/search-entries';
import { searchKeys } from './keys';

/** Names change a few times a season: the index is read once per visit and kept, revalidated after five minutes. */
const INDEX_STALE_MS = 5 * 60_000;

/** Every season's groups, events, competitions and judges, read once when the search is first used; matched here. */
export const searchIndexQueryOptions = () =>
  queryOptions({
    queryKey: searchKeys.index(),
    queryFn: async ({ signal }) => {
      const { body } = await getView('/search-index', { signal });
      // Built as the index arrives, so the first keystroke does not pay for it.
      matcherFor(body);
      return body;
    },
    staleTime: INDEX_STALE_MS,
  });

const matchers = new WeakMap<SearchIndex, SearchMatcher>();

/** The matcher of one index, built once however many components search it (the query data stays plain JSON). */
export function matcherFor(index: SearchIndex): SearchMatcher {
  let matcher = matchers.get(index);
  if (!matcher) {
    matcher = createMatcher(searchEntries(index));
    matchers.set(index, matcher);
  }
  return matcher;
}

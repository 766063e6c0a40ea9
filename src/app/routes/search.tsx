import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { matcherFor, searchIndexQueryOptions } from '../../features/search/api/get-search-index';
import type { SearchEntry } from '../../features/search/utils/match';

/** The most a results page lists: past that, more letters narrow it better than scrolling. */
const MAX_RESULTS = 100;
const SECTIONS: { kind: SearchEntry['kind']; title: string }[] = [
  { kind: 'group', title: 'Groups' },
  { kind: 'event', title: 'Events' },
  { kind: 'competition', title: 'Competitions' },
  { kind: 'judge', title: 'Judges' },
];

/** `/search?q=`: every match of the query, by kind, each a link named with its name; the address reloads it. */
export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim().slice(0, 200);
  const index = useQuery(searchIndexQueryOptions());
  const results = index.data && query !== '' ? matcherFor(index.data).find(query, MAX_RESULTS) : [];
  return (
    <>
      <title>{`${query ? `“${query}”` : 'Search'} · Marching Results`}</title>
      <h1 className="heading-1">{query ? `Search results for “${query}”` : 'Search'}</h1>
      {query === '' ? (
        <p className="mt-2">Type a group, event, competition or judge in the search field above.</p>
      ) : index.isPending ? (
        <p className="mt-2" role="status">
          Searching every season…
        </p>
      ) : index.isError ? (
        <p className="mt-2" role="alert">
          The search is not available just now. Try again in a moment.
        </p>
      ) : results.length === 0 ? (
        <EmptyState title={`Nothing found for “${query}”`}>Check the spelling, or try part of the name.</EmptyState>
      ) : (
        <>
          <p className="mt-2 text-sm" role="status">
            {results.length === MAX_RESULTS
              ? `The first ${MAX_RESULTS} matches`
              : `${results.length} ${results.length === 1 ? 'match' : 'matches'}`}
          </p>
          {SECTIONS.map(({ kind, title }) => {
            const found = results.filter((entry) => entry.kind === kind);
            if (found.length === 0) return null;
            return (
              <section key={kind} aria-labelledby={`results-${kind}`}>
                <h2 id={`results-${kind}`} className="heading-2">
                  {title}
                </h2>
                <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                  {found.map((entry, position) => (
                    <li key={`${entry.href}\u0000${position}`} className="py-2">
                      <Link className="link font-medium" to={entry.href}>
                        {entry.name}
                      </Link>
                      <span className="block text-sm text-slate-700 dark:text-slate-300">{entry.detail}</span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      )}
    </>
  );
}

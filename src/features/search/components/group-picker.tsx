import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { sameGroup, type GroupAddress } from '../../../config/paths';
import { matcherFor, searchIndexQueryOptions } from '../api/get-search-index';

/** Groups listed at most: more letters narrow it better than scrolling. */
const SHOWN = 10;
/** Matches asked of the search (every kind) to find SHOWN groups among them: groups rank first on a tie. */
const ASKED = 60;

export interface GroupPickerProps {
  label: string;
  /** groups not offered (those already chosen) */
  exclude: readonly GroupAddress[];
  hrefFor: (group: GroupAddress) => string;
}

/**
 * Find a group by name, as the banner's search does (part of a name, one letter off), and follow a link made for it.
 * A field and a list of links, not a combobox: each result is a plain link, reached with Tab, and the count is
 * announced as it changes. The search index is read when this is shown (it is loaded on use).
 */
export default function GroupPicker({ label, exclude, hrefFor }: GroupPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const index = useQuery(searchIndexQueryOptions());
  const words = query.trim();
  const found =
    index.data && words !== ''
      ? matcherFor(index.data)
          .find(words, ASKED)
          .flatMap((entry) =>
            entry.group && !exclude.some((chosen) => sameGroup(chosen, entry.group!))
              ? [{ ...entry, group: entry.group }]
              : [],
          )
          .slice(0, SHOWN)
      : [];
  const status =
    words === ''
      ? ''
      : index.isPending
        ? 'Loading the groups of every season…'
        : index.isError
          ? 'The search is not available just now. Try again in a moment.'
          : found.length === 0
            ? `No group found for “${words}”`
            : `${found.length === SHOWN ? 'The first ' : ''}${found.length} ${found.length === 1 ? 'group' : 'groups'}`;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        spellCheck={false}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- shown because the reader opened it to type a name: focus goes where they asked
        autoFocus
        placeholder="Part of a name"
        value={query}
        onChange={(event) => setQuery(event.target.value.slice(0, 200))}
        className="mt-1 w-full max-w-sm rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
      />
      <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {status}
      </p>
      {found.length > 0 ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {found.map((entry, position) => (
            <li key={`${entry.href}\u0000${position}`} className="py-2">
              <Link className="link font-medium" to={hrefFor(entry.group)}>
                {entry.name}
              </Link>
              <span className="block text-sm text-slate-700 dark:text-slate-300">{entry.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { matcherFor, searchIndexQueryOptions } from '../api/get-search-index';
import { SEARCH_LABEL, SEARCH_PLACEHOLDER } from '../label';
import type { SearchEntry } from '../utils/match';

/** Suggestions the banner lists as you type; the results page lists them all. */
const SUGGESTIONS = 8;

export interface SearchBoxProps {
  initialQuery: string;
  autoFocus: boolean;
}

/**
 * The banner's search: a combobox with a listbox popup (WAI-ARIA APG "list autocomplete"): suggestions as you type,
 * Down/Up move through them (focus stays in the field; aria-activedescendant names the option), Enter opens the
 * option or, with none chosen, the results page, Escape closes the list and then clears the field.
 */
export function SearchBox({ initialQuery, autoFocus }: SearchBoxProps) {
  const id = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(initialQuery.trim() !== '');
  const [active, setActive] = useState(-1);
  const index = useQuery(searchIndexQueryOptions());
  const results = useMemo(
    () => (index.data && query.trim() !== '' ? matcherFor(index.data).find(query, SUGGESTIONS) : []),
    [index.data, query],
  );
  const options: SearchEntry[] =
    query.trim() === ''
      ? []
      : [
          ...results,
          {
            kind: 'group',
            name: `All results for “${query.trim()}”`,
            detail: '',
            href: paths.search.href(query.trim()),
          },
        ];
  const expanded = open && options.length > 0 && index.isSuccess;
  const optionId = (position: number) => `${id}-option-${position}`;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    // The query stays for its results page, which lists it; a chosen group, event or judge is the answer, and the
    // banner's field (it stays as the page changes) would otherwise still hold the words typed to find it.
    if (href !== paths.search.href(query.trim())) setQuery('');
    void navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      // Past either end the choice goes back to the field (-1), as the pattern's example does.
      const next = active + (event.key === 'ArrowDown' ? 1 : -1);
      setActive(next >= options.length ? -1 : next < -1 ? options.length - 1 : next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0 && active < options.length) go(options[active].href);
      else if (query.trim() !== '') go(paths.search.href(query.trim()));
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setQuery('');
      setActive(-1);
    }
  };

  const status =
    query.trim() === ''
      ? ''
      : index.isPending
        ? 'Loading the search…'
        : index.isError
          ? 'The search is not available just now.'
          : `${results.length === SUGGESTIONS ? 'At least ' : ''}${results.length} suggestions`;
  return (
    <div className="relative">
      <input
        type="text"
        role="combobox"
        aria-label={SEARCH_LABEL}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        spellCheck={false}
        // The field replaces the stand-in the visitor already focused (src/app/search-launcher.tsx): focus stays put.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- it moves nowhere, it stays where the visitor put it
        autoFocus={autoFocus}
        className="search-field"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <ul
        id={`${id}-listbox`}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute right-0 left-0 z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-slate-900 shadow-lg sm:left-auto sm:w-96 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {expanded
          ? options.map((option, position) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's (aria-activedescendant): focus never leaves the field
              <li
                key={`${option.href}\u0000${position}`}
                id={optionId(position)}
                role="option"
                aria-selected={position === active}
                // A press on an option must not blur the field (which closes the list) before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option.href)}
                className={`cursor-pointer px-3 py-1.5 ${position === active ? 'bg-blue-100 dark:bg-slate-700' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              >
                <span className="block font-medium">{option.name}</span>
                {option.detail ? (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">{option.detail}</span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
      <span role="status" className="sr-only">
        {status}
      </span>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import type { SearchBoxProps } from '../features/search/components/search-box';
import { SEARCH_LABEL, SEARCH_PLACEHOLDER } from '../features/search/label';

/**
 * The banner's search field as every page first paints it: a plain field of the same look and name, so the search's
 * code (matching, the listbox, the index) loads on use and not with the first page (the initial JS budget). Focus
 * loads the search; the field that replaces this one keeps what was typed and the focus. It is a GET form to the
 * results page, so Enter before the search's code has arrived (or before the page is hydrated) still searches.
 */
export function SearchLauncher() {
  const [box, setBox] = useState<{ Box: ComponentType<SearchBoxProps> }>();
  const [query, setQuery] = useState('');
  const focused = useRef(false);
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const load = useCallback(() => {
    focused.current = true;
    void import('../features/search/components/search-box').then((module) => setBox({ Box: module.SearchBox }));
  }, []);
  useEffect(() => {
    // Focused before the page was hydrated (a quick Tab on a slow phone): its focus event came before React
    // listened, so nothing would load the search. Load it now, keeping what was typed meanwhile.
    const input = field.current;
    if (input && document.activeElement === input) {
      setQuery(input.value);
      load();
    }
  }, [load]);
  return (
    // Not a second search landmark: the season page's own search is the page's (its tests and its readers find one).
    <form
      action={paths.search.path}
      method="get"
      className="order-last w-full sm:order-none sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        if (query.trim() !== '') void navigate(paths.search.href(query.trim()));
      }}
    >
      {box ? (
        <box.Box initialQuery={query} autoFocus={focused.current} />
      ) : (
        <input
          ref={field}
          // eslint-disable-next-line jsx-a11y/role-has-required-aria-props -- collapsed, the stand-in has no popup to control yet: ARIA 1.2 (and axe) ask aria-controls only of an expanded combobox
          role="combobox"
          aria-label={SEARCH_LABEL}
          aria-expanded="false"
          placeholder={SEARCH_PLACEHOLDER}
          className="search-field"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={load}
          onBlur={() => (focused.current = false)}
        />
      )}
    </form>
  );
}

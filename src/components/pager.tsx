import { Link, useNavigate, useSearchParams } from 'react-router';
import { withPage } from '../lib/paging';

interface PagerProps {
  /** names the navigation landmark, e.g. "Pages of competitions" */
  label: string;
  number: number;
  count: number;
  /** what page `n` holds, for the page picker ("Feb 7 – Feb 14", "Ranks 51–100") */
  describe: (page: number) => string;
}

/**
 * Previous, a picker of every page by what it holds, and next; each page is a URL (`?page=`), the rest of the
 * query kept. Nothing at all for a list of one page.
 */
export function Pager({ label, number, count, describe }: PagerProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  if (count <= 1) return null;
  const to = (page: number) => ({ search: withPage(searchParams, page) });
  return (
    <nav aria-label={label} className="my-4 flex flex-wrap items-center gap-2 text-sm">
      {number > 1 ? (
        <Link className="button" to={to(number - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      <label className="flex min-w-0 max-w-full items-center gap-2">
        <span className="font-medium">Page</span>
        <select
          className="max-w-full rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={number}
          onChange={(event) => {
            void navigate(to(Number(event.target.value)));
          }}
        >
          {Array.from({ length: count }, (_, i) => i + 1).map((page) => (
            <option key={page} value={page}>
              {page} of {count}: {describe(page)}
            </option>
          ))}
        </select>
      </label>
      {number < count ? (
        <Link className="button" to={to(number + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

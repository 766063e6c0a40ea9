import { Link, useSearchParams } from 'react-router';
import type { RecapView } from '../../../config/paths';
import { useTap } from '../../../lib/use-tap';

const views: { view: RecapView; label: string }[] = [
  { view: 'summary', label: 'Summary' },
  { view: 'categories', label: 'Categories' },
  { view: 'full', label: 'Full breakdown' },
];

/**
 * Links to the views the competition has released: the view is part of the shareable URL, and a link opens in a
 * new tab like any other. A plain click goes to `onChoose` (RecapViews) instead of the router's own navigation, and
 * so does a finger's tap, at its lift (useTap): the browser then makes no click of it.
 */
export function RecapViewSwitch({
  current,
  views: released,
  onChoose,
}: {
  current: RecapView;
  views: RecapView[];
  onChoose: (view: RecapView, href: string) => void;
}) {
  const [searchParams] = useSearchParams();
  const tap = useTap();
  const hrefFor = (view: RecapView) => {
    const next = new URLSearchParams(searchParams);
    if (view === 'summary') next.delete('view');
    else next.set('view', view);
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  const choose = (view: RecapView) => {
    if (view !== current) onChoose(view, hrefFor(view));
  };
  return (
    <nav aria-label="Recap view" className="my-3 print:hidden">
      <ul className="inline-flex overflow-hidden rounded-md border border-slate-400 dark:border-slate-500">
        {views
          .filter(({ view }) => released.includes(view))
          .map(({ view, label }) => (
            <li key={view}>
              <Link
                to={hrefFor(view)}
                replace
                preventScrollReset
                onClick={(event) => {
                  // What the router's <Link> leaves to the browser (a new tab or window, a download), this leaves too.
                  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
                  // The router's own navigation is skipped for a prevented click.
                  event.preventDefault();
                  choose(view);
                }}
                {...tap(() => choose(view))}
                aria-current={view === current ? 'page' : undefined}
                className={`block px-3 py-1.5 text-sm font-medium ${view === current ? 'bg-blue-900 text-white dark:bg-sky-300 dark:text-slate-950' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              >
                {label}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

import { useSearchParams } from 'react-router';
import type { CalendarEntry } from '../../../lib/api-models';

/**
 * Search, event type and practice filters, kept in the URL (`?q=clear+lake&type=2&practice=hide`). A change of
 * filter starts again at the first page of what it shows.
 */
export function CalendarFilters({ entries }: { entries: CalendarEntry[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const types = [
    ...new Map(
      entries.flatMap(({ event }) =>
        event.eventTypeId === null || event.eventType === null ? [] : [[event.eventTypeId, event.eventType] as const],
      ),
    ).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const update = (name: string, value: string | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <form
      role="search"
      className="my-4 flex flex-wrap items-end gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const q = new FormData(event.currentTarget).get('q');
        update('q', typeof q === 'string' ? q.trim() : '');
      }}
    >
      <div className="flex items-end gap-2">
        <label className="flex flex-col text-sm">
          <span className="font-medium">Search</span>
          {/* Keyed by the URL's words: going back to another search shows its words. */}
          <input
            key={searchParams.get('q') ?? ''}
            type="search"
            name="q"
            className="mt-1 w-52 rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
            placeholder="Event, place or class"
            maxLength={100}
            defaultValue={searchParams.get('q') ?? ''}
          />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </div>
      <label className="flex flex-col text-sm">
        <span className="font-medium">Event type</span>
        <select
          className="mt-1 rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={searchParams.get('type') ?? ''}
          onChange={(event) => update('type', event.target.value)}
        >
          <option value="">All types</option>
          {types.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={searchParams.get('practice') === 'hide'}
          onChange={(event) => update('practice', event.target.checked ? 'hide' : null)}
        />
        Hide practice events
      </label>
    </form>
  );
}

import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { defaultDirection, parseDirection, type SortDirection } from '../utils/recap-model';

/**
 * The recap's sort column and direction, read from and written to the URL (`?sort=cat:ge&dir=desc`). The setters
 * read the current URL when called and keep their identity: the router's setSearchParams changes with every URL
 * change, and setters that followed it would render every recap section again on each view switch or sort.
 */
export function useRecapSort(): { columnId?: string; direction?: SortDirection; sortBy: (columnId: string) => void; setSort: (columnId: string, direction: SortDirection) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const columnId = searchParams.get('sort') ?? undefined;
  const direction = parseDirection(searchParams.get('dir'));
  const latestSetSearchParams = useRef(setSearchParams);
  useLayoutEffect(() => {
    latestSetSearchParams.current = setSearchParams;
  });
  const update = useCallback(
    (next: (current: { columnId: string; direction: SortDirection }) => { columnId: string; direction: SortDirection }) =>
      latestSetSearchParams.current(
        (previous) => {
          const currentColumn = previous.get('sort') ?? 'rank';
          const chosen = next({ columnId: currentColumn, direction: parseDirection(previous.get('dir')) ?? defaultDirection(currentColumn) });
          const params = new URLSearchParams(previous);
          if (chosen.columnId === 'rank' && chosen.direction === 'asc') {
            params.delete('sort');
            params.delete('dir');
          } else {
            params.set('sort', chosen.columnId);
            params.set('dir', chosen.direction);
          }
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [],
  );
  const setSort = useCallback((nextColumn: string, nextDirection: SortDirection) => update(() => ({ columnId: nextColumn, direction: nextDirection })), [update]);
  const sortBy = useCallback(
    (nextColumn: string) =>
      update((current) => ({
        columnId: nextColumn,
        direction: nextColumn === current.columnId ? (current.direction === 'asc' ? 'desc' : 'asc') : defaultDirection(nextColumn),
      })),
    [update],
  );
  return { columnId, direction, sortBy, setSort };
}

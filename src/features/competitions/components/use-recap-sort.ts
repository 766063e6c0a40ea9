import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { defaultDirection, parseDirection, type SortDirection } from '../utils/recap-model';

/** The recap's sort column and direction, read from and written to the URL (`?sort=cat:ge&dir=desc`). */
export function useRecapSort(): {
  columnId?: string;
  direction?: SortDirection;
  sortBy: (columnId: string) => void;
  setSort: (columnId: string, direction: SortDirection) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const columnId = searchParams.get('sort') ?? undefined;
  const direction = parseDirection(searchParams.get('dir'));
  const setSort = useCallback(
    (nextColumn: string, nextDirection: SortDirection) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (nextColumn === 'rank' && nextDirection === 'asc') {
            params.delete('sort');
            params.delete('dir');
          } else {
            params.set('sort', nextColumn);
            params.set('dir', nextDirection);
          }
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  const sortBy = useCallback(
    (nextColumn: string) => {
      const current = columnId ?? 'rank';
      const currentDirection = direction ?? defaultDirection(current);
      setSort(
        nextColumn,
        nextColumn === current ? (currentDirection === 'asc' ? 'desc' : 'asc') : defaultDirection(nextColumn),
      );
    },
    [columnId, direction, setSort],
  );
  return { columnId, direction, sortBy, setSort };
}

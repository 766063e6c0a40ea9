import { useSearchParams } from 'react-router';
import { defaultDirection, parseDirection, type SortDirection } from '../utils/recap-model';

/** The recap's sort column and direction, read from and written to the URL (`?sort=cat:ge&dir=desc`). */
export function useRecapSort(): { columnId?: string; direction?: SortDirection; sortBy: (columnId: string) => void; setSort: (columnId: string, direction: SortDirection) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const columnId = searchParams.get('sort') ?? undefined;
  const direction = parseDirection(searchParams.get('dir'));
  const setSort = (nextColumn: string, nextDirection: SortDirection) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (nextColumn === 'rank' && nextDirection === 'asc') {
          next.delete('sort');
          next.delete('dir');
        } else {
          next.set('sort', nextColumn);
          next.set('dir', nextDirection);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const sortBy = (nextColumn: string) => {
    const current = columnId ?? 'rank';
    const currentDirection = direction ?? defaultDirection(current);
    setSort(nextColumn, nextColumn === current ? (currentDirection === 'asc' ? 'desc' : 'asc') : defaultDirection(nextColumn));
  };
  return { columnId, direction, sortBy, setSort };
}

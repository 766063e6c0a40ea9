import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Season } from '../../../lib/api-models';

/** Newest first, as the BFF lists them (the hosted service gives names only: no dates). */
export function SeasonsTable({ seasons }: { seasons: Season[] }) {
  return (
    <table className="data-table">
      <caption>All seasons, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Season</th>
          <th scope="col">Standings</th>
        </tr>
      </thead>
      <tbody>
        {seasons.map((season) => (
          <tr key={season.id}>
            <th scope="row" className="font-normal">
              <Link className="link font-semibold" to={paths.season.href(season.id)}>
                {season.name}
              </Link>
              {season.current ? (
                <span className="ml-2 rounded bg-emerald-100 px-1.5 text-xs text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                  Current
                </span>
              ) : null}
            </th>
            <td>
              <Link className="link" to={paths.standings.href(season.id)} aria-label={`Standings, ${season.name}`}>
                Standings
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

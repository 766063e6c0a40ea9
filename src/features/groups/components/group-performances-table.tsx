import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { GroupPerformance } from '../../../lib/api-models';
import { formatDate } from '../../../lib/dates';
import { formatRank, formatScore } from '../../../lib/format';

/** Every performance of the group in the season, newest last, with its score and placement. */
export function GroupPerformancesTable({ performances, seasonName }: { performances: GroupPerformance[]; seasonName: string }) {
  const ordered = [...performances].sort((a, b) => a.competition.date.localeCompare(b.competition.date) || a.round.number - b.round.number);
  return (
    <div className="relative overflow-x-auto" role="region" aria-labelledby="performances-caption" tabIndex={0}>
      <table className="data-table">
        <caption id="performances-caption">Performances in {seasonName}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Competition</th>
            <th scope="col">Division and round</th>
            <th scope="col" className="num">Total</th>
            <th scope="col" className="num">Placement</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((p) => (
            <tr key={p.performanceId}>
              <td className="whitespace-nowrap">
                <time dateTime={p.competition.date}>{formatDate(p.competition.date)}</time>
              </td>
              <th scope="row" className="font-normal">
                <Link className="link" to={paths.recap.href(p.competition.id)}>
                  {p.competition.eventName} · {p.competition.name}
                </Link>
              </th>
              <td>
                {p.division.name} · {p.round.name}
              </td>
              <td className="num font-semibold">{!p.performed ? 'Did not perform' : p.total ? formatScore(p.total.score, 'total') : 'Not released'}</td>
              <td className="num whitespace-nowrap">
                {p.performed && p.total ? `${formatRank(p.total.rank)} of ${p.groupsInRound}` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { formatDate } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';

/** Every released performance of the group in the season, oldest first, with its score and placement. */
export function GroupPerformancesTable({ performances, seasonName }: { performances: GroupSeasonPerformance[]; seasonName: string }) {
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
          {performances.map((p, index) => (
            <tr key={`${p.competition.guid}:${p.division.name}:${p.round.number}:${index}`}>
              <td className="whitespace-nowrap">
                <time dateTime={p.competition.date}>{formatDate(p.competition.date)}</time>
              </td>
              <th scope="row" className="font-normal">
                <Link className="link" to={paths.recap.href(p.competition.guid)}>
                  {p.competition.eventName} · {p.competition.name}
                </Link>
              </th>
              <td>
                {p.division.name} · {p.round.name}
              </td>
              <td className="num font-semibold">{!p.performed ? p.noScoreReason || 'Did not perform' : p.total ? formatScore(p.total.score, 'total') : '—'}</td>
              <td className="num whitespace-nowrap">{p.performed && p.total ? `${formatRank(p.total.rank)} of ${p.groupsInRound}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { formatDate, formatShortPlainDate } from '../../../lib/dates';
import { localDayKey } from '../../../lib/day-keys';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { ScrollRegion } from '../../../components/more-columns';

/** "World Class · Finals", or the division alone where the round has no name (the hosted drum corps recaps). */
const divisionAndRound = (p: GroupSeasonPerformance) =>
  [p.division.name, p.round.name.trim()].filter(Boolean).join(' · ');

/**
 * Every released performance of the group in the season, oldest first, with its score and placement. On a phone
 * the date is short (the season names the year) and the division and round go under the show's name, so date,
 * show, total and placement fit the screen's width without scrolling sideways.
 */
export function GroupPerformancesTable({
  performances,
  seasonName,
}: {
  performances: GroupSeasonPerformance[];
  seasonName: string;
}) {
  return (
    <ScrollRegion aria-labelledby="performances-caption">
      <table className="data-table">
        <caption id="performances-caption">Performances in {seasonName}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Competition</th>
            <th scope="col" className="hidden sm:table-cell">
              Division and round
            </th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col" className="num">
              Placement
            </th>
          </tr>
        </thead>
        <tbody>
          {performances.map((p, index) => (
            <tr key={`${p.competition.guid}:${p.division.name}:${p.round.number}:${index}`}>
              <td className="sm:whitespace-nowrap">
                <time dateTime={p.competition.date}>
                  <span className="sm:hidden">{formatShortPlainDate(localDayKey(p.competition.date))}</span>
                  <span className="hidden sm:inline">{formatDate(p.competition.date)}</span>
                </time>
              </td>
              <th scope="row" className="font-normal">
                <Link className="link" to={paths.recap.href(p.competition.guid)}>
                  {p.competition.eventName} · {p.competition.name}
                </Link>
                {p.practice ? (
                  <span className="ml-1 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
                    Practice
                  </span>
                ) : null}
                <span className="block text-xs text-slate-700 sm:hidden dark:text-slate-300">
                  {divisionAndRound(p)}
                </span>
              </th>
              <td className="hidden sm:table-cell">{divisionAndRound(p)}</td>
              <td className="num font-semibold">
                {!p.performed
                  ? p.noScoreReason || 'Did not perform'
                  : p.total
                    ? formatScore(p.total.score, 'total')
                    : '—'}
              </td>
              <td className="num sm:whitespace-nowrap">
                {p.performed && p.total ? `${formatRank(p.total.rank)} of ${p.groupsInRound}` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

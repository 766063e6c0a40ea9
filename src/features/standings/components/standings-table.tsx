import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LocalDate } from '../../../components/local-date-time';
import type { DivisionStandings, StandingsEntry } from '../../../lib/api-models';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { ScrollRegion } from '../../../components/more-columns';

/** A division's standings, or the rows `entries` of them (a page of a long division). */
export function StandingsTable({
  standings,
  entries = standings.entries,
  seasonId,
}: {
  standings: DivisionStandings;
  entries?: StandingsEntry[];
  seasonId: number;
}) {
  // Divisions of different group types may share a name (and initials): the id is the element's own.
  const captionId = useId();
  return (
    <section className="mt-6">
      <ScrollRegion aria-labelledby={captionId}>
        <table className="data-table">
          <caption id={captionId} className="text-lg">
            {standings.division.name}
            {standings.groupType ? <span className="font-normal"> · {standings.groupType.name}</span> : null}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Rank
              </th>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Best
              </th>
              <th scope="col" className="num">
                Latest
              </th>
              <th scope="col" className="hidden sm:table-cell">
                Latest competition
              </th>
              <th scope="col" className="num hidden sm:table-cell">
                Shows
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={`${entry.group.orgGroupIdentifier}|${entry.group.name}`}>
                <td className="num font-semibold">{formatRank(entry.rank)}</td>
                <th scope="row" className="font-normal">
                  <Link className="link" to={paths.group.href(entry.group, seasonId)}>
                    {entry.group.name}
                  </Link>
                  {entry.group.location ? (
                    <span className="block text-xs text-slate-700 dark:text-slate-300">{entry.group.location}</span>
                  ) : null}
                </th>
                <td className="num">{formatScore(entry.bestScore, 'total')}</td>
                <td className="num">{formatScore(entry.latestScore, 'total')}</td>
                <td className="hidden sm:table-cell">
                  <Link className="link" to={paths.recap.href(entry.latestCompetition.guid)}>
                    {entry.latestCompetition.eventName} · {entry.latestCompetition.name}
                  </Link>
                  <span className="block text-xs">
                    <LocalDate iso={entry.latestCompetition.date} />
                  </span>
                </td>
                <td className="num hidden sm:table-cell">{entry.performances}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

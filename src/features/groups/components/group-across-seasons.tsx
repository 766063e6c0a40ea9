import { Link } from 'react-router';
import { paths, type GroupAddress } from '../../../config/paths';
import type { GroupSeasons } from '../../../lib/api-models';
import { formatDate } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import { ScrollRegion } from '../../../components/more-columns';

/**
 * The group season by season, newest first: in each division it competed in, its best and its latest total (the
 * standings rule's numbers, practice left out), each season a link to its page. One season has nothing to set
 * beside it: the table shows from two on.
 */
export function GroupAcrossSeasons({ group, seasons }: { group: GroupAddress; seasons: GroupSeasons['seasons'] }) {
  const rows = seasons.flatMap(({ season, results }) => results.map((result) => ({ season, result })));
  if (new Set(rows.map(({ season }) => season.id)).size < 2) return null;
  return (
    <>
      <h2 className="heading-2">Season by season</h2>
      <ScrollRegion aria-labelledby="across-seasons-caption">
        <table className="data-table">
          <caption id="across-seasons-caption">{`Best and latest total of ${group.name} in each season (practice left out)`}</caption>
          <thead>
            <tr>
              <th scope="col">Season</th>
              <th scope="col">Division</th>
              <th scope="col" className="num">
                Best
              </th>
              <th scope="col" className="num">
                Latest
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ season, result }) => (
              <tr key={`${season.id}:${result.division.name}`}>
                <th scope="row" className="font-normal">
                  <Link className="link" to={paths.group.href(group, season.id)}>
                    {season.name}
                  </Link>
                </th>
                <td>{result.division.name}</td>
                <td className="num">{formatScore(result.best, 'total')}</td>
                <td className="num">
                  {formatScore(result.latest.score, 'total')}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {result.latest.competition.eventName} · {result.latest.competition.name},{' '}
                    <time dateTime={result.latest.competition.date}>{formatDate(result.latest.competition.date)}</time>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

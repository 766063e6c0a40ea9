import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatScore } from '../../../../domain/scores';
import { Notice } from '../../../components/notice';
import { paths, type GroupAddress } from '../../../config/paths';
import type { HeadToHeadSeasons } from '../../../lib/api-models';
import { headToHeadSeasonsQueryOptions } from '../api/get-head-to-head-seasons';
import { ScrollRegion } from '../../../components/more-columns';

type Pair = HeadToHeadSeasons['data'][number]['pairs'][number];

const record = ({ meetings, wins, losses, ties }: Pair) =>
  meetings === 0 ? '—' : `${wins}–${losses}${ties > 0 ? `–${ties}` : ''}`;
const signed = (margin: number | null) =>
  margin === null ? '—' : `${margin > 0 ? '+' : ''}${formatScore(margin, 'total')}`;

/**
 * Each season in which the first group and another performed: the rounds they shared, the first group's record by
 * total and its mean margin, each season a link to its head-to-head. Read after the page paints (it may look through
 * ten seasons on a cold server): the season on screen never waits for it.
 */
export function AcrossSeasons({ groups, seasonId }: { groups: GroupAddress[]; seasonId: number | undefined }) {
  const { data, isPending, isError } = useQuery(headToHeadSeasonsQueryOptions(groups));
  const [first, ...others] = groups.map((group) => group.name);
  return (
    <section aria-labelledby="across-seasons" className="mt-8">
      <h2 id="across-seasons" className="heading-2">
        Across seasons
      </h2>
      {isPending ? (
        <p role="status" className="text-sm">
          Looking through the seasons…
        </p>
      ) : isError ? (
        <Notice tone="warning">The seasons could not be looked through just now. The season above is complete.</Notice>
      ) : data.body.data.length === 0 ? (
        <p className="text-sm">{`In the newest ${data.body.seasonsLookedAt} seasons, ${first} and ${others.join(' or ')} never performed in the same season.`}</p>
      ) : (
        <>
          <p className="mb-2 max-w-prose text-sm">
            {`The seasons in which ${first} and ${others.join(' or ')} performed (the newest ${data.body.seasonsLookedAt} looked through). `}
            {`Record: the rounds they shared that ${first} won–lost by total (then tied). Mean margin: how far ${first} finished ahead (+) or behind (-) on total, on average.`}
          </p>
          <ScrollRegion aria-labelledby="across-seasons-caption">
            <table className="data-table">
              <caption id="across-seasons-caption">{`${first} against ${others.join(', ')}, season by season`}</caption>
              <thead>
                <tr>
                  <th scope="col">Season</th>
                  <th scope="col" className="num">
                    Shared rounds
                  </th>
                  {others.map((name, index) => [
                    <th key={`record-${index}`} scope="col" className="num">
                      Record vs {name}
                    </th>,
                    <th key={`margin-${index}`} scope="col" className="num">
                      Mean margin over {name}
                    </th>,
                  ])}
                </tr>
              </thead>
              <tbody>
                {data.body.data.map(({ season, meetings, pairs }) => (
                  <tr key={season.id}>
                    <th scope="row" className="font-normal">
                      <Link
                        className="link"
                        to={paths.compare.href(groups, season.id)}
                        aria-current={season.id === seasonId ? 'page' : undefined}
                        aria-label={`${season.name}: head-to-head`}
                      >
                        {season.name}
                      </Link>
                    </th>
                    <td className="num">{meetings}</td>
                    {pairs.map((pair, index) => [
                      <td key={`record-${index}`} className="num">
                        {record(pair)}
                      </td>,
                      <td key={`margin-${index}`} className="num">
                        {signed(pair.meanMargin)}
                      </td>,
                    ])}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}

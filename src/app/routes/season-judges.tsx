import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { seasonJudgesQueryOptions } from '../../features/seasons/api/get-season-judges';
import { RouteErrorView } from '../route-error';
import { ScrollRegion } from '../../components/more-columns';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A season's judges, each linking to the judge's season page, with how much they judged. */
export default function SeasonJudgesRoute() {
  const seasonId = Number(useParams().seasonId);
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(seasonJudgesQueryOptions(seasonId));
  const { season, data: judges } = data.body;
  return (
    <>
      <title>{`${season.name} judges · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'Seasons', to: paths.seasons.href() },
          { label: season.name, to: paths.season.href(season.id) },
          { label: 'Judges' },
        ]}
      />
      <h1 className="heading-1">Judges · {season.name}</h1>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      {judges.length === 0 ? (
        <EmptyState title="No judges yet">Judges appear once scores are released this season.</EmptyState>
      ) : (
        <section className="mt-6">
          <ScrollRegion aria-label={`Judges of ${season.name}`}>
            <table className="data-table">
              <caption className="sr-only">{`Judges of ${season.name}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Judge</th>
                  <th scope="col" className="num">
                    Competitions
                  </th>
                  <th scope="col" className="num">
                    Captions
                  </th>
                </tr>
              </thead>
              <tbody>
                {judges.map((judge) => (
                  <tr key={judge.name}>
                    <th scope="row" className="font-normal">
                      <Link
                        className="link"
                        to={paths.judgeSeason.href(judge.name, season.id)}
                        aria-label={`${judge.name}: ${plural(judge.competitions, 'competition')}, ${plural(judge.captions, 'caption')}`}
                      >
                        {judge.name}
                      </Link>
                    </th>
                    <td className="num">{judge.competitions}</td>
                    <td className="num">{judge.captions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}

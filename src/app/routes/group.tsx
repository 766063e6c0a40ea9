import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths, type GroupAddress } from '../../config/paths';
import { groupFromUrl, seasonFromUrl } from './group-season';
import { FollowGroupButton } from '../../features/following/components/follow-group-button';
import { groupSeasonQueryOptions } from '../../features/groups/api/get-group-season';
import { groupSeasonsQueryOptions } from '../../features/groups/api/get-group-seasons';
import { GroupPerformancesTable } from '../../features/groups/components/group-performances-table';
import { NotifyToggle } from '../../features/groups/components/notify-toggle';
import { GroupPickerDisclosure } from '../../features/search/components/group-picker-disclosure';
import { CategoryProgression } from '../../features/groups/components/category-progression';
import { GroupAcrossSeasons } from '../../features/groups/components/group-across-seasons';
import { ScoreTrendChart } from '../../features/groups/components/score-trend-chart';
import { trendPoints } from '../../features/groups/utils/trend';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import type { Season } from '../../lib/api-models';
import { TodaysItinerary } from '../itinerary/todays-itinerary';
import { notFound, RouteErrorView } from '../route-error';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const searchParams = new URL(request.url).searchParams;
    const group = groupFromUrl(params.groupName, searchParams);
    if (group.name === '') throw notFound('Group');
    // A group no season has a performance of is no group: the seasons view answers 404, and so does the page.
    const [seasons, held] = await Promise.all([
      queryClient.ensureQueryData(seasonsQueryOptions()),
      queryClient.ensureQueryData(groupSeasonsQueryOptions(group)),
    ]);
    const season = seasonFromUrl(
      seasons.body.data,
      searchParams,
      held.body.seasons.map((entry) => entry.season),
    );
    if (season) await queryClient.ensureQueryData(groupSeasonQueryOptions(group, season.id));
    return null;
  };

export default function GroupRoute() {
  const [searchParams] = useSearchParams();
  const asked = groupFromUrl(useParams().groupName, searchParams);
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const across = useSuspenseQuery(groupSeasonsQueryOptions(asked)).data.body.seasons;
  const held = across.map((entry) => entry.season);
  const season = seasonFromUrl(seasons.data.body.data, searchParams, held);
  return (
    <>
      <title>{`${asked.name} · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'Seasons', to: paths.seasons.href() },
          ...(season ? [{ label: season.name, to: paths.season.href(season.id) }] : []),
          { label: asked.name },
        ]}
      />
      {season ? <GroupSeason asked={asked} season={season} seasons={held} /> : <EmptyState title="No seasons yet" />}
      <GroupAcrossSeasons group={asked} seasons={across} />
    </>
  );
}

/** `seasons`: those with performances of the group, the only ones offered. */
function GroupSeason({ asked, season, seasons }: { asked: GroupAddress; season: Season; seasons: Season[] }) {
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(groupSeasonQueryOptions(asked, season.id));
  const { group, data: performances } = data.body;
  const includePractice = useSearchParams()[0].get('practice') === 'include';
  const practiceShows = performances.filter((p) => p.practice).length;
  const divisions = [...new Set(performances.map((p) => p.division.name))];
  const about = [group.location, ...divisions, group.groupType?.name].filter(Boolean);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="heading-1">{group.name}</h1>
        <FollowGroupButton group={{ name: group.name, orgGroupIdentifier: group.orgGroupIdentifier }} />
      </div>
      {about.length > 0 ? <p className="mt-1 text-slate-700 dark:text-slate-300">{about.join(' · ')}</p> : null}
      <NotifyToggle group={asked} />
      <TodaysItinerary groupName={group.name} />
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <nav aria-label="Seasons of this group" className="my-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {seasons.map((candidate) => (
            <li key={candidate.id}>
              <Link
                className={`button ${candidate.id === season.id ? 'bg-blue-900 text-white dark:bg-sky-300 dark:text-slate-950' : ''}`}
                aria-current={candidate.id === season.id ? 'page' : undefined}
                to={paths.group.href(asked, candidate.id)}
                preventScrollReset
              >
                {candidate.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <GroupPickerDisclosure
        summary="Head-to-head with another group"
        label="The group to compare with"
        exclude={[group]}
        // The season in view: a head-to-head opened from 2025-26 compares 2025-26, not the newest season they shared.
        hrefFor={(other) => paths.compare.href([group, other], season.id)}
      />
      {performances.length === 0 ? (
        <EmptyState title={`No performances in ${season.name}`}>Released results of this group appear here.</EmptyState>
      ) : (
        <>
          <h2 className="heading-2">Score trend</h2>
          <PracticeToggle asked={asked} season={season} practiceShows={practiceShows} included={includePractice} />
          <ScoreTrendChart points={trendPoints(performances, { includePractice })} groupName={group.name} />
          <h2 className="heading-2">Category progression</h2>
          <CategoryProgression performances={performances} groupName={group.name} includePractice={includePractice} />
          <h2 className="heading-2">Performances</h2>
          <GroupPerformancesTable performances={performances} seasonName={season.name} />
        </>
      )}
    </>
  );
}

/** Says that practice shows are left out of the trend (or counted), and switches that in the URL. */
function PracticeToggle({
  asked,
  season,
  practiceShows,
  included,
}: {
  asked: GroupAddress;
  season: Season;
  practiceShows: number;
  included: boolean;
}) {
  if (practiceShows === 0) return null;
  const shows = practiceShows === 1 ? 'The practice show is' : `${practiceShows} practice shows are`;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {included
        ? `${shows} counted in the trend and best score.`
        : `${shows} left out of the trend and best score, as standings leave them out.`}{' '}
      <Link
        className="link"
        to={paths.group.href(asked, season.id, included ? {} : { practice: 'include' })}
        replace
        preventScrollReset
      >
        {included ? 'Leave practice out' : 'Include practice'}
      </Link>
    </p>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Group" />;
}

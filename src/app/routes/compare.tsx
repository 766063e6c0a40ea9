import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths, type GroupAddress } from '../../config/paths';
import { headToHeadQueryOptions } from '../../features/compare/api/get-head-to-head';
import { AcrossSeasons } from '../../features/compare/components/across-seasons';
import { MarginTrendTable } from '../../features/compare/components/margin-trend-table';
import { MeetingTable } from '../../features/compare/components/meeting-table';
import { GroupPickerDisclosure } from '../../features/search/components/group-picker-disclosure';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import type { Season } from '../../lib/api-models';
import { notFound, RouteErrorView } from '../route-error';

/** The most groups a head-to-head sets side by side (the URL may name two to four). */
const MAX_GROUPS = 4;
/** Seasons looked through, newest first, for one the groups shared when the URL names none: each is a season's build. */
const SEASONS_SEARCHED = 3;

/** The groups of the URL, in order: each `group` with the `id` in the same place (empty when the circuit gives none). */
function groupsFromUrl(searchParams: URLSearchParams): GroupAddress[] {
  const ids = searchParams.getAll('id');
  return searchParams
    .getAll('group')
    .map((name, index) => ({ name: name.trim(), orgGroupIdentifier: (ids[index] ?? '').trim() }));
}

async function chosenSeason(
  queryClient: QueryClient,
  groups: GroupAddress[],
  searchParams: URLSearchParams,
): Promise<Season | undefined> {
  const seasons = (await queryClient.ensureQueryData(seasonsQueryOptions())).body.data;
  const asked = seasons.find((season) => season.id === Number(searchParams.get('season')));
  if (asked) return asked;
  // Without ?season=, the latest season in which they shared a competition (among the newest few), else the newest.
  for (const season of seasons.slice(0, SEASONS_SEARCHED)) {
    if ((await queryClient.ensureQueryData(headToHeadQueryOptions(groups, season.id))).body.data.length > 0)
      return season;
  }
  return seasons[0];
}

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const searchParams = new URL(request.url).searchParams;
    const groups = groupsFromUrl(searchParams);
    if (groups.length < 2 || groups.length > MAX_GROUPS || groups.some((group) => group.name === ''))
      throw notFound('Comparison');
    const season = await chosenSeason(queryClient, groups, searchParams);
    if (season) await queryClient.ensureQueryData(headToHeadQueryOptions(groups, season.id));
    return { seasonId: season?.id ?? null };
  };

export default function CompareRoute() {
  const [searchParams] = useSearchParams();
  const groups = groupsFromUrl(searchParams);
  const seasons = useSuspenseQuery(seasonsQueryOptions()).data.body.data;
  // The loader's choice: the URL's season, else the latest one they shared.
  const { seasonId } = useLoaderData<Awaited<ReturnType<ReturnType<typeof clientLoader>>>>();
  const season = seasons.find((candidate) => candidate.id === seasonId);
  const names = groups.map((group) => group.name);
  const title = names.join(' vs ');
  return (
    <>
      <title>{`${title} · Marching Results`}</title>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: 'Head-to-head' }]} />
      <h1 className="heading-1">{title}</h1>
      {season ? (
        <HeadToHeadSeason groups={groups} season={season} seasons={seasons} />
      ) : (
        <EmptyState title="No seasons yet" />
      )}
      <AcrossSeasons groups={groups} seasonId={season?.id} />
    </>
  );
}

function HeadToHeadSeason({ groups, season, seasons }: { groups: GroupAddress[]; season: Season; seasons: Season[] }) {
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(headToHeadQueryOptions(groups, season.id));
  const meetings = data.body.data;
  const names = groups.map((group) => group.name);
  return (
    <>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Head-to-head · {season.name} · {meetings.length} shared {meetings.length === 1 ? 'round' : 'rounds'}
      </p>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <nav aria-label="Seasons" className="my-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {seasons.map((candidate) => (
            <li key={candidate.id}>
              <Link
                className={`button ${candidate.id === season.id ? 'bg-blue-900 text-white dark:bg-sky-300 dark:text-slate-950' : ''}`}
                aria-current={candidate.id === season.id ? 'page' : undefined}
                to={paths.compare.href(groups, candidate.id)}
                preventScrollReset
              >
                {candidate.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="my-2 text-sm">
        Group pages:{' '}
        {groups.map((group, index) => (
          <span key={index}>
            {index > 0 ? ', ' : ''}
            <Link className="link" to={paths.group.href(group, season.id)}>
              {group.name}
            </Link>
          </span>
        ))}
      </p>
      {groups.length < MAX_GROUPS ? (
        // Keyed by the groups: after one is added (the same route, a new address) it starts closed and empty again.
        <GroupPickerDisclosure
          key={paths.compare.href(groups)}
          summary="Add a group"
          label="The group to add"
          exclude={groups}
          hrefFor={(other) => paths.compare.href([...groups, other], season.id)}
        />
      ) : null}
      {meetings.length === 0 ? (
        <EmptyState title={`No shared rounds in ${season.name}`}>
          These groups did not perform in one division and round of a released recap this season.
        </EmptyState>
      ) : (
        <>
          <h2 className="heading-2">Total margin</h2>
          <MarginTrendTable meetings={meetings} names={names} />
          <h2 className="heading-2">Caption by caption</h2>
          <p className="mb-2 max-w-prose text-sm">
            Each group&apos;s score with its rank in the round; the winner of each caption in bold.
          </p>
          {meetings.map((meeting, index) => (
            <MeetingTable key={index} meeting={meeting} names={names} id={`meeting-${index}`} />
          ))}
        </>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Comparison" />;
}

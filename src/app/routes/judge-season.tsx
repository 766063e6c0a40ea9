import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, redirect, useParams, useRouteError, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { judgeName } from '../../../domain/judges';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { judgeSeasonQueryOptions } from '../../features/judge-season/api/get-judge-season';
import { CaptionStatsTable } from '../../features/judge-season/components/caption-stats-table';
import { GroupTrail } from '../../features/judge-season/components/group-trail';
import { JudgeSheetTable } from '../../features/judge-season/components/judge-sheet-table';
import { LargestDepartures } from '../../features/judge-season/components/largest-departures';
import { SeasonsJudged } from '../../features/judge-season/components/seasons-judged';
import { captionStats } from '../../features/judge-season/utils/judge-stats';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { isApiError } from '../../lib/api/core';
import { formatDate } from '../../lib/dates';
import type { Season } from '../../lib/api-models';
import { pageOf } from '../../lib/paging';
import { notFound, RouteErrorView } from '../route-error';
import { seasonFromUrl } from './group-season';

/** Caption sheets per page: a busy judge scores a hundred sheets a season, more than a phone should lay out at once. */
const SHEETS_PAGE_SIZE = 10;

/** The judge a page is about, as the path names them ("First Last"), written as domain/judges.ts writes names. */
const judgeFromUrl = (name: string | undefined) => judgeName(name ?? '', '');

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const judge = judgeFromUrl(params.judgeName);
    if (judge === '' || judge.length > 200) throw notFound('Judge');
    const seasons = await queryClient.ensureQueryData(seasonsQueryOptions());
    const url = new URL(request.url);
    const season = seasonFromUrl(seasons.body.data, url.searchParams);
    if (!season) return null;
    // The view answers 404 for a name no released recap of the season carries.
    const sheets = (await queryClient.ensureQueryData(judgeSeasonQueryOptions(judge, season.id))).body.data;
    // A link from a recap (`?competition=`) lands on the page that holds that competition's sheets, as a plain page URL.
    const competition = url.searchParams.get('competition');
    if (competition !== null) {
      const first = sheets.findIndex((sheet) => sheet.competition.guid === competition);
      url.searchParams.delete('competition');
      if (first >= SHEETS_PAGE_SIZE) url.searchParams.set('page', String(Math.floor(first / SHEETS_PAGE_SIZE) + 1));
      throw redirect(`${url.pathname}${url.search}${first >= 0 ? `#sheet-${first}` : ''}`);
    }
    return null;
  };

export default function JudgeRoute() {
  const judge = judgeFromUrl(useParams().judgeName);
  const [searchParams] = useSearchParams();
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const season = seasonFromUrl(seasons.data.body.data, searchParams);
  return (
    <>
      <title>{`${judge} · judge · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'Seasons', to: paths.seasons.href() },
          ...(season ? [{ label: season.name, to: paths.season.href(season.id) }] : []),
          { label: judge },
        ]}
      />
      {season ? <JudgeSeason judge={judge} season={season} /> : <EmptyState title="No seasons yet" />}
    </>
  );
}

function JudgeSeason({ judge, season }: { judge: string; season: Season }) {
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(judgeSeasonQueryOptions(judge, season.id));
  const [searchParams, setSearchParams] = useSearchParams();
  const sheets = data.body.data;
  const competitions = new Set(sheets.map((sheet) => sheet.competition.guid)).size;
  const page = pageOf(sheets, searchParams.get('page'), SHEETS_PAGE_SIZE);
  const describe = (number: number) => {
    const shown = sheets.slice((number - 1) * SHEETS_PAGE_SIZE, number * SHEETS_PAGE_SIZE);
    // The same on the server and in the browser (the page is server-rendered): the day in UTC, in English.
    const day = (iso: string) => formatDate(iso, { timeZone: 'UTC', locale: 'en-US' });
    const [first, last] = [day(shown[0].competition.date), day(shown.at(-1)!.competition.date)];
    return first === last ? first : `${first} – ${last}`;
  };
  const chooseGroup = (key: string) => {
    const next = new URLSearchParams(searchParams);
    if (key) next.set('group', key);
    else next.delete('group');
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <>
      <h1 className="heading-1">{data.body.judge.name}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Judge · {season.name} · {sheets.length} caption {sheets.length === 1 ? 'sheet' : 'sheets'} at {competitions}{' '}
        {competitions === 1 ? 'competition' : 'competitions'}
      </p>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <SeasonsJudged judge={judge} seasonId={season.id} />
      <p className="my-2 max-w-prose text-sm text-slate-700 dark:text-slate-300">
        A judge is known by the name the recaps print. Two judges with one name show here as one; one judge whose name
        is spelt two ways shows as two.
        {data.body.judge.similarNames.length > 0 ? (
          <>
            {' '}
            Similar names this season:{' '}
            {data.body.judge.similarNames.map((name, index) => (
              <span key={name}>
                {index > 0 ? ', ' : ''}
                <Link className="link" to={paths.judgeSeason.href(name, season.id)}>
                  {name}
                </Link>
              </span>
            ))}
            .
          </>
        ) : null}
      </p>
      <h2 className="heading-2">Largest departures</h2>
      <p className="mb-2 max-w-prose text-sm">
        Where this judge&apos;s rank parted most from the group&apos;s final rank or their panel&apos;s (the
        caption&apos;s category, every judge of it together), largest first; each links to its sheet below.
      </p>
      <LargestDepartures sheets={sheets} pageSize={SHEETS_PAGE_SIZE} />
      <h2 className="heading-2">By caption</h2>
      <p className="mb-2 max-w-prose text-sm">
        How often this judge&apos;s caption rank was the group&apos;s final rank (and, on a doubled panel, the other
        judge&apos;s rank), how far it was from the final rank, and the spread of the scores given.
      </p>
      <CaptionStatsTable stats={captionStats(sheets)} />
      <h2 className="heading-2">A group&apos;s trail</h2>
      <GroupTrail sheets={sheets} chosen={searchParams.get('group')} onChoose={chooseGroup} />
      <h2 className="heading-2">Every caption sheet</h2>
      <p className="mb-2 max-w-prose text-sm">
        Ranks marked ≠ differ from the group&apos;s final rank in that division and round.
      </p>
      <Pager label="Pages of caption sheets" number={page.number} count={page.count} describe={describe} />
      {page.items.map((sheet, index) => (
        <JudgeSheetTable
          key={page.start + index}
          sheet={sheet}
          seasonId={season.id}
          id={`sheet-${page.start + index}`}
        />
      ))}
    </>
  );
}

export function ErrorBoundary() {
  const judge = judgeFromUrl(useParams().judgeName);
  const error = useRouteError();
  const [searchParams] = useSearchParams();
  const season = Number(searchParams.get('season')) || undefined;
  // Not in this season's recaps: the seasons they did judge are the way on (a judge of last season, not this one).
  const elsewhere = isApiError(error) && error.status === 404 && judge !== '' && judge.length <= 200;
  return (
    <>
      <RouteErrorView resource="Judge" />
      {elsewhere ? <SeasonsJudged judge={judge} seasonId={season} /> : null}
    </>
  );
}

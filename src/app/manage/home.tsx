import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LocalDate } from '../../components/local-date-time';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { currentSetupSeason, setupSeasonsQueryOptions } from '../../features/setup/api/get-seasons';
import { problemText } from '../../lib/signed-in/problems';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { managePaths } from '../../config/manage-paths';

/** The organization's set-up pages, in the order a season is set up. */
const SET_UP_PAGES = [
  { href: managePaths.seasons.href(), label: 'Seasons' },
  { href: managePaths.divisions.href(), label: 'Divisions and score sheets' },
  { href: managePaths.events.href(), label: 'Events' },
  { href: managePaths.users.href(), label: 'Users' },
  { href: managePaths.accessRequests.href(), label: 'Access requests' },
];

/**
 * `/manage`: who is signed in, and the organization's competitions of a season (its current one unless another is
 * picked), latest first, each to its console.
 */
export default function ManageRoute() {
  return (
    <>
      <title>Manage contests · Marching Results</title>
      <h1 className="text-2xl font-bold">Manage contests</h1>
      <SessionGate>
        {(me) => (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {me.organization.name} · signed in as{' '}
              {me.user ? `${me.user.firstName} ${me.user.lastName}`.trim() || me.user.email : me.key.name} (
              {roleLabel(me)})
            </p>
            <nav aria-labelledby="set-up-heading" className="mt-4">
              <h2 id="set-up-heading" className="text-lg font-semibold">
                Set up
              </h2>
              <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {SET_UP_PAGES.map(({ href, label }) => (
                  <li key={label}>
                    <Link to={href} className="text-blue-900 underline dark:text-sky-300">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <CompetitionList />
          </>
        )}
      </SessionGate>
    </>
  );
}

function CompetitionList() {
  const [searchParams, setSearchParams] = useSearchParams();
  // the organization's own list (not the fans' cached one): a season just chosen as current opens at once
  const seasons = useQuery(setupSeasonsQueryOptions());
  const list = seasons.data ?? [];
  const asked = Number(searchParams.get('season'));
  const season = list.find((candidate) => candidate.id === asked) ?? currentSetupSeason(list);
  const calendar = useQuery({ ...seasonCalendarQueryOptions(season?.id ?? 0), enabled: season !== undefined });
  if (seasons.isPending || (season && calendar.isPending)) return <PageSkeleton rows={5} />;
  if (seasons.isError || calendar.isError)
    return (
      <Notice tone="error" role="alert">
        Could not load the competitions: {problemText(seasons.error ?? calendar.error)}
      </Notice>
    );
  if (!season) return <EmptyState title="No seasons yet">Set up a season first.</EmptyState>;
  const competitions = [...(calendar.data?.body.data ?? [])].sort((a, b) =>
    b.competition.date.localeCompare(a.competition.date),
  );
  return (
    <section aria-labelledby="competitions-heading" className="mt-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="competitions-heading" className="text-lg font-semibold">
          Competitions, latest first
        </h2>
        <label className="text-sm">
          Season{' '}
          <select
            value={season.id}
            onChange={(event) => setSearchParams({ season: event.target.value }, { replace: true })}
            className="rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900"
          >
            {list.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {competitions.length === 0 ? (
        <EmptyState title={`No competitions in ${season.name}`} />
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {competitions.map(({ competition, event }) => (
            <li key={competition.guid} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
              <Link
                to={managePaths.competition.href(competition.guid)}
                className="font-medium text-blue-900 underline dark:text-sky-300"
              >
                {event.name}: {competition.name}
              </Link>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                <LocalDate iso={competition.date} />
                {competition.scoresReleased ? ' · released' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

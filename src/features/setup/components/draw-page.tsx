import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailure } from '../../../components/signed-in/load-failure';
import { PageSkeleton } from '../../../components/skeleton';
import { managePaths } from '../../../config/manage-paths';
import type { ApiResult } from '../../../lib/api/core';
import type { CompetitionSummary } from '../../../lib/api-models';
import type { Me } from '../../../lib/signed-in/get-me';
import { competitionRoundsQueryOptions } from '../api/get-competition-rounds';
import { setupDivisionsQueryOptions } from '../api/get-divisions';
import { drawsQueryOptions } from '../api/get-draws';
import { entriesScheduleQueryOptions } from '../api/get-schedule';
import { DrawForm } from './draw-form';
import { DrawsList } from './draws-list';

const linkClass = 'text-blue-900 underline dark:text-sky-300';
const selectClass =
  'rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

/**
 * A competition's draw (issue 40): per division and round (in the query, as the entries page picks them) the rule,
 * its inputs and a seed, previewed and committed; below, every draw made, each with its published record.
 */
export function DrawPage({
  me,
  guid,
  summary,
}: {
  me: Me;
  guid: string;
  summary: UseQueryResult<ApiResult<CompetitionSummary>>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const competitionId = summary.data?.body.competition.id ?? null;
  const seasonId = summary.data?.body.season.id ?? null;
  const enabled = competitionId !== null;
  const schedule = useQuery({ ...entriesScheduleQueryOptions(competitionId ?? 0), enabled });
  const rounds = useQuery({ ...competitionRoundsQueryOptions(competitionId ?? 0), enabled });
  const draws = useQuery({ ...drawsQueryOptions(competitionId ?? 0), enabled });
  const divisions = useQuery(setupDivisionsQueryOptions());
  const entries = useMemo(() => schedule.data?.body.data ?? [], [schedule.data]);

  if (
    summary.isPending ||
    (enabled && (schedule.isPending || rounds.isPending || draws.isPending)) ||
    divisions.isPending
  )
    return <PageSkeleton rows={8} />;
  const failure = summary.error ?? schedule.error ?? rounds.error ?? draws.error ?? divisions.error;
  if (failure) return <LoadFailure failure={failure} what="The draw" organization={me.organization.name} />;
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );

  // The divisions the competition has entries in, in the organization's order.
  const used = new Set(entries.map((entry) => entry.division.id));
  const offered = [...(divisions.data ?? [])]
    .filter((division) => used.has(division.id))
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const roundList = (rounds.data?.body.rounds ?? []).map((round) => ({
    number: round.number,
    name: round.name || `Round ${round.number}`,
  }));
  if (roundList.length === 0) roundList.push({ number: 1, name: 'Round 1' });
  const division = offered.find((candidate) => candidate.id === Number(searchParams.get('division'))) ?? offered[0];
  const round = roundList.find((candidate) => candidate.number === Number(searchParams.get('round'))) ?? roundList[0];
  const choose = (name: 'division' | 'round', value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(name, value);
    setSearchParams(next, { replace: true });
  };
  const made = draws.data?.body.data ?? [];

  const header = (
    <>
      <h1 className="text-2xl font-bold">
        Draw: {body.event.name} · {body.competition.name}
      </h1>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={managePaths.entries.href(guid)} className={linkClass}>
          Entries and running order
        </Link>
        <Link to={managePaths.schedule.href(guid)} className={linkClass}>
          Schedule
        </Link>
        {made.length > 0 ? (
          <a href={made[made.length - 1].pageUrl.replace(/#.*$/, '')} className={linkClass}>
            How this competition&rsquo;s orders were drawn (published)
          </a>
        ) : null}
      </p>
    </>
  );
  if (!division)
    return (
      <>
        {header}
        <EmptyState title="No entries to draw yet">
          Register groups on the{' '}
          <Link to={managePaths.entries.href(guid)} className={linkClass}>
            entries page
          </Link>{' '}
          first: a draw orders a division&rsquo;s entries.
        </EmptyState>
        <DrawsList draws={made} />
      </>
    );
  const inSection = entries
    .filter((entry) => entry.division.id === division.id && entry.round.number === round.number)
    .map((entry) => ({ groupId: entry.group.id, name: entry.group.name }))
    .sort((a, b) => a.groupId - b.groupId);
  const sectionName = `${division.name} ${round.name}`;
  return (
    <>
      {header}
      <div className="mt-4 flex flex-wrap gap-4">
        <label className="text-sm">
          Division{' '}
          <select
            value={division.id}
            onChange={(event) => choose('division', event.target.value)}
            className={selectClass}
          >
            {offered.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Round{' '}
          <select
            value={round.number}
            onChange={(event) => choose('round', event.target.value)}
            className={selectClass}
          >
            {roundList.map((candidate) => (
              <option key={candidate.number} value={candidate.number}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {inSection.length === 0 ? (
        <EmptyState title={`No entries in ${sectionName}`}>
          Register its groups on the{' '}
          <Link to={managePaths.entries.href(guid)} className={linkClass}>
            entries page
          </Link>{' '}
          first.
        </EmptyState>
      ) : (
        <DrawForm
          key={`${sectionName}:${inSection.map((entry) => entry.groupId).join(',')}`}
          competitionId={competitionId}
          section={{ round: round.number, divisionId: division.id, name: sectionName }}
          entries={inSection}
          seasonId={seasonId ?? 0}
        />
      )}
      <DrawsList draws={made} />
    </>
  );
}

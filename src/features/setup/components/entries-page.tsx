import { LoadFailure } from '../../../components/signed-in/load-failure';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LocalDateTime } from '../../../components/local-date-time';
import { PageSkeleton } from '../../../components/skeleton';
import { paths } from '../../../config/paths';
import type { ApiResult } from '../../../lib/api/core';
import type { CompetitionSummary } from '../../../lib/api-models';
import { can, type Me } from '../../../lib/signed-in/get-me';
import { roleLabel } from '../../../components/signed-in/session-gate';
import { entriesScheduleQueryOptions } from '../api/get-schedule';
import { setupDivisionsQueryOptions } from '../api/get-divisions';
import { competitionRoundsQueryOptions } from '../api/get-competition-rounds';
import type { OrderRow } from '../utils/running-order-model';
import { EntriesAdd, type MakeMatcher } from './entries-add';
import { RunningOrderEditor } from './running-order-editor';
import { managePaths } from '../../../config/manage-paths';

const linkClass = 'text-blue-900 underline dark:text-sky-300';
const selectClass =
  'rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

/**
 * A competition's registration and running order & times, one division and round at a time (in the query). The
 * competition's summary (its id, event and date, by its guid) is the fans' view, read by the route.
 */
export function EntriesPage({
  me,
  guid,
  summary,
  makeMatcher,
}: {
  me: Me;
  guid: string;
  summary: UseQueryResult<ApiResult<CompetitionSummary>>;
  makeMatcher: MakeMatcher;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const competitionId = summary.data?.body.competition.id ?? null;
  const enabled = competitionId !== null;
  const schedule = useQuery({ ...entriesScheduleQueryOptions(competitionId ?? 0), enabled });
  const rounds = useQuery({ ...competitionRoundsQueryOptions(competitionId ?? 0), enabled });
  const divisions = useQuery(setupDivisionsQueryOptions());
  const entries = useMemo(() => schedule.data?.body.data ?? [], [schedule.data]);

  if (summary.isPending || (enabled && (schedule.isPending || rounds.isPending)) || divisions.isPending)
    return <PageSkeleton rows={8} />;
  const failure = summary.error ?? schedule.error ?? rounds.error ?? divisions.error;
  if (failure) return <LoadFailure failure={failure} what="The entries" organization={me.organization.name} />;
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );

  const canWrite = can(me, 'set-up');
  const allDivisions = [...(divisions.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  // The competition's group type's divisions, and any other its schedule already holds.
  const used = new Set(entries.map((entry) => entry.division.id));
  const offered = allDivisions.filter(
    (division) => division.groupType.id === body.competition.groupTypeId || used.has(division.id),
  );
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

  const header = (
    <>
      <h1 className="text-2xl font-bold">
        Entries: {body.event.name} · {body.competition.name}
      </h1>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="text-slate-700 dark:text-slate-300">
          <LocalDateTime iso={body.competition.date} /> · {me.organization.name} · {roleLabel(me)}
        </span>
        <Link to={managePaths.competition.href(guid)} className={linkClass}>
          Console
        </Link>
        <Link to={paths.schedule.href(guid)} className={linkClass}>
          Public schedule
        </Link>
        {canWrite ? (
          <Link to={managePaths.draw.href(guid)} className={linkClass}>
            Draw the running order
          </Link>
        ) : null}
      </p>
      {canWrite ? null : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Read only: as {roleLabel(me)} you see the running order; administrators and tabulators change it.
        </p>
      )}
    </>
  );
  if (!division)
    return (
      <>
        {header}
        <EmptyState title="No divisions for this competition’s groups">
          Set up a division of its group type first (Set up: divisions).
        </EmptyState>
      </>
    );
  const inSection = entries.filter((entry) => entry.division.id === division.id && entry.round.number === round.number);
  const saved: OrderRow[] = [...inSection]
    .sort((a, b) => a.order - b.order || (a.time ?? '').localeCompare(b.time ?? ''))
    .map((entry) => ({
      performanceId: entry.performanceId,
      group: entry.group.name,
      time: entry.time,
      order: entry.order,
    }));
  const section = { divisionId: division.id, divisionName: division.name, round: round.number, roundName: round.name };
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
                {candidate.name} ({entries.filter((entry) => entry.division.id === candidate.id).length})
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
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <RunningOrderEditor
          key={sectionName}
          competitionId={competitionId}
          sectionName={sectionName}
          saved={saved}
          defaultStart={body.competition.date}
          canWrite={canWrite}
        />
        {canWrite ? (
          <EntriesAdd
            makeMatcher={makeMatcher}
            competitionId={competitionId}
            section={section}
            divisions={offered}
            registered={new Set(inSection.map((entry) => entry.group.id))}
            nextOrder={Math.max(0, ...saved.map((row) => row.order)) + 1}
          />
        ) : null}
      </div>
    </>
  );
}

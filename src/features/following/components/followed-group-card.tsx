import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths, type GroupAddress } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { groupSummaryQueryOptions } from '../api/get-group-summary';

/**
 * The show and its round ("Spring Classic · Color Guard, Finals"): Latest and Next are often the same show, its
 * prelims scored and its finals ahead, and only the round tells them apart.
 */
const showName = ({
  competition,
  round,
}: {
  competition: { eventName: string; name: string };
  round: { name: string };
}) => [`${competition.eventName} · ${competition.name}`, round.name.trim()].filter(Boolean).join(', ');

/** "2025-26 Season" as the circuit names it, else "2025-26 season": never "Season season". */
const seasonNamed = (name: string) => (/\bseason\b/i.test(name) ? name : `${name} season`);

/** One followed group on home: its latest scored performance and its next scheduled one, each read on its own. */
export function FollowedGroupCard({ group }: { group: GroupAddress }) {
  const { data, isPending, isError } = useQuery(groupSummaryQueryOptions(group));
  const summary = data?.body;
  return (
    <li className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
      <h3 className="font-semibold">
        <Link className="link" to={paths.group.href(group)}>
          {group.name}
        </Link>
      </h3>
      {isPending ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Loading…</p>
      ) : isError || !summary ? (
        <p className="text-sm">Could not load this group’s results just now.</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Latest</dt>
          <dd>
            {summary.latest ? (
              <>
                <span className="font-semibold tabular-nums">{formatScore(summary.latest.total.score, 'total')}</span>
                {summary.latest.total.rank !== null
                  ? `, ${formatRank(summary.latest.total.rank)} of ${summary.latest.groupsInRound}`
                  : ''}
                {' at '}
                <Link className="link" to={paths.recap.href(summary.latest.competition.guid)}>
                  {showName(summary.latest)}
                </Link>{' '}
                (<time dateTime={summary.latest.competition.date}>{formatDate(summary.latest.competition.date)}</time>,{' '}
                {seasonNamed(summary.latest.season.name)})
              </>
            ) : (
              'No scored performance yet'
            )}
          </dd>
          <dt className="font-medium">Next</dt>
          <dd>
            {summary.next ? (
              <>
                <Link className="link" to={paths.schedule.href(summary.next.competition.guid)}>
                  {showName(summary.next)}
                </Link>{' '}
                (
                {summary.next.time ? (
                  <time dateTime={summary.next.time}>{formatDateTime(summary.next.time)}</time>
                ) : (
                  <time dateTime={summary.next.competition.date}>{formatDate(summary.next.competition.date)}</time>
                )}
                ), {summary.next.division.name}
              </>
            ) : summary.scheduleKnown ? (
              'Nothing scheduled yet'
            ) : (
              'See the published schedules of upcoming shows'
            )}
          </dd>
        </dl>
      )}
    </li>
  );
}

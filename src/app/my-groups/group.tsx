import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatScore } from '../../../domain/scores';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { LocalDate } from '../../components/local-date-time';
import { PageSkeleton } from '../../components/skeleton';
import { groupIdOf, myGroupsPaths, type MyGroupsParams } from '../../config/my-groups-paths';
import { paths } from '../../config/paths';
import { groupContestsQueryOptions, type GroupContest } from '../../features/my-groups/api/get-group-contests';
import { GroupRefusal } from '../../features/my-groups/components/group-refusal';
import { groupNameOf } from '../../features/my-groups/utils/group-name';
import { SessionGate } from '../../components/signed-in/session-gate';
import { GROUP_READERS, READ_GROUP } from '../../features/my-groups/utils/group-readers';
import { formatRank } from '../../lib/format';
import { TodaysItinerary } from '../itinerary/todays-itinerary';
import type { Me } from '../../lib/signed-in/get-me';

/** `/my-groups/:groupId`: the group's contests, newest first; a released one opens its whole sheet. */
export default function MyGroupRoute({ groupId: idText }: MyGroupsParams) {
  const groupId = groupIdOf(idText);
  return (
    <SessionGate needs={READ_GROUP} audience={GROUP_READERS}>
      {(me) =>
        groupId === undefined ? (
          <EmptyState title="No such group">This address names no group.</EmptyState>
        ) : (
          <GroupContests me={me} groupId={groupId} />
        )
      }
    </SessionGate>
  );
}

function GroupContests({ me, groupId }: { me: Me; groupId: number }) {
  const name = groupNameOf(me, groupId);
  const administers = me.groups.some((group) => group.id === groupId && group.role === 'group-administrator');
  const contests = useQuery(groupContestsQueryOptions(groupId));
  return (
    <>
      <title>{`${name} · My groups · Marching Results`}</title>
      {/* the group's name once, in the heading: the crumb leads back to the list */}
      <Breadcrumbs items={[{ label: 'My groups', to: myGroupsPaths.groups.href() }]} />
      <h1 className="text-2xl font-bold">{name}</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {me.organization.name} · its contests, newest first: each released one opens its whole sheet and commentary
      </p>
      <p className="mt-2">
        <Link to={myGroupsPaths.critique.href(groupId)} className="text-blue-900 underline dark:text-sky-300">
          Critique<span className="sr-only"> of {name}</span>
        </Link>{' '}
        <span className="text-sm text-slate-700 dark:text-slate-300">
          ({administers ? 'sign up for a slot with the judges' : "the group's slot with the judges"})
        </span>
      </p>
      <p className="mt-2">
        <Link to={myGroupsPaths.registration.href(groupId)} className="text-blue-900 underline dark:text-sky-300">
          Registration<span className="sr-only"> of {name}</span>
        </Link>{' '}
        <span className="text-sm text-slate-700 dark:text-slate-300">
          (contests open for registration, and its state)
        </span>
      </p>
      {administers ? (
        <p className="mt-2">
          <Link to={myGroupsPaths.people.href(groupId)} className="text-blue-900 underline dark:text-sky-300">
            People<span className="sr-only"> of {name}</span>
          </Link>{' '}
          <span className="text-sm text-slate-700 dark:text-slate-300">(who may read the group's sheets)</span>
        </p>
      ) : null}
      <TodaysItinerary groupName={name} offlineCopy={paths.group.href({ name, orgGroupIdentifier: '' })} />
      {contests.isPending ? (
        <PageSkeleton rows={5} />
      ) : contests.isError ? (
        <GroupRefusal failure={contests.error} what="The group's contests" onRetry={() => void contests.refetch()} />
      ) : contests.data.body.data.length === 0 ? (
        <EmptyState title="No contests yet">The group's contests show here once it is entered in one.</EmptyState>
      ) : (
        <ol aria-label={`Contests of ${name}`} className="mt-4 space-y-2">
          {contests.data.body.data.map((contest) => (
            <ContestItem key={contest.performanceId} groupId={groupId} contest={contest} />
          ))}
        </ol>
      )}
    </>
  );
}

function ContestItem({ groupId, contest }: { groupId: number; contest: GroupContest }) {
  const round = contest.round.name || `Round ${contest.round.number}`;
  const title = `${contest.competition.eventName} · ${contest.competition.name}`;
  return (
    <li className="rounded-lg border border-slate-300 px-4 py-3 dark:border-slate-700">
      <p className="font-semibold">
        {contest.released ? (
          <Link
            to={myGroupsPaths.contest.href(groupId, contest.performanceId)}
            className="text-blue-900 underline dark:text-sky-300"
          >
            {title}
          </Link>
        ) : (
          title
        )}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <LocalDate iso={contest.competition.date} /> · {contest.division.name} · {round}
      </p>
      <p className="mt-1 text-sm">
        {!contest.released ? (
          <span className="font-medium">Not released yet</span>
        ) : !contest.performed ? (
          <span>Did not perform{contest.noScoreReason ? `: ${contest.noScoreReason}` : ''}</span>
        ) : contest.total ? (
          <span className="tabular-nums">
            Total {formatScore(contest.total.score, 'total')} · place {formatRank(contest.total.rank)} of{' '}
            {contest.groupsInRound}
          </span>
        ) : null}
      </p>
    </li>
  );
}

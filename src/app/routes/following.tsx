import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { paths, sameGroup, type GroupAddress } from '../../config/paths';
import { readGroupList } from '../../features/following/utils/shared-list';
import { FollowGroupButton } from '../../features/following/components/follow-group-button';
import { ShareMyGroups } from '../../features/following/components/your-groups';
import { useFollowing, writeFollowing } from '../../lib/following-storage';

/**
 * `/following?group=NAME&id=ID&...`: a list of groups shared from another phone, offered to follow one by one or
 * all at once. Without groups in the address, this browser's own list, with the link that shares it.
 */
export default function FollowingRoute() {
  const [searchParams] = useSearchParams();
  const shared = readGroupList(searchParams);
  const own = useFollowing().groups;
  return (
    <>
      <title>{`${shared.length > 0 ? 'Groups shared with you' : 'Your groups'} · Marching Results`}</title>
      {shared.length > 0 ? <SharedGroups groups={shared} followed={own} /> : <OwnGroups groups={own} />}
    </>
  );
}

function SharedGroups({ groups, followed }: { groups: GroupAddress[]; followed: readonly GroupAddress[] }) {
  const missing = groups.filter((group) => !followed.some((other) => sameGroup(other, group)));
  const followAll = () =>
    writeFollowing((current) => ({
      ...current,
      groups: [
        ...current.groups,
        ...groups
          .filter((group) => !current.groups.some((other) => sameGroup(other, group)))
          .map((group) => ({ ...group, notify: false })),
      ],
    }));
  return (
    <>
      <h1 className="heading-1">Groups shared with you</h1>
      <p className="mt-1 max-w-prose">Follow them to see their latest scores first on the home page of this browser.</p>
      <p className="my-4 flex flex-wrap items-center gap-3">
        <button type="button" className="button" onClick={followAll} disabled={missing.length === 0}>
          Follow all
        </button>
        <span role="status" className="text-sm">
          {missing.length === 0 ? `You follow all ${groups.length} of them.` : ''}
        </span>
      </p>
      <GroupList groups={groups} />
    </>
  );
}

function OwnGroups({ groups }: { groups: readonly GroupAddress[] }) {
  return (
    <>
      <h1 className="heading-1">Your groups</h1>
      {groups.length === 0 ? (
        <EmptyState title="You follow no groups yet">
          Open a group&apos;s page and press Follow: its latest score then leads the home page.
        </EmptyState>
      ) : (
        <>
          <p className="mt-1 max-w-prose">Share them with another phone to follow the same groups there.</p>
          <div className="mt-3">
            <ShareMyGroups groups={groups} />
          </div>
          <GroupList groups={groups} />
        </>
      )}
    </>
  );
}

function GroupList({ groups }: { groups: readonly GroupAddress[] }) {
  return (
    <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
      {groups.map((group) => (
        <li
          key={`${group.name}\u0000${group.orgGroupIdentifier}`}
          className="flex flex-wrap items-center justify-between gap-2 py-2"
        >
          <Link className="link" to={paths.group.href(group)}>
            {group.name}
          </Link>
          <FollowGroupButton group={group} />
        </li>
      ))}
    </ul>
  );
}

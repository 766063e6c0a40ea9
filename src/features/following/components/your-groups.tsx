import { Link } from 'react-router';
import { ShareButton } from '../../../components/share-button';
import { paths, type GroupAddress } from '../../../config/paths';
import { useFollowing } from '../../../lib/following-storage';
import { FollowedGroupCard } from './followed-group-card';

/**
 * What leads home for a fan who follows something: each followed group at a glance, the followed divisions'
 * standings, and a link that carries the list to another phone. Nothing followed, nothing shown (the server render
 * and the first client render see nothing followed: the list is this browser's).
 */
export function YourGroups({ seasonId }: { seasonId: number | undefined }) {
  const { groups, divisions } = useFollowing();
  if (groups.length === 0 && divisions.length === 0) return null;
  return (
    <section aria-labelledby="your-groups" className="mb-6">
      <h2 id="your-groups" className="heading-2 mt-0">
        Your groups
      </h2>
      {groups.length > 0 ? (
        <>
          <ul className="grid gap-3 sm:grid-cols-2">
            {groups.map((group) => (
              <FollowedGroupCard key={`${group.name}\u0000${group.orgGroupIdentifier}`} group={group} />
            ))}
          </ul>
          <div className="mt-3">
            <ShareMyGroups groups={groups} />
          </div>
        </>
      ) : (
        <p>Follow a group from its page to see its latest score here.</p>
      )}
      {divisions.length > 0 && seasonId !== undefined ? (
        <>
          <h3 className="mt-4 font-semibold">Your divisions</h3>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm">
            {divisions.map((division) => (
              <li key={division}>
                <Link className="button" to={paths.standings.href(seasonId, division)}>
                  {division} standings
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The followed groups' list as an address another phone opens to follow them too (the following page): offered to
 * the share sheet, or copied, as the banner's Share does.
 */
export function ShareMyGroups({ groups }: { groups: readonly GroupAddress[] }) {
  return (
    <ShareButton
      label="Share my groups"
      path={paths.following.href(groups)}
      title="Groups to follow · Marching Results"
      className="button"
    />
  );
}

import { sameGroup, type GroupAddress } from '../../../config/paths';
import { useFollowing, writeFollowing } from '../../../lib/following-storage';
import { FollowToggle } from './follow-toggle';

export function FollowGroupButton({ group }: { group: GroupAddress }) {
  const following = useFollowing().groups.some((followed) => sameGroup(followed, group));
  const toggle = () =>
    writeFollowing((current) => ({
      ...current,
      groups: following
        ? current.groups.filter((followed) => !sameGroup(followed, group))
        : [...current.groups, { ...group, notify: false }],
    }));
  return <FollowToggle what={group.name} pressed={following} onToggle={toggle} />;
}

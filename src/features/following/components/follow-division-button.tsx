import { useFollowing, writeFollowing } from '../../../lib/following-storage';
import { FollowToggle } from './follow-toggle';

export function FollowDivisionButton({ division }: { division: string }) {
  const following = useFollowing().divisions.includes(division);
  const toggle = () =>
    writeFollowing((current) => ({
      ...current,
      divisions: following ? current.divisions.filter((name) => name !== division) : [...current.divisions, division],
    }));
  return <FollowToggle what={division} pressed={following} onToggle={toggle} />;
}

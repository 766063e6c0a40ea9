import { sameGroup, type GroupAddress } from '../../../config/paths';
import { useFollowing, writeFollowing } from '../../../lib/following-storage';

/**
 * "Notify me" beside a group: the opt-in to be told when its scores are released (the notifier, app/notify, listens
 * while the opt-in is on). Turning it on follows the group too: a fan is told about groups they follow. The
 * browser's permission for system notifications is asked on this tap, the only moment a browser allows asking;
 * without it the app tells on the page.
 */
export function NotifyToggle({ group }: { group: GroupAddress }) {
  const followed = useFollowing().groups.find((candidate) => sameGroup(candidate, group));
  const on = followed?.notify ?? false;
  const toggle = () => {
    writeFollowing((current) => {
      const others = current.groups.filter((candidate) => !sameGroup(candidate, group));
      const entry = { name: group.name, orgGroupIdentifier: group.orgGroupIdentifier, notify: !on };
      return {
        ...current,
        groups: followed
          ? current.groups.map((candidate) => (sameGroup(candidate, group) ? entry : candidate))
          : [...others, entry],
      };
    });
    if (!on && typeof Notification !== 'undefined' && Notification.permission === 'default')
      void Notification.requestPermission().catch(() => undefined);
  };
  return (
    <p className="my-2 flex flex-wrap items-center gap-2 text-sm">
      {/* The name stays "Notify me"; aria-pressed says whether it is on. */}
      <button
        type="button"
        className={`button ${on ? 'bg-blue-900 text-white dark:bg-sky-300 dark:text-slate-950' : ''}`}
        aria-pressed={on}
        onClick={toggle}
      >
        Notify me
      </button>
      <span className="text-slate-700 dark:text-slate-300">
        {on
          ? `You will be told when ${group.name}'s scores are released or its time moves while this site is open.`
          : `Be told when ${group.name}'s scores are released or its time moves.`}
      </span>
    </p>
  );
}

import { lazy, Suspense } from 'react';
import { useFollowing } from '../../lib/following-storage';

const NotifyWatcher = lazy(() => import('./notify-watcher'));

/** Loads the notifier (its code and its streams) only in a browser where a followed group asked to be told. */
export default function NotifyGate() {
  const asked = useFollowing().groups.filter((group) => group.notify);
  if (asked.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NotifyWatcher groups={asked} />
    </Suspense>
  );
}

import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { JudgeDesk } from '../../features/judge-tablet/components/judge-desk';
import { useJudgeDevice } from '../../features/judge-tablet/queue/use-judge-device';
import { RouteErrorView } from '../route-error';
// The service worker keeps this page's code for a reload without a network: registered here too, since a judge may
// open /judge first (it is not a fan's page, whose notices register it).
import '../../lib/offline-copy';

/** A judge's tablet (issue 28): its code, IndexedDB included, loads only here. */
export default function JudgingRoute() {
  const { device, error } = useJudgeDevice();
  if (error) {
    return (
      <Notice tone="error" role="alert">
        This browser does not let the page keep entries on the device ({error.message}). Judging needs it: use another
        browser, or leave private browsing.
      </Notice>
    );
  }
  return device ? <JudgeDesk device={device} /> : <PageSkeleton />;
}

export function ErrorBoundary() {
  return <RouteErrorView />;
}

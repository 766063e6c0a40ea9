import { useEffect, useRef } from 'react';
import { HEARTBEAT_EVERY_MS, sendTabletReport, tabletReport } from './tablet-report';

/**
 * The heartbeat while the page is open, visible and online, once the session is the judge's: the first at once,
 * then every few seconds. A failed one is simply the next one's job (the status page flags a silent tablet).
 */
export function useTabletHeartbeat(active: boolean, entriesWaiting: number, competitionId: number | undefined): void {
  const latest = useRef({ entriesWaiting, competitionId });
  latest.current = { entriesWaiting, competitionId };
  useEffect(() => {
    if (!active) return;
    let sending = false;
    const beat = () => {
      if (sending || document.visibilityState !== 'visible' || navigator.onLine === false) return;
      sending = true;
      void tabletReport(latest.current.entriesWaiting, latest.current.competitionId)
        .then(sendTabletReport)
        .catch(() => undefined)
        .finally(() => {
          sending = false;
        });
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_EVERY_MS);
    addEventListener('online', beat);
    document.addEventListener('visibilitychange', beat);
    return () => {
      clearInterval(timer);
      removeEventListener('online', beat);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [active]);
}

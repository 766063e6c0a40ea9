import { useEffect, useRef, useState } from 'react';

/**
 * A signed-in push from the BFF (the console's, decision 101; a judge's seats', decision 124): Server-Sent Events
 * saying that what a page shows changed, so that it reads it again. `onChange` runs on each `change`, on each
 * (re)connect (`ready`: what changed while no stream was open) and on an `end`. EventSource reconnects on its own
 * after a dropped stream; after a refusal (401, 403, 503...) or an `end` it does not, so this tries again itself, 2 s
 * then twice as long up to 30 s, and at once when the browser says the network is back. `url` null: no stream.
 */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'unsupported';

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

export function useChangeStream(url: string | null, onChange: () => void): StreamState {
  const [state, setState] = useState<StreamState>(() =>
    typeof EventSource === 'undefined' ? 'unsupported' : 'connecting',
  );
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: number | undefined;
    let delay = FIRST_RETRY_MS;
    let stopped = false;
    const refresh = () => changed.current();
    const reopenLater = () => {
      source?.close();
      setState('reconnecting');
      if (stopped || retry !== undefined) return;
      retry = window.setTimeout(() => {
        retry = undefined;
        open();
      }, delay);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    };
    const open = () => {
      if (stopped) return;
      source = new EventSource(url);
      source.addEventListener('ready', () => {
        delay = FIRST_RETRY_MS;
        setState('live');
        refresh();
      });
      source.addEventListener('change', refresh);
      // The server ended it (the session ended, the role changed, the server is closing): the reads say which.
      source.addEventListener('end', () => {
        refresh();
        reopenLater();
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) reopenLater();
        else setState('reconnecting');
      });
    };
    // Back from a network cut: at once, not after a retry that grew while the network was gone.
    const online = () => {
      if (retry === undefined) return;
      window.clearTimeout(retry);
      retry = undefined;
      delay = FIRST_RETRY_MS;
      open();
    };
    setState('connecting');
    open();
    addEventListener('online', online);
    return () => {
      stopped = true;
      removeEventListener('online', online);
      window.clearTimeout(retry);
      source?.close();
    };
  }, [url]);
  return state;
}

import { env } from '../config/env';
import { pushedCompetitions } from './live-push-state';

/**
 * The BFF's push of a live competition's changes (`/api/bff/competitions/{guid}/live`, decision 033), shared by
 * every part of the page that listens to one competition: one EventSource per competition per tab. EventSource
 * reconnects on its own with Last-Event-ID; the BFF then says at once whether the competition changed meanwhile.
 */
export interface LiveHandlers {
  /** the numbers or released flags changed: read them again */
  onChange(): void;
  /** the stream is open (true) or not (false: dropped, refused, or the competition is not live on the server) */
  onConnected?(connected: boolean): void;
}

interface Stream {
  source: EventSource;
  handlers: Set<LiveHandlers>;
  connected: boolean;
}

const streams = new Map<string, Stream>();

export const liveUrl = (competitionGuid: string) =>
  `${env.apiBase}/bff/competitions/${encodeURIComponent(competitionGuid)}/live`;

/** Listens to a competition's changes until the returned function is called. No-op where EventSource is missing. */
export function subscribeLive(competitionGuid: string, handlers: LiveHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const key = competitionGuid.toLowerCase();
  let stream = streams.get(key);
  if (!stream) {
    stream = open(competitionGuid);
    streams.set(key, stream);
  }
  stream.handlers.add(handlers);
  if (stream.connected) handlers.onConnected?.(true);
  const joined = stream;
  return () => {
    joined.handlers.delete(handlers);
    if (joined.handlers.size > 0) return;
    joined.source.close();
    if (streams.get(key) === joined) streams.delete(key);
    pushedCompetitions.delete(key);
  };
}

function open(competitionGuid: string): Stream {
  const source = new EventSource(liveUrl(competitionGuid));
  const stream: Stream = { source, handlers: new Set(), connected: false };
  const setConnected = (connected: boolean) => {
    if (stream.connected === connected) return;
    stream.connected = connected;
    if (connected) pushedCompetitions.add(competitionGuid.toLowerCase());
    else pushedCompetitions.delete(competitionGuid.toLowerCase());
    for (const handler of stream.handlers) handler.onConnected?.(connected);
  };
  source.addEventListener('ready', () => setConnected(true));
  source.addEventListener('change', () => {
    for (const handler of stream.handlers) handler.onChange();
  });
  // The competition is over: EventSource would otherwise reconnect, and the server would answer 204 anyway.
  source.addEventListener('end', () => {
    source.close();
    setConnected(false);
  });
  source.addEventListener('error', () => setConnected(false));
  return stream;
}

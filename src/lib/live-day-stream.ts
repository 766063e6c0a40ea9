import { env } from '../config/env';

/**
 * One stream of the BFF's push for several live competitions (`/api/bff/live?competitions=...`): a page that listens
 * to a whole day holds one connection, not one per competition (a browser keeps six per server over HTTP/1.1, and
 * a busy day's streams took them all from the page's own reads). Events name their competition. After a dropped
 * stream EventSource reconnects on its own and the BFF says each competition's `ready` version again: one that is
 * not the version this page last had is a change it missed.
 */
export function subscribeLiveDay(
  guids: readonly string[],
  onChange: (guid: string) => void,
  /** the versions last heard, kept by the caller across streams: a new set of competitions opens a new stream */
  versions = new Map<string, string>(),
): () => void {
  if (typeof EventSource === 'undefined' || guids.length === 0) return () => undefined;
  const ended = new Set<string>();
  const source = new EventSource(
    `${env.apiBase}/bff/live?competitions=${guids.map((guid) => encodeURIComponent(guid)).join(',')}`,
  );
  source.addEventListener('ready', (event) => {
    const said = parse(event);
    if (!said?.version) return;
    const known = versions.get(said.guid);
    versions.set(said.guid, said.version);
    if (known !== undefined && known !== said.version) onChange(said.guid);
  });
  source.addEventListener('change', (event) => {
    const said = parse(event);
    if (!said?.version) return;
    versions.set(said.guid, said.version);
    onChange(said.guid);
  });
  // A competition over (or not streamed) is not listened to again; with all of them over, EventSource would only
  // reconnect to be told so.
  source.addEventListener('end', (event) => {
    const said = parse(event);
    if (said) ended.add(said.guid);
    if (guids.every((guid) => ended.has(guid))) source.close();
  });
  return () => source.close();
}

function parse(event: Event): { guid: string; version?: string } | undefined {
  try {
    const data: unknown = JSON.parse(String((event as MessageEvent).data));
    if (typeof data !== 'object' || data === null) return undefined;
    const { guid, version } = data as { guid?: unknown; version?: unknown };
    if (typeof guid !== 'string') return undefined;
    return { guid, version: typeof version === 'string' ? version : undefined };
  } catch {
    return undefined;
  }
}

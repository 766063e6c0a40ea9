/**
 * The fans' reads: anonymous, typed by the document that declares each path (the API's for the upstream reads the
 * BFF forwards, the BFF's own for its views). In the fans' initial JS, so nothing signed-in belongs here
 * (signed-in.ts, decision 092).
 */
import type { paths as UpstreamPaths } from '../api-types';
import type { paths as ViewPaths } from '../bff-types';
import { apiUrl, browserFetch, readAnswer, send, type GetOf, type OkOf, type ReadParams, type ReadPath } from './core';

/**
 * How a fan's read reaches the BFF. In the browser, fetch. When the BFF renders a page on the server
 * (src/entry-server.tsx), it hands the app its own in-process reader, the same for every page, so this is set once.
 */
export type ApiTransport = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

let transport: ApiTransport = browserFetch;

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** GET a BFF URL as JSON. */
async function getUrl<T>(url: string, signal: AbortSignal | undefined) {
  return readAnswer<T>(await send(transport, url, { headers: { accept: 'application/json' }, signal }));
}

/** The URL the app reads an upstream operation at, e.g. `upstreamUrl('/events/{eventId}', { path: { eventId: 12 } })`. */
export function upstreamUrl<Path extends ReadPath<UpstreamPaths>>(
  template: Path,
  params: ReadParams<GetOf<UpstreamPaths[Path]>> = {},
): string {
  return apiUrl(template, params);
}

/** The URL of one of the BFF's own views (`/api/bff/...`). */
export function viewUrl<Path extends ReadPath<ViewPaths>>(
  template: Path,
  params: ReadParams<GetOf<ViewPaths[Path]>> = {},
): string {
  return apiUrl(`/bff${template}`, params);
}

type CsvOf<Operation> = Operation extends { responses: { 200: { content: { 'text/csv': unknown } } } } ? true : never;
type DownloadPath<Paths> = {
  [Path in keyof Paths]: [CsvOf<GetOf<Paths[Path]>>] extends [never] ? never : Path;
}[keyof Paths];

/** The URL of a BFF view the browser downloads as a file rather than reads (its `.csv` exports). */
export function downloadUrl<Path extends DownloadPath<ViewPaths>>(
  template: Path,
  params: ReadParams<GetOf<ViewPaths[Path]>> = {},
): string {
  return apiUrl(`/bff${template}`, params);
}

/** A read the BFF forwards to the upstream, e.g. `getUpstream('/events/{eventId}', { path: { eventId: 12 } })`. */
export function getUpstream<Path extends ReadPath<UpstreamPaths>>(
  template: Path,
  { signal, ...params }: ReadParams<GetOf<UpstreamPaths[Path]>> & { signal?: AbortSignal } = {},
) {
  return getUrl<OkOf<GetOf<UpstreamPaths[Path]>>>(upstreamUrl(template, params), signal);
}

/** One of the BFF's own views, e.g. `getView('/seasons/{seasonId}/calendar', { path: { seasonId: 3 } })`. */
export function getView<Path extends ReadPath<ViewPaths>>(
  template: Path,
  { signal, ...params }: ReadParams<GetOf<ViewPaths[Path]>> & { signal?: AbortSignal } = {},
) {
  return getUrl<OkOf<GetOf<ViewPaths[Path]>>>(viewUrl(template, params), signal);
}

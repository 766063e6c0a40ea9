/**
 * A signed-in user's own reads and the documented writes, through the BFF under the same `/api/` prefix as the fans'
 * reads: the BFF adds the user's token from the session cookie, and its CSRF defence is Fetch Metadata, so nothing
 * but the cookie (same origin only) goes with them. Apart from fans.ts so that only the pages that sign in (/manage,
 * /judge, the banner's account menu) load it: the fans' first visit carries none of it (decision 092). Errors are
 * the core's ApiError: 401 `sign_in_required` / `session_expired` without a session, 403 naming the permission a
 * role lacks.
 */
import type { paths as UpstreamPaths } from '../api-types';
import {
  ApiError,
  apiUrl,
  browserFetch,
  readAnswer,
  send,
  type ApiResult,
  type DeleteOf,
  type DeletePath,
  type GetOf,
  type JsonBodyOf,
  type OkOf,
  type PathParamsOf,
  type PostOf,
  type QueryOf,
  type ReadParams,
  type ReadPath,
  type Transport,
  type WritePath,
  type WrittenOf,
} from './core';

/** A read's answer with its ETag, which the next poll sends back as If-None-Match. */
export interface UserResult<T> extends ApiResult<T> {
  etag: string | null;
}

/**
 * `no-store`: neither the browser's cache nor the service worker keeps a user's answers (src/sw), and a poll's
 * If-None-Match reaches the BFF as sent, its 304 coming back to this code.
 */
const asUser = (transport: Transport, url: string, init: RequestInit) =>
  send(transport, url, { ...init, credentials: 'same-origin', cache: 'no-store' });

/**
 * One of the user's reads, e.g. `getAsUser('/competitions/{competitionId}/progress', { path: { competitionId: 7 } })`.
 * `previous`: a poll's last answer; a 304 answers it again, unchanged (so nothing on screen renders again).
 */
export async function getAsUser<Path extends ReadPath<UpstreamPaths>>(
  template: Path,
  {
    signal,
    previous,
    transport = browserFetch,
    ...params
  }: ReadParams<GetOf<UpstreamPaths[Path]>> & {
    signal?: AbortSignal;
    previous?: UserResult<OkOf<GetOf<UpstreamPaths[Path]>>>;
    transport?: Transport;
  } = {},
): Promise<UserResult<OkOf<GetOf<UpstreamPaths[Path]>>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  const response = await asUser(transport, apiUrl(template, params), { headers, signal });
  if (response.status === 304 && previous) return previous;
  const answer = await readAnswer<OkOf<GetOf<UpstreamPaths[Path]>>>(response);
  return { ...answer, etag: response.headers.get('etag') };
}

/**
 * A documented write, typed by the API's document as reads are: the path, its body and its answer, e.g.
 * `postAsUser('/competitions/{competitionId}/release', { path: { competitionId: 7 }, body: { round: 1 } })`.
 * A refusal is an ApiError whose `body` is the whole problem document. `transport`: the browser's fetch unless a
 * caller swaps it (the judge's send queue, for its tests).
 */
export async function postAsUser<Path extends WritePath<UpstreamPaths>>(
  template: Path,
  {
    path,
    body,
    headers = {},
    transport = browserFetch,
  }: {
    path?: PathParamsOf<PostOf<UpstreamPaths[Path]>>;
    body: JsonBodyOf<PostOf<UpstreamPaths[Path]>>;
    /** e.g. an `Idempotency-Key` for a retried score entry */
    headers?: Record<string, string>;
    transport?: Transport;
  },
): Promise<ApiResult<WrittenOf<PostOf<UpstreamPaths[Path]>>>> {
  const response = await asUser(transport, apiUrl(template, { path }), {
    method: 'POST',
    headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readAnswer(response);
}

/** The paths whose documented POST takes no body (a withdraw: the path says it all). */
type EmptyWritePath = {
  [Path in keyof UpstreamPaths]: [PostOf<UpstreamPaths[Path]>] extends [never]
    ? never
    : PostOf<UpstreamPaths[Path]> extends { requestBody?: never }
      ? Path
      : never;
}[keyof UpstreamPaths];

/** A documented write that takes no body, sent without one, as the API accepts it. */
export async function postEmptyAsUser<Path extends EmptyWritePath>(
  template: Path,
  { path }: { path: PathParamsOf<PostOf<UpstreamPaths[Path]>> & object },
): Promise<ApiResult<WrittenOf<PostOf<UpstreamPaths[Path]>>>> {
  const response = await asUser(browserFetch, apiUrl(template, { path }), {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  return readAnswer(response);
}

/** The paths with a documented PATCH of raw bytes (the commentary uploads' appends). */
type BytesPath = {
  [Path in keyof UpstreamPaths]: UpstreamPaths[Path] extends {
    patch: { requestBody: { content: { 'application/offset+octet-stream': unknown } } };
  }
    ? Path
    : never;
}[keyof UpstreamPaths];

/**
 * Bytes appended at `offset` to an upload (the API's `Upload-Offset` protocol, decision 128): answered with the
 * new offset. A refusal is an ApiError (409 offset_mismatch carries the server's `offset` in its body).
 */
export async function patchBytesAsUser<Path extends BytesPath>(
  template: Path,
  {
    path,
    offset,
    body,
    transport = browserFetch,
  }: {
    path: PathParamsOf<UpstreamPaths[Path] extends { patch: infer Operation } ? Operation : never> & object;
    offset: number;
    body: Blob;
    transport?: Transport;
  },
): Promise<number> {
  const response = await asUser(transport, apiUrl(template, { path }), {
    method: 'PATCH',
    headers: {
      accept: 'application/json',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    body,
  });
  if (response.status !== 204) await readAnswer(response);
  const header = response.headers.get('upload-offset');
  const answered = header === null || header.trim() === '' ? Number.NaN : Number(header);
  if (!Number.isSafeInteger(answered) || answered < 0)
    throw new ApiError(502, 'upstream_error', 'An append answered no Upload-Offset');
  return answered;
}

/** A documented removal (answered 204), e.g. a seat of a panel: `deleteAsUser(template, { path, query })`. */
export async function deleteAsUser<Path extends DeletePath<UpstreamPaths>>(
  template: Path,
  params: { path: PathParamsOf<DeleteOf<UpstreamPaths[Path]>>; query?: QueryOf<DeleteOf<UpstreamPaths[Path]>> },
): Promise<void> {
  const response = await asUser(browserFetch, apiUrl(template, params), {
    method: 'DELETE',
    headers: { accept: 'application/json' },
  });
  if (response.status === 204) return;
  await readAnswer(response);
}

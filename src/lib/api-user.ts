/**
 * A signed-in user's own reads and the documented writes, through the BFF under the same `/api/` prefix as the fans'
 * reads: the BFF adds the user's token from the session cookie, and its CSRF defence is Fetch Metadata, so nothing
 * but the cookie (same origin only) goes with them. Apart from api-client.ts so that only the pages that sign in
 * (/manage, /judge) load it: the fans' first visit carries none of it. Errors are api-client's ApiError: 401
 * `sign_in_required` / `session_expired` without a session, 403 naming the permission a role lacks.
 */
import {
  ApiError,
  readAnswer,
  upstreamUrl,
  type ApiResult,
  type GetOf,
  type OkOf,
  type PathParamsOf,
  type ReadParams,
  type ReadPath,
} from './api-client';
import type { paths as UpstreamPaths } from './api-types';
import { env } from '../config/env';

/** A read's answer with its ETag, which the next poll sends back as If-None-Match. */
export interface UserResult<T> extends ApiResult<T> {
  etag: string | null;
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    // `no-store`: neither the browser's cache nor the service worker keeps a user's answers (src/sw), and a poll's
    // If-None-Match reaches the BFF as sent, its 304 coming back to this code.
    return await fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : null);
  }
}

/**
 * One of the user's reads, e.g. `getAsUser('/competitions/{competitionId}/progress', { path: { competitionId: 7 } })`.
 * `previous`: a poll's last answer; a 304 answers it again, unchanged (so nothing on screen renders again).
 */
export async function getAsUser<Path extends ReadPath<UpstreamPaths>>(
  template: Path,
  {
    signal,
    previous,
    ...params
  }: ReadParams<GetOf<UpstreamPaths[Path]>> & {
    signal?: AbortSignal;
    previous?: UserResult<OkOf<GetOf<UpstreamPaths[Path]>>>;
  } = {},
): Promise<UserResult<OkOf<GetOf<UpstreamPaths[Path]>>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  const response = await request(upstreamUrl(template, params), { headers, signal });
  if (response.status === 304 && previous) return previous;
  const answer = await readAnswer<OkOf<GetOf<UpstreamPaths[Path]>>>(response);
  return { ...answer, etag: response.headers.get('etag') };
}

type PostOf<Entry> = Entry extends { post: infer Operation } ? Operation : never;
type JsonBodyOf<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;
type WrittenOf<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : Operation extends { responses: { 201: { content: { 'application/json': infer Body } } } }
    ? Body
    : never;
type WritePath<Paths> = {
  [Path in keyof Paths]: [JsonBodyOf<PostOf<Paths[Path]>>] extends [never] ? never : Path;
}[keyof Paths];

/**
 * A documented write, typed by the API's document as reads are: the path, its body and its answer, e.g.
 * `postAsUser('/competitions/{competitionId}/release', { path: { competitionId: 7 }, body: { round: 1 } })`.
 * A refusal is an ApiError whose `body` is the whole problem document: its `errors` (each field named), and what
 * the operation adds (a release's `sections`, a score conflict's `current`).
 */
export async function postAsUser<Path extends WritePath<UpstreamPaths>>(
  template: Path,
  {
    path,
    body,
    headers = {},
  }: {
    path?: PathParamsOf<PostOf<UpstreamPaths[Path]>>;
    body: JsonBodyOf<PostOf<UpstreamPaths[Path]>>;
    /** e.g. an `Idempotency-Key` for a retried score entry */
    headers?: Record<string, string>;
  },
): Promise<ApiResult<WrittenOf<PostOf<UpstreamPaths[Path]>>>> {
  const response = await request(`${env.apiBase}${filled(template, path as Record<string, string | number>)}`, {
    method: 'POST',
    headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readAnswer(response);
}

function filled(template: string, path: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

type DeleteOf<Entry> = Entry extends { delete: infer Operation } ? Operation : never;
type DeletePath<Paths> = { [Path in keyof Paths]: [DeleteOf<Paths[Path]>] extends [never] ? never : Path }[keyof Paths];
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** A documented removal (answered 204), e.g. a seat of a panel: `deleteAsUser(template, { path, query })`. */
export async function deleteAsUser<Path extends DeletePath<UpstreamPaths>>(
  template: Path,
  {
    path,
    query,
  }: { path: PathParamsOf<DeleteOf<UpstreamPaths[Path]>>; query?: QueryOf<DeleteOf<UpstreamPaths[Path]>> },
): Promise<void> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, string | number>))
    search.set(name, String(value));
  const response = await request(
    `${env.apiBase}${filled(template as string, path as Record<string, number>)}${search.size > 0 ? `?${search}` : ''}`,
    {
      method: 'DELETE',
      headers: { accept: 'application/json' },
    },
  );
  if (response.status === 204) return;
  await readAnswer(response);
}

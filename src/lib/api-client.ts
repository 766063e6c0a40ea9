import { env } from '../config/env';
import type { Problem } from './api-models';
import type { paths as UpstreamPaths } from './api-types';
import type { paths as ViewPaths } from './bff-types';
import { SAVED_AT_HEADER } from './saved-copy-header';

/**
 * A non-2xx answer (or no answer: status 0, code "network_error") from the BFF. `body` is the problem+json
 * document when there is one, otherwise the response text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: Problem | string | null;
  /** the BFF answered from its saved copy (X-BFF-Stale) */
  readonly stale: boolean;

  constructor(status: number, code: string, body: Problem | string | null, stale = false) {
    super(
      typeof body === 'object' && body !== null ? `${body.title}: ${body.detail}` : `API request failed (${status})`,
    );
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.stale = stale;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A successful answer. `stale` is true when the BFF served a saved copy because the API is not answering;
 * `savedAt`, when the browser's service worker answered from its own saved copy, is when that copy was made
 * (src/lib/offline-copy.ts reads it).
 */
export interface ApiResult<T> {
  body: T;
  stale: boolean;
  savedAt?: string | null;
}

type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined>;

/** A list is the parameter repeated, in order (`group=A&group=B`). */
function apiUrl(path: string, query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) search.append(name, item);
    else if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return `${env.apiBase}${path}${text ? `?${text}` : ''}`;
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'status' in value && 'title' in value;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * How a request reaches the BFF. In the browser, fetch. When the BFF renders a page on the server
 * (src/entry-server.tsx), it hands the app its own in-process reader, the same for every page, so this is set once.
 */
export type ApiTransport = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** GET a BFF URL as JSON. Only fetches: the query layer decides what the user sees. */
async function getUrl<T>(url: string, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await transport(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : null);
  }
  return readAnswer<T>(response);
}

/** An answer as the app reads it: its body, or an ApiError (also for a signed-in user's reads and writes, api-user.ts). */
export async function readAnswer<T>(response: Response): Promise<ApiResult<T>> {
  const stale = response.headers.get('x-bff-stale') === '1';
  const body = await readBody(response);
  if (!response.ok) {
    const code = isProblem(body) && typeof body.code === 'string' ? body.code : `http_${response.status}`;
    throw new ApiError(response.status, code, isProblem(body) ? body : typeof body === 'string' ? body : null, stale);
  }
  return { body: body as T, stale, savedAt: response.headers.get(SAVED_AT_HEADER) };
}

/**
 * Typed reads. A path is named by its template in the document that declares it (the API's for upstream reads the
 * BFF forwards, the BFF's own for its views), and that document gives its parameters and its answer: a path cannot
 * be paired with the wrong type. Only paths whose GET answers JSON can be named: the reads the BFF forwards
 * (server/bff/allow-list.ts takes them from the same document).
 */
export type GetOf<Entry> = Entry extends { get: infer Operation } ? Operation : never;
export type OkOf<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : never;
export type PathParamsOf<Operation> = Operation extends { parameters: { path: infer Params } } ? Params : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
export type ReadPath<Paths> = {
  [Path in keyof Paths]: [OkOf<GetOf<Paths[Path]>>] extends [never] ? never : Path;
}[keyof Paths];

export interface ReadParams<Operation> {
  path?: PathParamsOf<Operation>;
  query?: QueryOf<Operation>;
}

/** The URL the app reads an upstream operation at, e.g. `upstreamUrl('/events/{eventId}', { path: { eventId: 12 } })`. */
export function upstreamUrl<Path extends ReadPath<UpstreamPaths>>(
  template: Path,
  params: ReadParams<GetOf<UpstreamPaths[Path]>> = {},
): string {
  return resolve(template, params);
}

/** The URL of one of the BFF's own views (`/api/bff/...`). */
export function viewUrl<Path extends ReadPath<ViewPaths>>(
  template: Path,
  params: ReadParams<GetOf<ViewPaths[Path]>> = {},
): string {
  return resolve(`/bff${template}`, params);
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
  return resolve(`/bff${template}`, params);
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

function resolve(template: string, { path, query }: { path?: object; query?: object }): string {
  const values = (path ?? {}) as Record<string, string | number>;
  const resolved = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(values[name]));
  });
  return apiUrl(resolved, query as QueryParams | undefined);
}

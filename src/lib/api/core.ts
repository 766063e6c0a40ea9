/**
 * The fetch layer's core, shared by the fans' reads (fans.ts) and the signed-in user's calls (signed-in.ts): a path
 * named by its template in the generated document that declares it, filled into a URL under the BFF's `/api/`
 * prefix; a request whose lost connection is an ApiError with status 0; an answer read into its body or an ApiError.
 * It only fetches: the query layer decides what the user sees.
 */
import { env } from '../../config/env';
import type { Problem } from '../api-models';
import { SAVED_AT_HEADER } from '../saved-copy-header';

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

/**
 * The operations of a generated `paths` type (the API's api-types.ts, the BFF's views bff-types.ts), so that a path
 * and its parameters, body and answer cannot be paired wrongly.
 */
export type GetOf<Entry> = Entry extends { get: infer Operation } ? Operation : never;
export type PostOf<Entry> = Entry extends { post: infer Operation } ? Operation : never;
export type DeleteOf<Entry> = Entry extends { delete: infer Operation } ? Operation : never;
export type OkOf<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : never;
/** A write's answer: its 200's JSON, else its 201's. */
export type WrittenOf<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : Operation extends { responses: { 201: { content: { 'application/json': infer Body } } } }
    ? Body
    : never;
export type PathParamsOf<Operation> = Operation extends { parameters: { path: infer Params } } ? Params : never;
export type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
export type JsonBodyOf<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The paths whose GET answers JSON: the reads the BFF forwards (server/bff's allow-list takes them from the same document). */
export type ReadPath<Paths> = {
  [Path in keyof Paths]: [OkOf<GetOf<Paths[Path]>>] extends [never] ? never : Path;
}[keyof Paths];
/** The paths whose POST takes JSON. */
export type WritePath<Paths> = {
  [Path in keyof Paths]: [JsonBodyOf<PostOf<Paths[Path]>>] extends [never] ? never : Path;
}[keyof Paths];
export type DeletePath<Paths> = {
  [Path in keyof Paths]: [DeleteOf<Paths[Path]>] extends [never] ? never : Path;
}[keyof Paths];

export interface ReadParams<Operation> {
  path?: PathParamsOf<Operation>;
  query?: QueryOf<Operation>;
}

type QueryValue = string | number | boolean | readonly string[] | undefined;

/**
 * The BFF's URL of a path template, its `{name}`s filled from `path` and `query` appended (a list is the parameter
 * repeated, in order: `group=A&group=B`), e.g. `apiUrl('/events/{eventId}', { path: { eventId: 12 } })`.
 */
export function apiUrl(template: string, { path, query }: { path?: object; query?: object }): string {
  const values = (path ?? {}) as Record<string, string | number | undefined>;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) search.append(name, item);
    else if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  const resolved = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(values[name]));
  });
  return `${env.apiBase}${resolved}${text ? `?${text}` : ''}`;
}

/** How a request reaches the BFF: the browser's fetch, or what a caller puts in its place (a test's fake server). */
export type Transport<Init = RequestInit> = (url: string, init: Init) => Promise<Response>;

/** The browser's fetch, looked up when called (a test stubs the global). */
export const browserFetch: Transport = (url, init) => fetch(url, init);

/** A request through `transport`; no answer at all is ApiError status 0 (a cancelled request stays a cancellation). */
export async function send<Init extends { signal?: AbortSignal | null }>(
  transport: Transport<Init>,
  url: string,
  init: Init,
): Promise<Response> {
  try {
    return await transport(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : null);
  }
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
 * An answer as the app reads it: its body, or an ApiError whose `body` is the whole problem document (its `errors`,
 * each naming a field, and what the operation adds: a refused release's `sections`, a score conflict's `current`).
 */
export async function readAnswer<T>(response: Response): Promise<ApiResult<T>> {
  const stale = response.headers.get('x-bff-stale') === '1';
  const body = await readBody(response);
  if (!response.ok) {
    const code = isProblem(body) && typeof body.code === 'string' ? body.code : `http_${response.status}`;
    throw new ApiError(response.status, code, isProblem(body) ? body : typeof body === 'string' ? body : null, stale);
  }
  return { body: body as T, stale, savedAt: response.headers.get(SAVED_AT_HEADER) };
}

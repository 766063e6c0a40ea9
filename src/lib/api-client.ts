import { env } from '../config/env';
import type { Problem } from './api-models';

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
    super(typeof body === 'object' && body !== null ? `${body.title}: ${body.detail}` : `API request failed (${status})`);
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

/** A successful answer. `stale` is true when the BFF served a saved copy because the API is not answering. */
export interface ApiResult<T> {
  body: T;
  stale: boolean;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export function apiUrl(path: string, query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
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
export type ApiTransport = (url: string, init: { headers: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** GET a BFF path (`/competitions/12/scores`) as JSON. Only fetches: the query layer decides what the user sees. */
export async function apiGet<T>(
  path: string,
  { query, signal }: { query?: QueryParams; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await transport(apiUrl(path, query), { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : null);
  }
  const stale = response.headers.get('x-bff-stale') === '1';
  const body = await readBody(response);
  if (!response.ok) {
    const code = isProblem(body) && typeof body.code === 'string' ? body.code : `http_${response.status}`;
    throw new ApiError(response.status, code, isProblem(body) ? body : typeof body === 'string' ? body : null, stale);
  }
  return { body: body as T, stale };
}

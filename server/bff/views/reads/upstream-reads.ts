/**
 * How the views read the upstream: through the BFF's own read proxy (its cache, revalidation, coalescing, token and
 * stale-on-outage), with each answer checked against the shape the view relies on.
 */
import type { z } from 'zod';
import type { ProxyAnswer } from '../../upstream/proxy-answer.js';
import type { UpstreamRead } from '../../upstream/reads.js';
import { ViewProblem } from '../view-problem.js';

export type { UpstreamRead };

export interface RawRead {
  body: Buffer | string;
  /** the proxy's ETag of the body: equal tags, equal bodies */
  etag: string;
  /** served from the proxy's saved copy while the upstream is down */
  stale: boolean;
}

export interface Read<T> {
  data: T;
  etag: string;
  stale: boolean;
}

export async function readRaw(read: UpstreamRead, path: string, search = ''): Promise<RawRead> {
  return rawOf(await read(path, search), path);
}

/** The answer's body when it is a 200; otherwise the failure as a ViewProblem (an outage keeps the proxy's status). */
export function rawOf(answer: ProxyAnswer, path: string): RawRead {
  if (answer.status === 200 && answer.body !== null) {
    return { body: answer.body, etag: answer.headers.etag ?? '', stale: answer.headers['x-bff-stale'] === '1' };
  }
  const problem = parseProblem(answer.body);
  if (answer.status >= 500) {
    // The proxy's own answer for an outage or a configuration fault: passed on as it is.
    const retry = answer.headers['retry-after'] ? { 'retry-after': answer.headers['retry-after'] } : undefined;
    throw new ViewProblem(
      answer.status,
      problem?.code ?? 'upstream_error',
      problem?.detail ?? `The results API failed (${answer.status}).`,
      undefined,
      retry,
    );
  }
  throw new ViewProblem(
    502,
    'upstream_refused',
    `The results API answered ${answer.status} to GET ${path}.`,
    answer.status,
  );
}

export function parseAs<T>(schema: z.ZodType<T>, body: Buffer | string, path: string): T {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    throw new ViewProblem(502, 'upstream_unexpected_shape', `The results API's answer to GET ${path} is not JSON.`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.join('.') : 'the answer';
    throw new ViewProblem(
      502,
      'upstream_unexpected_shape',
      `The results API's answer to GET ${path} is not in the shape this app knows (${where}: ${issue.message}).`,
    );
  }
  return result.data;
}

/** List pages followed at most (our API pages at 100 items; a season has some hundreds of groups at most). */
const MAX_LIST_PAGES = 20;

/**
 * A `{data: [...]}` list read whole: where the upstream pages it (our API, with `Link: rel="next"`), every page;
 * the hosted service's known lists come whole. `etag` names all the pages.
 */
export async function readAllPages<T>(
  read: UpstreamRead,
  path: string,
  search: string,
  schema: z.ZodType<{ data: T[] }>,
): Promise<Read<T[]>> {
  const data: T[] = [];
  const etags: string[] = [];
  let stale = false;
  let next: string | undefined = search;
  for (let page = 0; next !== undefined && page < MAX_LIST_PAGES; page++) {
    const answer = await read(path, next);
    const raw = rawOf(answer, path);
    data.push(...parseAs(schema, raw.body, path).data);
    etags.push(raw.etag);
    stale ||= raw.stale;
    next = nextPage(answer.headers.link, path);
  }
  return { data, etag: etags.join(','), stale };
}

/** The query of the `rel="next"` link to the same list (the proxy has rewritten links to this origin's /api/ paths). */
function nextPage(link: string | undefined, path: string): string | undefined {
  for (const [, target, params] of (link ?? '').matchAll(/<([^>]*)>([^,<]*)/g)) {
    if (/;\s*rel="?next"?/.test(params) && target.startsWith(`/api${path}?`)) return target.slice(`/api${path}`.length);
  }
  return undefined;
}

export async function readJson<T>(
  read: UpstreamRead,
  path: string,
  search: string,
  schema: z.ZodType<T>,
): Promise<Read<T>> {
  const raw = await readRaw(read, path, search);
  return { data: parseAs(schema, raw.body, path), etag: raw.etag, stale: raw.stale };
}

/** v2's competition listing of a season year, with or without practice events: one query string, one cache entry. */
export function listingSearch(year: number, includePractice: boolean): string {
  return `?year=${year}&includePractice=${includePractice}`;
}

export const COMPETITIONS_V2 = '/2018-03/competitions';
export const PERFORMANCES_V2 = '/2018-03/performances';

/** Runs `task` over `items` with at most `limit` at a time, results in order: a season's reads, bounded. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function parseProblem(body: ProxyAnswer['body']): { code?: string; detail?: string } | undefined {
  if (body === null) return undefined;
  try {
    const value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as {
      code?: unknown;
      detail?: unknown;
    };
    return {
      code: typeof value.code === 'string' ? value.code : undefined,
      detail: typeof value.detail === 'string' ? value.detail : undefined,
    };
  } catch {
    return undefined;
  }
}

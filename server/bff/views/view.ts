/**
 * What a view module declares (`<name>.view.ts` in this folder, collected by routes.ts: docs/decisions/025): its
 * route, schema-first, and how it serves it from what every view shares. The pieces every view's declaration uses
 * live here, so a view module needs nothing from routes.ts.
 */
import { z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ID_MAX, ID_MIN } from '../../../domain/ids.js';
import type { createCompetitionLookup } from './competition-lookup.js';
import type { createSearchIndex } from './search-index.js';
import type { createSeasonSource } from './season-source.js';
import type { UpstreamRead } from './upstream-reads.js';

export const Problem = z
  .object({ type: z.string(), title: z.string(), status: z.number().int(), code: z.string(), detail: z.string() })
  .openapi('BffProblem');
export const problems = Object.fromEntries(
  [
    [400, 'A malformed parameter'],
    [404, 'No such season, competition, judge or group'],
    [502, 'The results API answered something this app cannot use, or refused its credentials'],
    [503, 'The results API is down and nothing of this view was saved'],
    [504, 'The results API did not answer in time'],
  ].map(([status, description]) => [
    status,
    { description, content: { 'application/problem+json': { schema: Problem } } },
  ]),
) as Record<
  400 | 404 | 502 | 503 | 504,
  { description: string; content: { 'application/problem+json': { schema: typeof Problem } } }
>;

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
  ...problems,
});

export const SeasonParams = z.object({
  seasonId: z.coerce
    .number()
    .int()
    .min(ID_MIN)
    .max(ID_MAX)
    .openapi({ param: { name: 'seasonId', in: 'path' }, example: 15608 }),
});

/** A view's answer: revalidated on every use (the browser keeps its ETag), and marked when built from saved copies. */
export function viewHeaders(c: Context, stale: boolean): void {
  c.header('cache-control', 'no-cache');
  if (stale) c.header('x-bff-stale', '1');
}

/** What the views share: one upstream read, one clock, and the season source, lookup and search index they keep. */
export interface ViewContext {
  read: UpstreamRead;
  /** revalidates with the upstream (never a fresh-cache hit) */
  readFresh: UpstreamRead;
  now: () => number;
  results: ReturnType<typeof createSeasonSource>;
  lookUp: ReturnType<typeof createCompetitionLookup>;
  searchIndex: ReturnType<typeof createSearchIndex>;
}

export interface View<R extends RouteConfig = RouteConfig> {
  route: R;
  serve: (context: ViewContext) => RouteHandler<R>;
}

/** A view module's one export, `view`: its handler typed by its route. */
export const defineView = <R extends RouteConfig>(
  route: R,
  serve: (context: ViewContext) => RouteHandler<R>,
): View<R> => ({ route, serve });

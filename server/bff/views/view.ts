/**
 * What a view module declares (`<name>.view.ts` in this folder, one per view, listed by routes.ts: docs/decisions/025
 * and 045): its route, schema-first, and how it serves it from what every view shares. The pieces several views'
 * declarations use live here, so a view module needs nothing from routes.ts.
 */
import { createRoute, z, type OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ID_MAX, ID_MIN } from '../../../domain/ids.js';
import type { CompetitionLookup } from './reads/competition-lookup.js';
import type { createSearchIndex } from './reads/search-index.js';
import type { createSeasonSource } from './reads/season-source.js';
import { loadSeason } from './reads/seasons.js';
import type { UpstreamRead } from './reads/upstream-reads.js';
import type { SeasonView } from './view-schemas.js';

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

export const GuidParams = z.object({
  guid: z
    .string()
    .max(64)
    .openapi({ param: { name: 'guid', in: 'path' } }),
});

export const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

/** A CSV view's answers, as the document declares them. */
export const csvResponses = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string() } } },
  ...problems,
});

/** A group as group pages name it: its name, and v2's OrgGroupIdentifier when the circuit gives one. */
export const GroupQuery = z.strictObject({
  name: z.string().trim().min(1).max(200).openapi({ description: 'the group name' }),
  id: z
    .string()
    .trim()
    .max(64)
    .optional()
    .openapi({ description: "v2's OrgGroupIdentifier, when the circuit gives one" }),
});

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
/** Two to four groups, each a `group` with the `id` in the same place: the identity group pages use. */
export const CompareQuery = z
  .strictObject({
    group: z
      .union([z.string(), z.array(z.string())])
      .openapi({ description: 'a group name, repeated for each group in order (2 to 4)' }),
    id: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .openapi({
        description: "each group's OrgGroupIdentifier in the same order (empty when the circuit gives none)",
      }),
  })
  .transform(({ group, id }, context) => {
    const names = asList(group).map((name) => name.trim());
    const ids = asList(id).map((value) => value.trim());
    if (names.length < 2 || names.length > 4)
      context.addIssue({ code: 'custom', path: ['group'], message: 'name two to four groups' });
    else if (names.some((name) => name === '' || name.length > 200))
      context.addIssue({ code: 'custom', path: ['group'], message: 'a group name is 1 to 200 characters' });
    else if (ids.length > names.length || ids.some((value) => value.length > 64))
      context.addIssue({ code: 'custom', path: ['id'], message: 'at most one id (up to 64 characters) per group' });
    return names.map((name, index) => ({ name, orgGroupIdentifier: ids[index] ?? '' }));
  });

/** A view of one season, named by its id in the path, answering JSON. */
export const seasonRoute = <Path extends `/seasons/{seasonId}/${string}`, T extends z.ZodType>(
  path: Path,
  summary: string,
  schema: T,
  description: string,
) =>
  createRoute({
    method: 'get',
    path,
    summary,
    request: { params: SeasonParams },
    responses: json(schema, description),
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
  lookUp: CompetitionLookup;
  searchIndex: ReturnType<typeof createSearchIndex>;
}

/** A view, registered on the views' router with what the views share; its handler is typed by its route. */
export interface View {
  route: RouteConfig;
  register: (router: OpenAPIHono, context: ViewContext) => void;
}

/** A view module's one export, `view`: its route and its handler, checked against each other here. */
export const defineView = <R extends RouteConfig>(
  route: R,
  serve: (context: ViewContext) => RouteHandler<R>,
): View => ({ route, register: (router, context) => router.openapi(route, serve(context)) });

/**
 * The shape most season views share: the season named in the path, then what the view reads for it; the answer is
 * revalidated on every use and marked stale when either came from saved copies. The view makes its body of both.
 */
export async function inSeason<Loaded extends { stale: boolean }>(
  c: Context,
  read: UpstreamRead,
  seasonId: number,
  load: (season: SeasonView) => Promise<Loaded>,
): Promise<{ season: SeasonView; loaded: Loaded }> {
  const { season, stale } = await loadSeason(read, seasonId);
  const loaded = await load(season);
  viewHeaders(c, stale || loaded.stale);
  return { season, loaded };
}

/**
 * The BFF's own views, `/api/bff/...`: what the scoreboard's pages need that no single upstream read gives, derived
 * from the operations whose shapes are known on every upstream (the hosted service and our own API). They are
 * answered by the BFF itself, never forwarded: seasons with their year and current flag, a season's calendar, one
 * competition by its guid, and a season's standings and one group's season, which spare a phone the season's recaps.
 * Schema-first like the API's routes: `npm run gen:api-types` writes their types into src/lib/bff-types.ts.
 */
import { readdirSync } from 'node:fs';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { problemResponse } from '../problems.js';
import { loadCalendar } from './calendar.js';
import { attachment } from './csv.js';
import { RecapRecords } from './hosted-shapes.js';
import { recapCsv } from './recap-csv.js';
import { standingsCsv } from './standings-csv.js';
import { headToHead } from './head-to-head.js';
import { loadHeadToHeadSeasons } from './head-to-head-seasons.js';
import { judgeSeason } from './judge-season.js';
import { loadGroupSeasons } from './group-seasons.js';
import { createCompetitionLookup } from './competition-lookup.js';
import { SeasonJudges } from './judges.js';
import { createSeasonSource } from './season-source.js';
import { loadSeason, loadSeasons } from './seasons.js';
import { PERFORMANCES_V2, readJson, ViewProblem, type UpstreamRead } from './upstream-reads.js';
import { groupSummary } from './group-summary.js';
import { createSearchIndex } from './search-index.js';
import {
  CompetitionSummary,
  GroupSeason,
  GroupSeasons,
  GroupSummary,
  HeadToHead,
  HeadToHeadSeasons,
  JudgeSeason,
  SearchIndex,
  SeasonCalendar,
  SeasonList,
  SeasonStandings,
  SeasonWinners,
} from './view-schemas.js';
import { json, problems, Problem, SeasonParams, viewHeaders, type View } from './view.js';

/**
 * The view modules, found in this folder rather than listed: a new view is one `<name>.view.ts` exporting `view`
 * (view.ts, docs/decisions/025), registered after the views declared below, by file name.
 */
const viewModules: View[] = await Promise.all(
  readdirSync(new URL('.', import.meta.url))
    .filter((name) => name.endsWith('.view.ts'))
    .sort()
    .map(async (name) => {
      const module = (await import(/* @vite-ignore */ `./${name.replace(/\.ts$/, '.js')}`)) as { view?: View };
      if (!module.view) throw new Error(`server/bff/views/${name} exports no view.`);
      return module.view;
    }),
);

export const VIEWS_PREFIX = '/api/bff';
const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

const GuidParams = z.object({
  guid: z
    .string()
    .max(64)
    .openapi({ param: { name: 'guid', in: 'path' } }),
});

const seasonsRoute = createRoute({
  method: 'get',
  path: '/seasons',
  summary: 'Seasons, newest first, with year and current',
  responses: json(SeasonList, 'The seasons'),
});
/** A view of one season, named by its id in the path. */
const seasonView = <Path extends `/seasons/{seasonId}/${string}`, T extends z.ZodType>(
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

const calendarRoute = seasonView(
  '/seasons/{seasonId}/calendar',
  "A season's competitions by date, with their events",
  SeasonCalendar,
  "The season's calendar",
);
const standingsRoute = seasonView(
  '/seasons/{seasonId}/standings',
  "A season's division standings",
  SeasonStandings,
  'Standings by division',
);
const GroupQuery = z.strictObject({
  name: z.string().trim().min(1).max(200).openapi({ description: 'the group name' }),
  id: z
    .string()
    .trim()
    .max(64)
    .optional()
    .openapi({ description: "v2's OrgGroupIdentifier, when the circuit gives one" }),
});
const winnersRoute = seasonView(
  '/seasons/{seasonId}/winners',
  "Each competition's division winners",
  SeasonWinners,
  'The winners of each released competition',
);
const judgesRoute = seasonView(
  '/seasons/{seasonId}/judges',
  "A season's judges, with the competitions and captions each judged",
  SeasonJudges,
  'The judges',
);
const groupRoute = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/group',
  summary: "One group's season",
  request: {
    params: SeasonParams,
    query: GroupQuery,
  },
  responses: json(GroupSeason, "The group's performances in the season"),
});
const groupSeasonsRoute = createRoute({
  method: 'get',
  path: '/groups/seasons',
  summary: 'The seasons with performances of a group (404 when none has)',
  request: { query: GroupQuery },
  responses: json(GroupSeasons, 'The group and its seasons, newest first'),
});
const judgeRoute = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/judge',
  summary: "One judge's season",
  request: {
    params: SeasonParams,
    query: z.strictObject({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .openapi({ description: "the judge's first and last name, as the v2 captions carry them" }),
    }),
  },
  responses: json(JudgeSeason, 'Every caption the judge scored in the season'),
});
const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
/** Two to four groups, each a `group` with the `id` in the same place: the identity group pages use. */
const CompareQuery = z
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
const compareRoute = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/compare',
  summary: 'Head-to-head of two to four groups in a season',
  request: { params: SeasonParams, query: CompareQuery },
  responses: json(HeadToHead, 'Every shared division and round, caption by caption'),
});
const compareSeasonsRoute = createRoute({
  method: 'get',
  path: '/compare/seasons',
  summary: 'Head-to-head of two to four groups across the seasons in which they performed',
  request: { query: CompareQuery },
  responses: json(
    HeadToHeadSeasons,
    'Each season of the first group and another, newest first, with their meetings, wins by total and mean margin',
  ),
});
const groupSummaryRoute = createRoute({
  method: 'get',
  path: '/group-summary',
  summary: "A followed group's latest scored performance (however old, with its season) and its next scheduled one",
  request: { query: GroupQuery },
  responses: json(GroupSummary, 'The group at a glance'),
});
const searchIndexRoute = createRoute({
  method: 'get',
  path: '/search-index',
  summary: 'Groups, events, competitions and judges of every season, for the search (matched in the browser)',
  responses: json(SearchIndex, 'The search index'),
});
/** The live push of a competition (server/bff/live, decision 033): documented here, answered by app.ts. */
const liveStreamRoute = createRoute({
  method: 'get',
  path: '/competitions/{guid}/live',
  summary: "A live competition's changes, pushed (Server-Sent Events: ready, change, end; heartbeat comments)",
  request: {
    params: z.object({
      guid: z
        .string()
        .max(64)
        .openapi({ param: { name: 'guid', in: 'path' } }),
    }),
    headers: z.object({
      'last-event-id': z
        .string()
        .max(64)
        .optional()
        .openapi({ description: 'the last version seen; a change is sent at once when it is not the current one' }),
    }),
  },
  responses: {
    200: {
      description:
        'The event stream: `ready` with the current version as its id, then `change` per new version, `end` when the competition is over',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    204: { description: 'The competition is not live: nothing to stream (EventSource does not reconnect)' },
    404: problems[404],
    503: {
      description: 'This server streams as many live pages as it may; the page polls instead',
      content: { 'application/problem+json': { schema: Problem } },
    },
  },
});

const competitionRoute = createRoute({
  method: 'get',
  path: '/competitions/{guid}',
  summary: 'One competition by its v2 guid',
  request: { params: GuidParams },
  responses: json(CompetitionSummary, 'The competition, its event and season'),
});

const csv = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string() } } },
  ...problems,
});
const recapCsvRoute = createRoute({
  method: 'get',
  path: '/competitions/{guid}/recap.csv',
  summary: "A competition's recap as CSV",
  request: { params: GuidParams },
  responses: csv(
    'A row per performance: division, round, group, every released number and rank in print order, sub total, penalty, total',
  ),
});
const standingsCsvRoute = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/standings.csv',
  summary: "A season's standings as CSV",
  request: { params: SeasonParams },
  responses: csv("A row per group and division, in the standings' order: rank, group, latest total, best total"),
});

/** `readFresh` revalidates with the upstream (never a fresh-cache hit): for a competition not found in the cached reads. */
export function createViewsRouter(read: UpstreamRead, now: () => number, readFresh: UpstreamRead = read) {
  const results = createSeasonSource(read, now);
  const lookUp = createCompetitionLookup(read, readFresh);
  const searchIndex = createSearchIndex(read, now);
  const router = new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        return problemResponse({
          status: 400,
          code: 'invalid_parameter',
          detail: `${issue.path.join('.') || 'request'}: ${issue.message}`,
        });
      }
    },
  });
  // Views are a few kilobytes to some tens: compressed, and answered 304 while unchanged (the stale mark kept).
  router.use('*', compress(), etag({ weak: true, retainedHeaders: [...RETAINED_304_HEADERS, 'x-bff-stale'] }));
  router.onError((error) => {
    if (error instanceof ViewProblem)
      return problemResponse({ status: error.status, code: error.code, detail: error.detail, headers: error.headers });
    throw error;
  });
  const context = { read, readFresh, now, results, lookUp, searchIndex };
  for (const { route, serve } of viewModules) router.openapi(route, serve(context));

  return router
    .openapi(seasonsRoute, async (c) => {
      const { seasons, stale } = await loadSeasons(read);
      viewHeaders(c, stale);
      return c.json({ data: seasons }, 200);
    })
    .openapi(calendarRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const calendar = await loadCalendar(read, season);
      viewHeaders(c, stale || calendar.stale);
      return c.json({ season, data: calendar.entries }, 200);
    })
    .openapi(standingsRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const standings = await results.standings(season);
      viewHeaders(c, stale || standings.stale);
      return c.json({ season, data: standings.data }, 200);
    })
    .openapi(winnersRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const winners = await results.winners(season);
      viewHeaders(c, stale || winners.stale);
      return c.json({ season, data: winners.data }, 200);
    })
    .openapi(judgesRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const judges = await results.judges(season);
      viewHeaders(c, stale || judges.stale);
      return c.json({ season, data: judges.data }, 200);
    })
    .openapi(groupRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const { name, id } = c.req.valid('query');
      const group = await results.group(season, { name, orgGroupIdentifier: id || undefined });
      viewHeaders(c, stale || group.stale);
      return c.json({ season, ...group.view }, 200);
    })
    .openapi(groupSeasonsRoute, async (c) => {
      const { name, id } = c.req.valid('query');
      const { view, stale } = await loadGroupSeasons(read, results, { name, orgGroupIdentifier: id || undefined });
      viewHeaders(c, stale);
      return c.json(view, 200);
    })
    .openapi(judgeRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const judging = await results.judging(season);
      viewHeaders(c, stale || judging.stale);
      return c.json({ season, ...judgeSeason(judging.sections, c.req.valid('query').name, season.name) }, 200);
    })
    .openapi(standingsCsvRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const standings = await results.standings(season);
      viewHeaders(c, stale || standings.stale);
      c.header('content-disposition', attachment(`${season.name} standings.csv`));
      return c.body(standingsCsv(standings.data), 200, { 'content-type': CSV_TYPE });
    })
    .openapi(recapCsvRoute, async (c) => {
      const { summary, stale } = await lookUp(c.req.valid('param').guid);
      const { competition } = summary;
      const records = competition.scoresReleased
        ? await readJson(read, PERFORMANCES_V2, `?c=${competition.guid}`, RecapRecords)
        : { data: [], stale: false };
      viewHeaders(c, stale || records.stale);
      c.header('content-disposition', attachment(`${competition.name} ${competition.date.slice(0, 10)} recap.csv`));
      return c.body(recapCsv(records.data, competition), 200, { 'content-type': CSV_TYPE });
    })
    .openapi(compareRoute, async (c) => {
      const { season, stale } = await loadSeason(read, c.req.valid('param').seasonId);
      const groups = c.req.valid('query');
      const judging = await results.judging(season);
      viewHeaders(c, stale || judging.stale);
      return c.json({ season, groups, data: headToHead(judging.sections, groups) }, 200);
    })
    .openapi(compareSeasonsRoute, async (c) => {
      const { view, stale } = await loadHeadToHeadSeasons(read, results, c.req.valid('query'));
      viewHeaders(c, stale);
      return c.json(view, 200);
    })
    .openapi(groupSummaryRoute, async (c) => {
      const { name, id } = c.req.valid('query');
      const { seasons, stale } = await loadSeasons(read);
      const today = new Date(now()).toISOString().slice(0, 10);
      const summary = await groupSummary(read, results, seasons, { name, orgGroupIdentifier: id || undefined }, today);
      viewHeaders(c, stale || summary.stale);
      return c.json(summary.view, 200);
    })
    .openapi(searchIndexRoute, async (c) => {
      const { view, stale } = await searchIndex();
      viewHeaders(c, stale);
      return c.json(view, 200);
    })
    .openapi(competitionRoute, async (c) => {
      const { summary, stale } = await lookUp(c.req.valid('param').guid);
      // Asked of the upstream only where there is a schedule to read: the browser then never asks for one that is not there.
      const scheduleData = summary.competition.id !== null && (await results.extended(summary.season.id));
      viewHeaders(c, stale);
      return c.json({ ...summary, competition: { ...summary.competition, scheduleData } }, 200);
    });
}

/** The views' OpenAPI document, for the generated types of the web app (scripts/gen-api-types.ts). */
export function viewsDocument() {
  const router = createViewsRouter(() => Promise.reject(new Error('documentation only')), Date.now);
  // Served by app.ts outside this router (a stream must pass none of its middleware), documented with the views.
  router.openAPIRegistry.registerPath(liveStreamRoute);
  return router.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Marching Results BFF views', version: '1' },
    servers: [{ url: VIEWS_PREFIX }],
  });
}

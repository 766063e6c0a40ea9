/**
 * The BFF's own views, `/api/bff/...`: what the scoreboard's pages need that no single upstream read gives, derived
 * from the operations whose shapes are known on every upstream (the hosted service and our own API). They are
 * answered by the BFF itself, never forwarded: seasons with their year and current flag, a season's calendar, one
 * competition by its guid, and a season's standings and one group's season, which spare a phone the season's recaps.
 * Schema-first like the API's routes: `npm run gen:api-types` writes their types into src/lib/bff-types.ts.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { liveStreamRoute } from '../live/live-route.js';
import { liveDayStreamRoute } from '../live/day-route.js';
import { problemResponse } from '../http/problems.js';
import { representations } from '../http/representation.js';
import * as calendar from './calendar.view.js';
import { createCompetitionLookup, type CompetitionLookup } from './reads/competition-lookup.js';
import * as competition from './competition.view.js';
import * as corrections from './corrections.view.js';
import * as groupSeason from './group-season.view.js';
import * as groupSeasons from './group-seasons.view.js';
import * as groupSummary from './group-summary.view.js';
import * as headToHeadSeasons from './head-to-head-seasons.view.js';
import * as headToHead from './head-to-head.view.js';
import * as judgeSeason from './judge-season.view.js';
import * as judgeSeasons from './judge-seasons.view.js';
import * as judges from './judges.view.js';
import * as recapCsv from './recap-csv.view.js';
import { createSearchIndex } from './reads/search-index.js';
import * as searchIndex from './search-index.view.js';
import { createSeasonSource } from './reads/season-source.js';
import * as seasons from './seasons.view.js';
import * as standingsCsv from './standings-csv.view.js';
import * as standings from './standings.view.js';
import { type UpstreamRead } from './reads/upstream-reads.js';
import { ViewProblem } from './view-problem.js';
import type { View } from './view.js';
import * as winners from './winners.view.js';

export const VIEWS_PREFIX = '/api/bff';

/**
 * Every view module of this folder (`<name>.view.ts` exporting `view`, view.ts), by file name, listed rather than
 * found at run time so that tsc, the no-cycle rule and a compiled build all see them (docs/decisions/045). A new view
 * is one module plus its line here; test/bff/views-registry.test.ts fails when a module of the folder is missing.
 * Registered in this order, which is the order of the views' document (docs/bff-openapi.json).
 */
export const VIEW_MODULES: Readonly<Record<string, { view: View }>> = {
  'judge-seasons': judgeSeasons,
  seasons,
  calendar,
  standings,
  winners,
  judges,
  'group-season': groupSeason,
  'group-seasons': groupSeasons,
  'judge-season': judgeSeason,
  'standings-csv': standingsCsv,
  'recap-csv': recapCsv,
  'head-to-head': headToHead,
  'head-to-head-seasons': headToHeadSeasons,
  'group-summary': groupSummary,
  'search-index': searchIndex,
  competition,
  corrections,
};

/**
 * `read` answers from the proxy's cache while fresh; `readFresh` revalidates with the upstream (never a fresh-cache
 * hit): for a competition not found in the cached reads. `lookUp` is the app's one competition lookup, shared with
 * the live hub.
 */
export function createViewsRouter(deps: {
  read: UpstreamRead;
  readFresh: UpstreamRead;
  now: () => number;
  lookUp: CompetitionLookup;
}) {
  const { read, readFresh, now, lookUp } = deps;
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
  // Views are a few kilobytes to some tens: coded and validated as every answer of the BFF's own is (br or gzip, a
  // tag per coding), and answered 304 while unchanged, the stale mark kept.
  router.use('*', representations());
  router.onError((error) => {
    if (error instanceof ViewProblem) return error.response();
    throw error;
  });
  const context = {
    read,
    readFresh,
    now,
    results: createSeasonSource(read, now),
    lookUp,
    searchIndex: createSearchIndex(read, now),
  };
  for (const { view } of Object.values(VIEW_MODULES)) view.register(router, context);
  return router;
}

/** The views' OpenAPI document, for the generated types of the web app (scripts/gen-api-types.ts). */
export function viewsDocument() {
  const read: UpstreamRead = () => Promise.reject(new Error('documentation only'));
  const lookUp = createCompetitionLookup(read, read);
  const router = createViewsRouter({ read, readFresh: read, now: Date.now, lookUp });
  // Served by live/routes.ts outside this router (a stream must pass none of its middleware), documented here.
  router.openAPIRegistry.registerPath(liveStreamRoute);
  router.openAPIRegistry.registerPath(liveDayStreamRoute);
  return router.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Marching Results BFF views', version: '1' },
    servers: [{ url: VIEWS_PREFIX }],
  });
}

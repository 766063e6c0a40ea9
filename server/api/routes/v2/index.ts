/**
 * v2 (/2018-03/): read-only listings as top-level arrays of PascalCase records. `o` (organization guid) may be
 * omitted, as real clients do: it then means the token's organization; another organization's guid is refused.
 * Competitions and performances also answer callers without a token, for organizations open to programmatic
 * access (anonymous.ts, decision 026).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import type { AppEnv } from '../../http/context.js';
import { cachedJson, originOf } from '../../http/cached-json.js';
import { competitionsWithRegistration } from '../../db/repositories/registrations.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import {
  competitionSections,
  findCompetition,
  listCompetitions,
  roundsOf,
} from '../../db/repositories/competitions.read.js';
import { registeredGroups } from '../../db/repositories/registered-groups.read.js';
import { listSeasons } from '../../db/repositories/seasons.read.js';
import { currentSeason } from '../../db/repositories/current-season.js';
import { errorResponses, notFoundResponse, Problem, QueryBoolean } from '../schemas/common.js';
import { Int } from '../schemas/scalars.js';
import { CompetitionRecord, PerformanceRecord, RegisteredGroup } from '../schemas/v2.js';
import { competitionRecord, performanceRecord } from '../present/v2.js';
import { anonymousCompetitions, anonymousPerformances, type V2Reads } from './anonymous.js';

/** v2's reads that an organization may open to callers without a token (the bearer middleware asks). */
const ANONYMOUS_PATHS = new Set(['/2018-03/competitions', '/2018-03/performances']);
export const anonymousV2Read = (c: Context<AppEnv>) => c.req.method === 'GET' && ANONYMOUS_PATHS.has(c.req.path);

const OrgGuid = z.string().uuid('expected the organization guid').optional().openapi({
  description:
    "organization guid; default: the token's organization (without a token: every organization open to programmatic access, with year)",
});
const Year = Int(1900, 2999).optional().openapi({ description: 'season year, e.g. 2026' });
const CompetitionGuid = z.string().uuid('expected a competition guid');

/** OpenAPI's "a token, or none" (the empty requirement): anonymous callers may read an open organization. */
const tokenOrNone: Record<string, string[]>[] = [{ oauth2: [] }, {}];

/** v2's problem details also carry `Message`, the hosted service's error key (error-message.ts adds it). */
const V2Problem = Problem.extend({
  Message: z.string().openapi({ description: 'the same sentence as detail' }),
}).openapi('V2Problem');
const v2Error = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: V2Problem } },
});
const errors = {
  400: v2Error(errorResponses[400].description),
  401: v2Error(errorResponses[401].description),
  429: v2Error(errorResponses[429].description),
};
const forbidden = { 403: v2Error("Another organization's guid") };
const unknownCompetition = { 404: v2Error(notFoundResponse[404].description) };

const competitionsRoute = createRoute({
  method: 'get',
  path: '/competitions',
  summary: 'List competitions (v2)',
  description:
    'Without a token: the competitions of an organization open to programmatic access (`o`), or with `year` and no `o` those of every open organization; ' +
    'a closed or unknown organization answers `[]`, as the hosted service does (decision 026). Anonymous callers are rate-limited per address.',
  security: tokenOrNone,
  request: {
    query: z.strictObject({
      o: OrgGuid,
      year: Year,
      includePractice: QueryBoolean.optional().openapi({ description: 'default false' }),
    }),
  },
  responses: {
    200: {
      description: 'Competitions by date',
      content: { 'application/json': { schema: z.array(CompetitionRecord) } },
    },
    ...errors,
    ...forbidden,
  },
});

const performancesRoute = createRoute({
  method: 'get',
  path: '/performances',
  summary: "List a competition's performances with scores (v2)",
  description:
    'Without a token: the released performances of a competition of an organization open to programmatic access, divisions closed to it left out ' +
    '(`[]` when it is closed or none is open); a guid held by several open organizations answers from the oldest (decision 027). Unknown guid: 404.',
  security: tokenOrNone,
  request: { query: z.strictObject({ c: CompetitionGuid.openapi({ description: 'competition guid' }) }) },
  responses: {
    200: {
      description: 'Released performances, by division, round and rank',
      content: { 'application/json': { schema: z.array(PerformanceRecord) } },
    },
    ...errors,
    ...unknownCompetition,
  },
});

const groupsRoute = createRoute({
  method: 'get',
  path: '/groups',
  summary: 'List registered groups (v2)',
  request: {
    query: z.strictObject({
      o: OrgGuid,
      year: Year,
      c: CompetitionGuid.optional().openapi({ description: 'only groups registered (scheduled) in this competition' }),
    }),
  },
  responses: {
    200: { description: 'Groups by name', content: { 'application/json': { schema: z.array(RegisteredGroup) } } },
    ...errors,
    ...forbidden,
    ...unknownCompetition,
  },
});

function checkOrganization(c: Context<AppEnv>, o: string | undefined) {
  if (o !== undefined && o.toLowerCase() !== c.get('auth').orgGuid.toLowerCase()) {
    throw new ApiProblem(
      403,
      'forbidden_organization',
      "The o parameter names another organization: a token reads its own organization's data only",
      [{ name: 'o', in: 'query', message: "not the token's organization" }],
    );
  }
}

export function v2Routes(services: Services) {
  const db = services.database.db;
  /** The records a token of the organization reads; anonymous callers get these, filtered (anonymous.ts). */
  const reads: V2Reads = {
    async competitions(c, orgId, { year, includePractice }, keep = () => true) {
      const [all, seasons] = await Promise.all([
        listCompetitions(db, orgId, { seasonYear: year, includePractice }),
        listSeasons(db, orgId),
      ]);
      const rows = all.filter((row) => keep(row.id));
      const roundRows = await roundsOf(
        db,
        orgId,
        rows.map((row) => row.id),
      );
      const current = (await currentSeason(db, orgId, seasons)).id;
      const origin = originOf(c);
      const registered = await competitionsWithRegistration(
        db,
        orgId,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        competitionRecord(
          row,
          roundRows.filter((r) => r.competitionId === row.id),
          origin,
          current,
          registered.has(row.id),
        ),
      );
    },
    async performances(orgId, guid, divisionOpen = () => true) {
      const competition = await findCompetition(db, orgId, { guid });
      if (!competition) throw notFound(`Competition ${guid}`);
      const sections = (await competitionSections(db, orgId, competition.id)).filter(
        (section) => section.released && divisionOpen(section.division.id),
      );
      return sections.flatMap((section) =>
        [...section.performances]
          .sort((a, b) => rankKey(a) - rankKey(b) || a.group.name.localeCompare(b.group.name))
          .map((performance) => performanceRecord(section, performance)),
      );
    },
  };
  return newRouter()
    .openapi(competitionsRoute, (c) => {
      const { o, year, includePractice = false } = c.req.valid('query');
      if (c.get('anonymous')) return anonymousCompetitions(c, services, reads, { o, year, includePractice });
      checkOrganization(c, o);
      return cachedJson(c, services, async () => ({
        body: await reads.competitions(c, c.get('auth').orgId, { year, includePractice }),
      }));
    })
    .openapi(performancesRoute, (c) => {
      const { c: guid } = c.req.valid('query');
      if (c.get('anonymous')) return anonymousPerformances(c, services, reads, guid);
      return cachedJson(c, services, async () => ({ body: await reads.performances(c.get('auth').orgId, guid) }));
    })
    .openapi(groupsRoute, (c) => {
      const { o, year, c: guid } = c.req.valid('query');
      checkOrganization(c, o);
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        let competitionId: number | undefined;
        if (guid) {
          const competition = await findCompetition(db, orgId, { guid });
          if (!competition) throw notFound(`Competition ${guid}`);
          competitionId = competition.id;
        }
        return { body: await registeredGroups(db, orgId, { seasonYear: year, competitionId }) };
      });
    });
}

const rankKey = (performance: {
  performed: boolean;
  result: { performed: boolean; total: { rank: number | null } } | null;
}) =>
  performance.performed && performance.result?.performed
    ? (performance.result.total.rank ?? Number.MAX_SAFE_INTEGER)
    : Number.MAX_SAFE_INTEGER;

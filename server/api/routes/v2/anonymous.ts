/**
 * v2 reads by callers without a token (decision 026): what the hosted service serves to anonymous callers for
 * organizations that allow programmatic access. The records are exactly those a token of the organization reads
 * (the same `V2Reads`), less the divisions closed on their own; a closed or unknown organization answers `[]`,
 * an unknown competition guid 404.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';
import type { Services } from '../../services.js';
import { cachedJson, type CachedJsonResponse } from '../../http/cached-json.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { findOrganizationByGuid } from '../../db/repositories/organizations.js';
import {
  divisionAccess,
  divisionsByCompetition,
  openOrganizationIds,
  organizationsHoldingCompetition,
} from '../../db/repositories/programmatic-access.read.js';
import { ifNoneMatchHolds } from '../../../http-shared/if-none-match.js';
import type { CompetitionRecord, PerformanceRecord } from '../schemas/v2.js';

type Competition = z.infer<typeof CompetitionRecord>;
type Performance = z.infer<typeof PerformanceRecord>;

export interface CompetitionFilters {
  year?: number;
  includePractice: boolean;
}

/** The v2 records as a token of the organization reads them; the filters narrow them for anonymous callers. */
export interface V2Reads {
  competitions(
    c: Context<AppEnv>,
    orgId: number,
    filters: CompetitionFilters,
    keep?: (competitionId: number) => boolean,
  ): Promise<Competition[]>;
  /** throws a 404 problem when the organization has no competition with this guid */
  performances(orgId: number, guid: string, divisionOpen?: (divisionId: number) => boolean): Promise<Performance[]>;
}

/** What a closed or unknown organization answers: an empty list, as the hosted service does (never cached). */
function nothingOpen<T>(c: Context<AppEnv>): CachedJsonResponse<T[]> {
  c.header('cache-control', 'private, no-cache');
  return c.json([], 200);
}

/** The organization's competitions an anonymous caller may see: none when no division is open. */
async function openCompetitions(
  c: Context<AppEnv>,
  services: Services,
  reads: V2Reads,
  orgId: number,
  filters: CompetitionFilters,
): Promise<Competition[]> {
  const db = services.database.db;
  const { open, closed } = await divisionAccess(db, orgId);
  if (open.size === 0) return [];
  if (closed.size === 0) return reads.competitions(c, orgId, filters);
  // A competition whose every performance is in a closed division has nothing to show.
  const divisions = await divisionsByCompetition(db, orgId);
  return reads.competitions(c, orgId, filters, (id) => {
    const held = divisions.get(id);
    return held === undefined || [...held].some((divisionId) => open.has(divisionId));
  });
}

export async function anonymousCompetitions(
  c: Context<AppEnv>,
  services: Services,
  reads: V2Reads,
  query: { o?: string; year?: number; includePractice: boolean },
): Promise<CachedJsonResponse<Competition[]>> {
  const db = services.database.db;
  const filters = { year: query.year, includePractice: query.includePractice };
  if (query.o !== undefined) {
    const organization = await findOrganizationByGuid(db, query.o);
    if (!organization?.programmaticAccess) return nothingOpen(c);
    return cachedJson(
      c,
      services,
      async () => ({ body: await openCompetitions(c, services, reads, organization.id, filters) }),
      {
        orgId: organization.id,
        variant: 'anonymous',
      },
    );
  }
  if (query.year === undefined) {
    throw new ApiProblem(
      400,
      'organization_or_year_required',
      'Without an access token, name an organization (o) or a season year (year)',
      [{ name: 'o', in: 'query', message: 'required without an access token unless year is given' }],
    );
  }
  // Every open organization's list, each from that organization's cache (its writes invalidate it), merged by date.
  const origin = new URL(c.req.url).origin;
  const key = `anonymous-year|${origin}|${query.year}|${query.includePractice}`;
  const lists = await Promise.all(
    (await openOrganizationIds(db)).map((orgId) =>
      services.cache.get(orgId, key, async () => ({
        status: 200,
        value: await openCompetitions(c, services, reads, orgId, filters),
      })),
    ),
  );
  const etag = `"${createHash('sha256')
    .update(lists.map((list) => list.etag).join(','))
    .digest('base64url')
    .slice(0, 27)}"`;
  c.header('etag', etag);
  c.header('cache-control', 'private, no-cache');
  c.header('vary', 'Authorization');
  if (ifNoneMatchHolds(c.req.header('if-none-match'), [etag]))
    return c.body(null, 304) as unknown as CachedJsonResponse<Competition[]>;
  const decoder = new TextDecoder();
  const merged = lists
    .flatMap((list) => JSON.parse(decoder.decode(list.body)) as Competition[])
    .sort((a, b) => (a.Date < b.Date ? -1 : a.Date > b.Date ? 1 : 0));
  return c.json(merged, 200);
}

export async function anonymousPerformances(
  c: Context<AppEnv>,
  services: Services,
  reads: V2Reads,
  guid: string,
): Promise<CachedJsonResponse<Performance[]>> {
  const db = services.database.db;
  const [holder] = await organizationsHoldingCompetition(db, guid);
  if (!holder) throw notFound(`Competition ${guid}`);
  if (!holder.open) return nothingOpen(c);
  return cachedJson(
    c,
    services,
    async () => {
      const { open } = await divisionAccess(db, holder.orgId);
      return { body: await reads.performances(holder.orgId, guid, (divisionId) => open.has(divisionId)) };
    },
    { orgId: holder.orgId, variant: 'anonymous' },
  );
}

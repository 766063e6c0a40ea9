/** The draw (issue 40): preview, commit, and the recorded draws re-run. */
import type { z } from '@hono/zod-openapi';
import { verifyDraw } from '../../../../domain/draw/record.js';
import { MAX_SEED } from '../../../../domain/draw/splitmix64.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, originOf } from '../../http/cached-json.js';
import { DRAW_FOLDER, PUBLISHED_PREFIX } from '../pages/addresses.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import { requestActor } from '../../http/write-unit.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { competitionDraws, type DrawRow } from '../../db/repositories/draws.read.js';
import { commitDraw, DrawChanged, previewDraw, type DrawRequest } from '../../db/repositories/draws.write.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { isoTimestamp } from '../present/v4.js';
import * as routes from './draws.routes.js';

/** A seed as the body gives it: a JSON number, or digits (a form's field). */
function seedOf(value: number | string | undefined): number | undefined {
  if (value === undefined || typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const seed = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seed))
    throw new RuleViolation('seed', `the seed must be a whole number from 0 to ${MAX_SEED}`);
  return seed;
}

function requestOf(competitionId: number, body: z.infer<typeof routes.DrawBody>): DrawRequest {
  return { ...body, competitionId, seed: seedOf(body.seed) };
}

async function orNotFound<T>(competitionId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError && error.entity === 'competition')
      throw notFound(`Competition ${competitionId}`);
    throw error;
  }
}

/** The address of a competition's published draw page (routes/pages/), at the origin the caller reached the API at. */
export const drawPageUrl = (origin: string, organizationGuid: string, competitionGuid: string) =>
  `${origin}${PUBLISHED_PREFIX}/${organizationGuid}/${DRAW_FOLDER}/${competitionGuid}.htm`;

/**
 * The published form of every draw of a competition: the latest of each division and round is the current one;
 * `pageUrl` is the competition's draw page, each draw linked at its section there.
 */
export function presentDraws(rows: readonly DrawRow[], pageUrl: string) {
  const latest = new Map<string, number>();
  for (const row of rows) latest.set(`${row.roundId}:${row.divisionId}`, row.id);
  return rows.map((row) => ({
    id: row.id,
    guid: row.guid,
    round: { number: row.roundNumber, name: row.roundName },
    division: { id: row.divisionId, name: row.divisionName },
    drawnAt: isoTimestamp(row.drawnAt),
    drawnBy: row.drawnBy.name,
    current: latest.get(`${row.roundId}:${row.divisionId}`) === row.id,
    verified: verifyDraw(row.record).same,
    pageUrl: `${pageUrl}#draw-${row.guid}`,
    record: row.record,
  }));
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.previewDraw, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const request = requestOf(competitionId, validBody(c));
      const drawn = await orNotFound(competitionId, () => previewDraw(db, orgId, request));
      return c.json({ round: drawn.round, division: drawn.division, record: drawn.record }, 200);
    })
    .openapi(routes.commitDraw, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const request = requestOf(competitionId, validBody(c));
      const row = await orNotFound(competitionId, () => commitDraw(db, orgId, request, requestActor(c))).catch(
        (error: unknown) => {
          if (error instanceof DrawChanged) throw new ApiProblem(409, 'draw_changed', error.message);
          throw error;
        },
      );
      const competition = await findCompetition(db, orgId, { id: competitionId });
      if (!competition) throw notFound(`Competition ${competitionId}`);
      const pageUrl = drawPageUrl(originOf(c), c.get('auth').orgGuid, competition.guid);
      const draws = presentDraws(await competitionDraws(db, orgId, competitionId), pageUrl);
      const drawn = draws.find((draw) => draw.id === row.id);
      if (!drawn) throw new Error(`draw ${row.id} was not read back`);
      return c.json(drawn, 201);
    })
    .openapi(routes.listDraws, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const pageUrl = drawPageUrl(originOf(c), c.get('auth').orgGuid, competition.guid);
        return { body: { data: presentDraws(await competitionDraws(db, orgId, competitionId), pageUrl) } };
      });
    });
}

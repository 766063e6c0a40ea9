/**
 * A competition's corrections after release, for the fans' recap to mark the corrected numbers with their reasons
 * (reads/corrections.ts). Read where the upstream answers our API's extensions; on the hosted service, none.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { readCorrections } from './reads/corrections.js';
import type { UpstreamRead } from './reads/upstream-reads.js';
import { ViewProblem } from './view-problem.js';
import { RecapCorrection } from './view-schemas.js';
import { defineView, GuidParams, json, viewHeaders } from './view.js';

const CompetitionCorrections = z
  .object({ data: z.array(RecapCorrection).openapi({ description: 'oldest first within each division and round' }) })
  .openapi('BffCompetitionCorrections');

const route = createRoute({
  method: 'get',
  path: '/competitions/{guid}/corrections',
  summary: "A competition's corrections after release",
  request: { params: GuidParams },
  responses: json(
    CompetitionCorrections,
    'Each released number changed after release, from what to what, when and why',
  ),
});

/**
 * The corrections, or none marked stale when the upstream is down with no saved copy of them: the recap they mark is
 * still there to read (its records' saved copies), and a fan is better served by it without the marks than not at all.
 */
async function correctionsIn(read: UpstreamRead, competitionId: number) {
  try {
    return await readCorrections(read, competitionId);
  } catch (error) {
    if (error instanceof ViewProblem && error.status >= 500) return { data: [], stale: true };
    throw error;
  }
}

export const view = defineView(route, ({ read, lookUp, results }) => async (c) => {
  const { summary, stale } = await lookUp(c.req.valid('param').guid);
  const { id } = summary.competition;
  const corrections =
    summary.competition.scoresReleased && id !== null && (await results.extended(summary.season.id))
      ? await correctionsIn(read, id)
      : { data: [], stale: false };
  viewHeaders(c, stale || corrections.stale);
  return c.json({ data: corrections.data }, 200);
});

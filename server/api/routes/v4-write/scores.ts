import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import type { DbOrTx } from '../../db/database.js';
import { setPenalty, setSubcaptionScores } from '../../db/write/scores.js';
import { releaseScores, unreleaseScores } from '../../db/write/competitions.js';
import { NotFoundError, RuleViolation } from '../../db/write/errors.js';
import { competitions, performances, rounds } from '../../db/schema.js';
import { Decimal, Int, IntId, Text } from '../schemas/scalars.js';
import { Round } from '../schemas/v4.js';
import { rankOrNull } from '../present/v4.js';
import { BoolField, bodyOf, foldDottedFields, validBody } from './body.js';
import { writeErrors } from './groups.js';

// Any finite number: the round's score sheet decides each line's range, and a score off it is a 422 naming the line.
const Score = Decimal();

const ScoresBody = z
  .preprocess(
    foldDottedFields,
    z.strictObject({
      captionKey: Text(50).min(1),
      scores: z
        .union([
          z.array(z.strictObject({ subcaptionKey: Text(50).min(1), score: Score })).min(1).max(50),
          z.record(Text(50).min(1), Score).transform((record) => Object.entries(record).map(([subcaptionKey, score]) => ({ subcaptionKey, score }))),
        ])
        .openapi({ description: 'the judge\'s number per subcaption line: [{subcaptionKey, score}] or {"rep": 68}; a form sends scores.rep=68' }),
    }),
  )
  .openapi('CaptionScores');

const PenaltiesBody = z
  .preprocess(
    (value) => {
      // a form carries one penalty as amount/reason; JSON may send the list
      const folded = foldDottedFields(value);
      if (typeof folded !== 'object' || folded === null || !Object.hasOwn(folded, 'amount') || Object.hasOwn(folded, 'penalties')) return folded;
      const fields: Record<string, unknown> = Object.assign(Object.create(null), folded);
      const penalty = { amount: fields.amount, reason: fields.reason };
      delete fields.amount;
      delete fields.reason;
      fields.penalties = [penalty];
      return fields;
    },
    z.strictObject({
      penalties: z.array(z.strictObject({ amount: Decimal({ min: 0, max: 100 }), reason: Text(200).optional() })).max(20),
    }),
  )
  .openapi('Penalties');

const ReleaseBody = z
  .strictObject({
    round: Int(1, 20).optional().openapi({ description: 'one round; default every round' }),
    released: BoolField.optional().openapi({ description: 'default true; false withdraws released scores' }),
  })
  .openapi('Release');

const PerformanceResultBody = z
  .object({
    performanceId: z.number().int(),
    released: z.boolean(),
    performed: z.boolean(),
    total: z.object({ score: z.number(), rank: z.number().int().nullable() }).nullable(),
    subtotal: z.object({ score: z.number(), rank: z.number().int().nullable() }).nullable(),
    penalty: z.number(),
  })
  .openapi('PerformanceTabulation');

const performanceParams = z.object({ performanceId: IntId('performanceId') });

const routes = {
  scores: createRoute({
    method: 'post',
    path: '/performances/{performanceId}/scores',
    summary: "Enter one judge's caption sheet for a performance (score entry extension)",
    description: 'Replaces the caption\'s numbers, checks them against the round\'s score sheet (422 for an unknown caption or line or a score outside 0..max) and re-tabulates the division and round in the same transaction.',
    request: { params: performanceParams, body: bodyOf(ScoresBody, 'caption and its subcaption numbers') },
    responses: { 200: { description: 'The performance as now tabulated (visible to reads once released)', content: { 'application/json': { schema: PerformanceResultBody } } }, ...writeErrors },
  }),
  penalties: createRoute({
    method: 'post',
    path: '/performances/{performanceId}/penalties',
    summary: "Replace a performance's timing and other penalties (score entry extension)",
    request: { params: performanceParams, body: bodyOf(PenaltiesBody, 'the penalties; an empty list clears them') },
    responses: { 200: { description: 'The performance as now tabulated', content: { 'application/json': { schema: PerformanceResultBody } } }, ...writeErrors },
  }),
  release: createRoute({
    method: 'post',
    path: '/competitions/{competitionId}/release',
    summary: "Release (or withdraw) a competition's or a round's scores (score entry extension)",
    request: { params: z.object({ competitionId: IntId('competitionId') }), body: bodyOf(ReleaseBody, 'which round, and whether released') },
    responses: { 200: { description: 'The rounds after the change', content: { 'application/json': { schema: z.object({ rounds: z.array(Round) }) } } }, ...writeErrors },
  }),
};

async function tabulated(db: DbOrTx, orgId: number, performanceId: number) {
  const [row] = await db
    .select({ id: performances.id, performed: performances.performed, result: performances.result, released: rounds.scoresReleased })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .where(and(eq(performances.orgId, orgId), eq(performances.id, performanceId)));
  if (!row) throw new NotFoundError('performance', performanceId);
  const result = row.result;
  const performed = row.performed && (result?.performed ?? false);
  return {
    performanceId: row.id,
    released: row.released,
    performed,
    total: result && performed ? { score: result.total.score, rank: rankOrNull(result.total.rank) } : null,
    subtotal: result && performed ? { score: result.subtotal.score, rank: rankOrNull(result.subtotal.rank) } : null,
    penalty: result?.penalty ?? 0,
  };
}

export function scoreWriteRoutes(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.scores, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      await setSubcaptionScores(db, orgId, { performanceId, ...validBody<z.infer<typeof ScoresBody>>(c) });
      services.cache.invalidate(orgId);
      return c.json(await tabulated(db, orgId, performanceId), 200);
    })
    .openapi(routes.penalties, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      await setPenalty(db, orgId, { performanceId, ...validBody<z.infer<typeof PenaltiesBody>>(c) });
      services.cache.invalidate(orgId);
      return c.json(await tabulated(db, orgId, performanceId), 200);
    })
    .openapi(routes.release, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const { round, released = true } = validBody<z.infer<typeof ReleaseBody>>(c);
      const [competition] = await db.select({ id: competitions.id }).from(competitions).where(and(eq(competitions.orgId, orgId), eq(competitions.id, competitionId)));
      if (!competition) throw new NotFoundError('competition', competitionId);
      if (round !== undefined) {
        const [exists] = await db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.competitionId, competitionId), eq(rounds.number, round)));
        if (!exists) throw new RuleViolation('round', `competition ${competitionId} has no round ${round}`);
      }
      await (released ? releaseScores : unreleaseScores)(db, orgId, { competitionId, roundNumber: round });
      services.cache.invalidate(orgId);
      const roundRows = await db.select().from(rounds).where(eq(rounds.competitionId, competitionId)).orderBy(asc(rounds.number));
      return c.json({ rounds: roundRows.map((r) => ({ number: r.number, name: r.name, scoresReleased: r.scoresReleased })) }, 200);
    });
}

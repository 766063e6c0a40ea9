import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import type { DbOrTx } from '../../db/database.js';
import { addPerformance, deletePerformance, setPerformed } from '../../db/write/performances.js';
import { ensureRound, setPanelJudge } from '../../db/write/rounds.js';
import { NotFoundError } from '../../db/write/errors.js';
import { competitions, divisions, groups, performances, rounds } from '../../db/schema.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';
import { Performance } from '../schemas/v4.js';
import { isoTimestamp } from '../present/v4.js';
import { BoolField, bodyOf, referencing, validBody } from './body.js';
import { writeErrors } from './groups.js';

const AddPerformanceBody = z
  .strictObject({
    groupId: PositiveInt,
    divisionId: PositiveInt,
    round: Int(1, 20).optional().openapi({ description: 'round number, default 1' }),
    roundName: Text(100).optional().openapi({ description: 'names the round when this creates it ("Prelims", "Finals")' }),
    time: Timestamp.optional().openapi({ description: 'performance time, ISO 8601 with time zone: what the schedule shows' }),
    order: Int(0, 10_000).optional(),
  })
  .openapi('AddPerformance');

const PerformedBody = z
  .strictObject({ performed: BoolField, noScoreReason: Text(200).optional() })
  .openapi('SetPerformed');

const JudgeBody = z
  .strictObject({
    round: Int(1, 20),
    divisionId: PositiveInt,
    captionKey: Text(50).min(1),
    firstName: Text(100),
    lastName: Text(100).min(1),
  })
  .openapi('SeatJudge');

const competitionParams = z.object({ competitionId: IntId('competitionId') });
const performanceParams = z.object({ performanceId: IntId('performanceId') });

const routes = {
  add: createRoute({
    method: 'post',
    path: '/competitions/{competitionId}/performances',
    summary: "Add a performance (a group in a competition's division and round, at its time)",
    request: { params: competitionParams, body: bodyOf(AddPerformanceBody, 'The performance') },
    responses: { 201: { description: 'Created', content: { 'application/json': { schema: Performance } } }, ...writeErrors },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/performances/{performanceId}',
    summary: 'Delete a performance (its scores go with it; its division and round are ranked again)',
    request: { params: performanceParams },
    responses: { 204: { description: 'Deleted' }, ...writeErrors },
  }),
  performed: createRoute({
    method: 'post',
    path: '/performances/{performanceId}/performed',
    summary: 'Mark whether a group performed (score entry extension)',
    request: { params: performanceParams, body: bodyOf(PerformedBody, 'performed flag and the reason shown when false') },
    responses: { 200: { description: 'The performance', content: { 'application/json': { schema: Performance } } }, ...writeErrors },
  }),
  judge: createRoute({
    method: 'post',
    path: '/competitions/{competitionId}/judges',
    summary: "Seat a judge on a caption of a division's panel (score entry extension)",
    request: { params: competitionParams, body: bodyOf(JudgeBody, 'The judge and the caption') },
    responses: {
      200: {
        description: 'Seated',
        content: { 'application/json': { schema: z.object({ round: z.number().int(), divisionId: z.number().int(), captionKey: z.string(), firstName: z.string(), lastName: z.string() }) } },
      },
      ...writeErrors,
    },
  }),
};

export async function presentPerformance(db: DbOrTx, orgId: number, performanceId: number) {
  const [row] = await db
    .select({
      id: performances.id,
      competitionId: rounds.competitionId,
      round: { number: rounds.number, name: rounds.name },
      division: { id: divisions.id, name: divisions.name, initials: divisions.initials },
      group: { id: groups.id, name: groups.name, location: groups.location },
      performsAt: performances.performsAt,
      order: performances.performanceOrder,
      performed: performances.performed,
      noScoreReason: performances.noScoreReason,
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(divisions, eq(divisions.id, performances.divisionId))
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.orgId, orgId), eq(performances.id, performanceId)));
  if (!row) throw new NotFoundError('performance', performanceId);
  const { performsAt, ...rest } = row;
  return { ...rest, time: performsAt ? isoTimestamp(performsAt) : null };
}

export function performanceWriteRoutes(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.add, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody<z.infer<typeof AddPerformanceBody>>(c);
      const created = await db.transaction(async (tx) => {
        const round = await ensureRound(tx, orgId, { competitionId, number: body.round ?? 1, name: body.roundName });
        return referencing({ group: 'groupId', division: 'divisionId' }, () =>
          addPerformance(tx, orgId, { roundId: round.id, divisionId: body.divisionId, groupId: body.groupId, performsAt: body.time ?? null, order: body.order }),
        );
      });
      services.cache.invalidate(orgId);
      return c.json(await presentPerformance(db, orgId, created.id), 201);
    })
    .openapi(routes.remove, async (c) => {
      const orgId = c.get('auth').orgId;
      await deletePerformance(db, orgId, c.req.valid('param'));
      services.cache.invalidate(orgId);
      return c.body(null, 204);
    })
    .openapi(routes.performed, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      await setPerformed(db, orgId, { performanceId, ...validBody<z.infer<typeof PerformedBody>>(c) });
      services.cache.invalidate(orgId);
      return c.json(await presentPerformance(db, orgId, performanceId), 200);
    })
    .openapi(routes.judge, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody<z.infer<typeof JudgeBody>>(c);
      await db.transaction(async (tx) => {
        const [competition] = await tx.select({ id: competitions.id }).from(competitions).where(and(eq(competitions.orgId, orgId), eq(competitions.id, competitionId)));
        if (!competition) throw new NotFoundError('competition', competitionId);
        await referencing({ round: 'round', division: 'divisionId' }, async () => {
          const [round] = await tx.select().from(rounds).where(and(eq(rounds.competitionId, competitionId), eq(rounds.number, body.round)));
          if (!round) throw new NotFoundError('round', body.round);
          await setPanelJudge(tx, orgId, { roundId: round.id, divisionId: body.divisionId, captionKey: body.captionKey, firstName: body.firstName, lastName: body.lastName });
        });
      });
      services.cache.invalidate(orgId);
      return c.json({ round: body.round, divisionId: body.divisionId, captionKey: body.captionKey, firstName: body.firstName, lastName: body.lastName }, 200);
    });
}

/** Critique sign-up (issue 39, item 4; decision 137): the circuit's critique schedules and a group's slot. */
import { critiqueProblems, critiqueSlots, type CritiqueSlot } from '../../../../domain/critique/slots.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { requireGroup } from '../../http/group-scope.js';
import { validBody } from '../../http/write-body.js';
import type { DbOrTx } from '../../db/database.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { findGroup } from '../../db/repositories/groups.read.js';
import {
  changeCritique,
  closeCritique,
  competitionCritiques,
  CritiqueConflict,
  findCritique,
  groupCritiques,
  heldSlots,
  holdersOf,
  openCritique,
  pickSlot,
  planOf,
  runningOrder,
  type CritiqueRow,
  type HeldSlot,
  type PlanInput,
} from '../../db/repositories/critiques.js';
import { isoTimestamp } from '../present/v4.js';
import * as routes from './critiques.routes.js';

/** A group's slot is the group's: never kept by a shared cache. */
const PRIVATE = { 'cache-control': 'private, no-store' };

const iso = (ms: number) => new Date(ms).toISOString();

const inWords = (error: unknown): never => {
  if (error instanceof CritiqueConflict) throw new ApiProblem(409, error.code, error.message);
  throw error;
};

/** Every broken rule of the plan, each naming its field: one 422 with them all. */
function checkPlan(plan: PlanInput) {
  const problems = critiqueProblems({ ...plan, from: plan.from.getTime(), to: plan.to.getTime() });
  if (problems.length > 0)
    throw new ApiProblem(
      422,
      'rule_violation',
      problems.map((problem) => problem.message).join('; '),
      problems.map((problem) => ({ name: problem.field, in: 'body' as const, message: problem.message })),
    );
}

const presentSlot = (slot: CritiqueSlot) => ({
  number: slot.number,
  startsAt: iso(slot.startsAt),
  endsAt: iso(slot.endsAt),
  visits: slot.visits.map((visit) => ({
    station: visit.station,
    startsAt: iso(visit.startsAt),
    endsAt: iso(visit.endsAt),
  })),
});

function planFields(row: CritiqueRow, now: number) {
  return {
    id: row.id,
    competition: { id: row.competitionId, name: row.competitionName, date: isoTimestamp(row.competitionStartsAt) },
    round: { number: row.roundNumber, name: row.roundName },
    division: { id: row.divisionId, name: row.divisionName },
    stations: row.stations,
    slotMinutes: row.slotMinutes,
    from: isoTimestamp(row.startsAt),
    to: isoTimestamp(row.endsAt),
    mode: row.mode,
    signUpOpen: row.mode === 'pick' && now < row.startsAt.getTime(),
  };
}

/** The whole schedule: every slot with the group in it, and who has none. */
async function presentCritique(db: DbOrTx, row: CritiqueRow, held: readonly HeldSlot[], now: number) {
  const { holders, unplaced } = await holdersOf(db, row, held);
  const bySlot = new Map(holders.map((holder) => [holder.slot, holder] as const));
  const notPicked =
    row.mode === 'pick'
      ? (await runningOrder(db, row.roundId, row.divisionId)).filter(
          (group) => !holders.some((holder) => holder.groupId === group.groupId),
        )
      : unplaced;
  return {
    ...planFields(row, now),
    slots: critiqueSlots(planOf(row)).map((slot) => {
      const holder = bySlot.get(slot.number);
      return { ...presentSlot(slot), group: holder ? { id: holder.groupId, name: holder.groupName } : null };
    }),
    unplaced: notPicked.map((group) => ({ id: group.groupId, name: group.groupName })),
  };
}

/** One group's view: its own slot and the free ones, never who holds the others. */
async function presentGroupCritique(
  db: DbOrTx,
  row: CritiqueRow,
  held: readonly HeldSlot[],
  groupId: number,
  now: number,
) {
  const { holders } = await holdersOf(db, row, held);
  const own = holders.find((holder) => holder.groupId === groupId);
  const slots = critiqueSlots(planOf(row));
  const fields = planFields(row, now);
  const taken = new Set(holders.map((holder) => holder.slot));
  const ownSlot = own ? slots.find((slot) => slot.number === own.slot) : undefined;
  return {
    ...fields,
    slot: ownSlot ? presentSlot(ownSlot) : null,
    state:
      row.mode === 'pick'
        ? ownSlot
          ? ('picked' as const)
          : ('not-picked' as const)
        : ownSlot
          ? ('placed' as const)
          : ('no-slot' as const),
    free: fields.signUpOpen ? slots.filter((slot) => !taken.has(slot.number)).map(presentSlot) : [],
  };
}

async function critiqueOr404(db: DbOrTx, orgId: number, id: number) {
  const row = await findCritique(db, orgId, id);
  if (!row) throw notFound(`Critique ${id}`);
  return row;
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.listCompetitionCritiques, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      if (!(await findCompetition(db, orgId, { id: competitionId }))) throw notFound(`Competition ${competitionId}`);
      const rows = await competitionCritiques(db, orgId, competitionId);
      const held = await heldSlots(
        db,
        rows.map((row) => row.id),
      );
      const now = services.now();
      const data = await Promise.all(rows.map((row) => presentCritique(db, row, held.get(row.id) ?? [], now)));
      return c.json({ data }, 200);
    })
    .openapi(routes.openCritique, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody(c);
      checkPlan(body);
      const id = await openCritique(db, orgId, competitionId, body).catch(inWords);
      const row = await critiqueOr404(db, orgId, id);
      return c.json(await presentCritique(db, row, [], services.now()), 201);
    })
    .openapi(routes.changeCritique, async (c) => {
      const orgId = c.get('auth').orgId;
      const { critiqueId } = c.req.valid('param');
      const body = validBody(c);
      await critiqueOr404(db, orgId, critiqueId);
      checkPlan(body);
      await changeCritique(db, orgId, critiqueId, body).catch(inWords);
      const row = await critiqueOr404(db, orgId, critiqueId);
      const held = await heldSlots(db, [critiqueId]);
      return c.json(await presentCritique(db, row, held.get(critiqueId) ?? [], services.now()), 200);
    })
    .openapi(routes.closeCritique, async (c) => {
      const { critiqueId } = c.req.valid('param');
      await closeCritique(db, c.get('auth').orgId, critiqueId);
      return c.body(null, 204);
    })
    .openapi(routes.listGroupCritiques, async (c) => {
      const auth = c.get('auth');
      const { groupId } = c.req.valid('param');
      requireGroup(auth, groupId, 'read-group');
      if (!(await findGroup(db, auth.orgId, groupId))) throw notFound(`Group ${groupId}`);
      const rows = await groupCritiques(db, auth.orgId, groupId);
      const held = await heldSlots(
        db,
        rows.map((row) => row.id),
      );
      const now = services.now();
      const data = await Promise.all(
        rows.map((row) => presentGroupCritique(db, row, held.get(row.id) ?? [], groupId, now)),
      );
      return c.json({ data }, 200, PRIVATE);
    })
    .openapi(routes.pickCritiqueSlot, async (c) => {
      const auth = c.get('auth');
      const { groupId, critiqueId } = c.req.valid('param');
      if (c.get('permission') === 'register-group') requireGroup(auth, groupId, 'register-group', 'set-up');
      if (!(await findGroup(db, auth.orgId, groupId))) throw notFound(`Group ${groupId}`);
      const now = services.now();
      await pickSlot(db, auth.orgId, critiqueId, groupId, validBody(c).slot, new Date(now)).catch(inWords);
      const row = await critiqueOr404(db, auth.orgId, critiqueId);
      const held = await heldSlots(db, [critiqueId]);
      return c.json(await presentGroupCritique(db, row, held.get(critiqueId) ?? [], groupId, now), 200, PRIVATE);
    });
}

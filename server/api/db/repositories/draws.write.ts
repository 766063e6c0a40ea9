/**
 * Drawing a division and round's running order (issue 40): the entries and their previous scores read, the rule
 * run (domain/draw), and on commit the draw recorded and the performances put in its order, in one unit.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DRAW_PROCEDURE, type DrawRecord, type ScoreSource } from '../../../../domain/draw/record.js';
import {
  DrawInputError,
  SCORE_RULES,
  runDraw,
  type DrawEntry,
  type DrawInput,
  type DrawRule,
} from '../../../../domain/draw/rules.js';
import type { DbOrTx } from '../database.js';
import type { AuditActor } from '../audit-actor.js';
import { divisions, draws, performances, rounds } from '../schema.js';
import { findCompetition } from './competitions.read.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { previousScores, sectionEntries, type PreviousScore } from './draws.read.js';
import { orgWrite, requireOwned } from './support.js';

export interface DrawRequest {
  competitionId: number;
  round: number;
  divisionId: number;
  rule: DrawRule;
  /** random: each entry's tier (tier 1 performs first); given, the draw is made tier by tier */
  tiers?: readonly { groupId: number; tier: number }[];
  blocks?: number;
  flights?: number;
  /** hand: the group ids, the first performs first */
  order?: readonly number[];
  /** the score rules: the season's latest totals (default) or one competition's */
  scoreFrom?: 'season' | 'competition';
  scoreCompetitionId?: number;
  /** drawn by the server when absent */
  seed?: number;
  /** commit: the order the preview showed (group ids, first performs first); another order now is a DrawChanged */
  previewedOrder?: readonly number[];
}

/**
 * A commit whose draw, from the previewed seed, is no longer the order the preview showed: the entries (or, for the
 * score rules, the scores) changed since. Answered 409: what was seen is what is recorded, or nothing is.
 */
export class DrawChanged extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DrawChanged';
  }
}

/** Seeds the server draws itself are below this (crypto.randomInt's widest range): 15 digits anyone can read out and type. */
const SERVER_SEED_LIMIT = 2 ** 48 - 1;

export interface Drawn {
  roundId: number;
  divisionId: number;
  round: { number: number; name: string };
  division: { id: number; name: string };
  record: DrawRecord;
}

/** The draw the request makes, without writing anything (the page's preview). */
export async function previewDraw(db: DbOrTx, orgId: number, request: DrawRequest): Promise<Drawn> {
  return (await drawSection(db, orgId, request)).drawn;
}

/**
 * Makes the draw and records it: the draw's row (never changed afterwards) and each performance's place; the times
 * of the division's slots stay with the places, earliest first (decision 096), so order and times agree.
 */
export async function commitDraw(db: DbOrTx, orgId: number, request: DrawRequest, by: AuditActor) {
  return orgWrite(db, orgId, async (tx) => {
    const { drawn, entries } = await drawSection(tx, orgId, request);
    if (request.previewedOrder) {
      const now = drawn.record.order.map((place) => place.groupId);
      if (now.join(',') !== request.previewedOrder.join(',')) {
        const names = new Map(drawn.record.input.entries.map((entry) => [entry.groupId, entry.name]));
        const previewed = new Set(request.previewedOrder);
        const added = now.filter((groupId) => !previewed.has(groupId)).map((groupId) => names.get(groupId));
        const gone = request.previewedOrder.filter((groupId) => !now.includes(groupId));
        const changes = [
          ...(added.length > 0 ? [`entered since: ${added.join(', ')}`] : []),
          ...(gone.length > 0 ? [`no longer entered: ${gone.length} group${gone.length === 1 ? '' : 's'}`] : []),
        ];
        throw new DrawChanged(
          `The draw changed since its preview (${changes.length > 0 ? changes.join('; ') : 'the scores it ranks by changed'}): nothing was recorded. Preview again and commit what you see.`,
        );
      }
    }
    const byGroup = new Map(entries.map((entry) => [entry.groupId, entry]));
    const slots = entries
      .map((entry) => entry.performsAt)
      .sort((a, b) => (a?.getTime() ?? Infinity) - (b?.getTime() ?? Infinity));
    for (const place of drawn.record.order) {
      const entry = byGroup.get(place.groupId) as (typeof entries)[number];
      await tx
        .update(performances)
        .set({ performanceOrder: place.position, performsAt: slots[place.position - 1] ?? null })
        .where(eq(performances.id, entry.performanceId));
    }
    const [row] = await tx
      .insert(draws)
      .values({
        orgId,
        guid: randomUUID(),
        roundId: drawn.roundId,
        divisionId: drawn.divisionId,
        record: drawn.record,
        drawnBy: by,
      })
      .returning({ id: draws.id });
    return row;
  });
}

async function drawSection(db: DbOrTx, orgId: number, request: DrawRequest) {
  const competition = await findCompetition(db, orgId, { id: request.competitionId });
  if (!competition) throw new NotFoundError('competition', request.competitionId);
  let division;
  try {
    division = await requireOwned(db, divisions, 'division', orgId, request.divisionId);
  } catch (error) {
    if (error instanceof NotFoundError)
      throw new RuleViolation('divisionId', `no division ${request.divisionId} in this organization`);
    throw error;
  }
  const [round] = await db
    .select({ id: rounds.id, name: rounds.name })
    .from(rounds)
    .where(and(eq(rounds.competitionId, competition.id), eq(rounds.number, request.round)));
  if (!round) throw new RuleViolation('round', `competition ${competition.id} has no round ${request.round}`);
  const entries = await sectionEntries(db, orgId, round.id, division.id);

  let scores = new Map<number, PreviousScore>();
  let scoreSource: ScoreSource | undefined;
  if (SCORE_RULES.includes(request.rule)) {
    const groupIds = entries.map((entry) => entry.groupId);
    if (request.scoreFrom === 'competition') {
      if (request.scoreCompetitionId === undefined)
        throw new RuleViolation('scoreCompetitionId', 'name the competition whose scores the draw ranks by');
      const from = await findCompetition(db, orgId, { id: request.scoreCompetitionId });
      if (!from)
        throw new RuleViolation(
          'scoreCompetitionId',
          `no competition ${request.scoreCompetitionId} in this organization`,
        );
      scores = await previousScores(db, orgId, groupIds, { competitionId: from.id });
      scoreSource = { kind: 'competition', competitionGuid: from.guid, competitionName: from.name };
    } else {
      scores = await previousScores(db, orgId, groupIds, {
        seasonId: competition.seasonId,
        before: competition.startsAt,
        except: competition.id,
      });
      scoreSource = { kind: 'season', seasonName: competition.seasonName };
    }
  }

  const tiers = new Map((request.tiers ?? []).map(({ groupId, tier }) => [groupId, tier]));
  const entered = new Set(entries.map((entry) => entry.groupId));
  for (const groupId of tiers.keys())
    if (!entered.has(groupId))
      throw new RuleViolation('tiers', `group ${groupId} is not entered in this division and round`);
  const tiered = request.rule === 'random' && tiers.size > 0;

  const input: DrawInput = {
    rule: request.rule,
    seed: request.seed ?? randomInt(SERVER_SEED_LIMIT),
    ...(tiered ? { tiers: true } : {}),
    ...(request.rule === 'seeded' ? { blocks: request.blocks ?? 3 } : {}),
    ...(request.rule === 'flights' ? { flights: request.flights ?? 2 } : {}),
    ...(request.rule === 'hand' ? { handOrder: [...(request.order ?? [])] } : {}),
    entries: entries.map((entry): DrawEntry => {
      const previous = scores.get(entry.groupId);
      return {
        groupId: entry.groupId,
        name: entry.name,
        ...(tiered ? { tier: tiers.get(entry.groupId) ?? null } : {}),
        ...(scoreSource ? { score: previous?.score ?? null, scoreFrom: previous?.competitionName ?? null } : {}),
      };
    }),
  };
  let order;
  try {
    order = runDraw(input);
  } catch (error) {
    if (error instanceof DrawInputError) throw new RuleViolation(error.field, error.message);
    throw error;
  }
  const record: DrawRecord = { procedure: DRAW_PROCEDURE, input, ...(scoreSource ? { scoreSource } : {}), order };
  const drawn: Drawn = {
    roundId: round.id,
    divisionId: division.id,
    round: { number: request.round, name: round.name },
    division: { id: division.id, name: division.name },
    record,
  };
  return { drawn, entries };
}

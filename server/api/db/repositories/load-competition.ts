/**
 * The bulk write path for recap imports and the sample circuit: one whole competition (event, rounds, sheets,
 * panels, performances, scores, penalties) in one transaction with a fixed number of multi-row statements, however
 * many performances and score lines it holds. Every division+round is tabulated from the numbers being written and
 * the performances are inserted with their results (decision 006's tabulate-on-write, without reading back what
 * was just written).
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx, Tx } from '../database.js';
import * as t from '../schema.js';
import { checkSections, type LoadCompetitionInput } from './load-competition-input.js';
import {
  findOrCreateDivisions,
  findOrCreateGroups,
  groupKey,
  requireGroupTypes,
  resolveSeason,
} from './load-competition-refs.js';
import { insertPerformances, insertRounds, insertSheetsAndJudges } from './load-competition-rows.js';
import type { DivisionRound } from './retabulate.js';
import { calendarDateTimestamp, orgWrite, requireDate, requireOwned, requireText } from './support.js';

export type { LoadCompetitionInput, LoadJudge, LoadPerformance, LoadSection } from './load-competition-input.js';

export interface LoadCompetitionOptions {
  /** guid source for created rows (the sample circuit passes a seeded one so two loads are identical) */
  newGuid?: () => string;
}

export interface LoadedCompetition {
  seasonId: number;
  eventId: number;
  competitionId: number;
  /** round number -> round id */
  roundIds: Map<number, number>;
  performances: number;
  createdDivisions: number;
  createdGroups: number;
}

export async function loadCompetition(
  db: DbOrTx,
  orgId: number,
  input: LoadCompetitionInput,
  options: LoadCompetitionOptions = {},
): Promise<LoadedCompetition> {
  const newGuid = options.newGuid ?? randomUUID;
  const title = requireText('title', input.title);
  const date = requireDate('date', input.date);
  checkSections(input.sections);

  // One write unit (support.ts): a savepoint in a caller's transaction, the organization's version bumped once.
  return orgWrite(db, orgId, async (tx) => {
    const groupTypeNames = await requireGroupTypes(tx, [
      input.groupTypeId,
      ...input.sections.flatMap((section) => section.groupTypeId ?? []),
    ]);
    const seasonId = await resolveSeason(tx, orgId, input, newGuid);
    const eventId = input.event?.id
      ? (await requireOwned(tx, t.events, 'event', orgId, input.event.id)).id
      : await insertEvent(tx, orgId, input, { seasonId, title, date, newGuid });
    const competitionName = input.competition?.name ?? groupTypeNames.get(input.groupTypeId)!;
    const competitionId = await insertCompetition(tx, orgId, input, { eventId, name: competitionName, date, newGuid });

    const { divisions, created: createdDivisions } = await findOrCreateDivisions(tx, orgId, input);
    const { groupIds, created: createdGroups } = await findOrCreateGroups(tx, orgId, input, divisions, newGuid);
    const roundIds = await insertRounds(tx, orgId, competitionId, input);
    let performances = 0;
    if (roundIds.size > 0) {
      const targets: DivisionRound[] = input.sections.map((section) => ({
        roundId: roundIds.get(section.roundNumber)!,
        divisionId: divisions.get(section.divisionName)!.id,
      }));
      await insertSheetsAndJudges(tx, orgId, input.sections, targets);
      performances = await insertPerformances(tx, orgId, input.sections, targets, (section, performance) => {
        const { groupTypeId } = divisions.get(section.divisionName)!;
        return groupIds.get(groupKey(performance.groupName, groupTypeId))!;
      });
    }
    return { seasonId, eventId, competitionId, roundIds, performances, createdDivisions, createdGroups };
  });
}

async function insertEvent(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
  { seasonId, title, date, newGuid }: { seasonId: number; title: string; date: string; newGuid: () => string },
): Promise<number> {
  const [event] = await tx
    .insert(t.events)
    .values({
      orgId,
      guid: input.event?.guid ?? newGuid(),
      seasonId,
      name: title,
      location: input.location.trim(),
      eventTypeId: input.event?.eventTypeId ?? 1,
      practice: input.event?.practice ?? false,
      videoEnabled: input.event?.videoEnabled ?? false,
      commentaryEnabled: input.event?.commentaryEnabled ?? false,
      startDate: date,
    })
    .returning({ id: t.events.id });
  return event.id;
}

async function insertCompetition(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
  { eventId, name, date, newGuid }: { eventId: number; name: string; date: string; newGuid: () => string },
): Promise<number> {
  const [competition] = await tx
    .insert(t.competitions)
    .values({
      orgId,
      eventId,
      guid: input.competition?.guid ?? newGuid(),
      name,
      startsAt: input.competition?.startsAt ?? calendarDateTimestamp(date),
      chiefJudge: (input.chiefJudge ?? '').trim(),
      orgCompetitionId: input.competition?.orgCompetitionId ?? '',
      groupTypeId: input.groupTypeId,
      categoryRecapReleased: input.released && !input.competition?.releasedRounds,
      recapReleased: input.released && !input.competition?.releasedRounds,
    })
    .returning({ id: t.competitions.id });
  return competition.id;
}

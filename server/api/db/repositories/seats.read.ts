/**
 * A judge user's seats with what it needs to enter them (GET /me/seats), and a division and round's performances
 * for a sheet sent as CSV: reads of the score entry extension (docs/decisions/080-entry-states-and-conflicts.md).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import {
  competitions,
  divisions,
  events,
  groups,
  panelJudges,
  performances,
  rounds,
  roundSheets,
  scoreSheets,
} from '../schema.js';
import type { CaptionDef, CategoryDef, ScoreSheet } from '../../tabulation/types.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../../domain/scores.js';
import { currentEntries, type CaptionEntry } from './score-entries.read.js';

export interface SeatPerformance {
  id: number;
  order: number;
  time: Date | null;
  performed: boolean;
  group: { id: number; name: string };
  entry: CaptionEntry;
}

export interface Seat {
  competition: { id: number; guid: string; name: string; startsAt: Date; commentaryEnabled: boolean };
  round: { number: number; name: string; released: boolean };
  division: { id: number; name: string; initials: string };
  category: Pick<CategoryDef, 'key' | 'name'>;
  caption: CaptionDef;
  /** fraction digits the sheet publishes a caption's score with (as the tabulation rounds it) */
  digits: number;
  performances: SeatPerformance[];
}

/**
 * The user's seats, by competition time, round, division and the caption's place on the sheet, each with the
 * division and round's performances in running order and the caption's entry for each. A seat whose caption is
 * not on its round's sheet (or, before the round has performances, its division's) is left out: nothing can be
 * entered on it.
 */
export async function seatsOfUser(db: DbOrTx, orgId: number, userId: number, competitionId?: number): Promise<Seat[]> {
  const rows = await db
    .select({
      roundId: panelJudges.roundId,
      divisionId: panelJudges.divisionId,
      captionKey: panelJudges.captionKey,
      competition: {
        id: competitions.id,
        guid: competitions.guid,
        name: competitions.name,
        startsAt: competitions.startsAt,
        commentaryEnabled: events.commentaryEnabled,
      },
      round: { number: rounds.number, name: rounds.name, released: rounds.scoresReleased },
      division: { id: divisions.id, name: divisions.name, initials: divisions.initials },
      roundSheet: roundSheets.definition,
      divisionSheet: scoreSheets.definition,
    })
    .from(panelJudges)
    .innerJoin(rounds, eq(rounds.id, panelJudges.roundId))
    .innerJoin(competitions, eq(competitions.id, rounds.competitionId))
    .innerJoin(events, eq(events.id, competitions.eventId))
    .innerJoin(divisions, eq(divisions.id, panelJudges.divisionId))
    // the round's copy of the sheet once it has performances; before that, the division's sheet it will copy
    .leftJoin(
      roundSheets,
      and(eq(roundSheets.roundId, panelJudges.roundId), eq(roundSheets.divisionId, panelJudges.divisionId)),
    )
    .leftJoin(scoreSheets, eq(scoreSheets.id, divisions.scoreSheetId))
    .where(
      and(
        eq(panelJudges.orgId, orgId),
        eq(panelJudges.userId, userId),
        competitionId === undefined ? undefined : eq(competitions.id, competitionId),
      ),
    )
    .orderBy(asc(competitions.startsAt), asc(competitions.id), asc(rounds.number), asc(divisions.sortOrder));
  const seats: (Omit<Seat, 'performances'> & { roundId: number })[] = [];
  for (const row of rows) {
    const sheet = row.roundSheet ?? row.divisionSheet;
    const place = sheet ? captionPlace(sheet, row.captionKey) : undefined;
    if (!sheet || !place) continue;
    seats.push({
      roundId: row.roundId,
      competition: row.competition,
      round: row.round,
      division: row.division,
      category: { key: place.category.key, name: place.category.name },
      caption: place.caption,
      digits: sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS,
    });
  }
  const running = await runningOrder(
    db,
    seats.map((seat) => ({ roundId: seat.roundId, divisionId: seat.division.id })),
  );
  const entries = await currentEntries(
    db,
    seats.flatMap((seat) =>
      (running.get(`${seat.roundId}:${seat.division.id}`) ?? []).map((p) => ({
        performanceId: p.id,
        captionKey: seat.caption.key,
      })),
    ),
  );
  return seats.map(({ roundId, ...seat }) => ({
    ...seat,
    performances: (running.get(`${roundId}:${seat.division.id}`) ?? []).map((performance) => ({
      ...performance,
      entry: entries.get(`${performance.id}\u0000${seat.caption.key}`) ?? {
        performanceId: performance.id,
        captionKey: seat.caption.key,
        scores: [],
        state: null,
        version: 0,
        by: null,
        at: null,
      },
    })),
  }));
}

/** The caption and its category on a sheet (the sheet's order: categories, then captions). */
function captionPlace(sheet: ScoreSheet, captionKey: string) {
  for (const category of sheet.categories) {
    const caption = category.captions.find((c) => c.key === captionKey);
    if (caption) return { category, caption };
  }
  return undefined;
}

type RunningPerformance = Omit<SeatPerformance, 'entry'>;

/** Each division and round's performances in running order (order, then time, then id), by `${roundId}:${divisionId}`. */
async function runningOrder(
  db: DbOrTx,
  sections: readonly { roundId: number; divisionId: number }[],
): Promise<Map<string, RunningPerformance[]>> {
  const byKey = new Map<string, RunningPerformance[]>();
  const roundIds = [...new Set(sections.map((section) => section.roundId))];
  if (roundIds.length === 0) return byKey;
  const wanted = new Set(sections.map((section) => `${section.roundId}:${section.divisionId}`));
  const rows = await db
    .select({
      id: performances.id,
      roundId: performances.roundId,
      divisionId: performances.divisionId,
      order: performances.performanceOrder,
      time: performances.performsAt,
      performed: performances.performed,
      group: { id: groups.id, name: groups.name },
    })
    .from(performances)
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(inArray(performances.roundId, roundIds))
    .orderBy(asc(performances.performanceOrder), asc(performances.performsAt), asc(performances.id));
  for (const { roundId, divisionId, ...performance } of rows) {
    const key = `${roundId}:${divisionId}`;
    if (!wanted.has(key)) continue;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(performance);
  }
  return byKey;
}

/** A division and round of a competition, known by the round's number, for a sheet sent as CSV. */
export interface SheetSection {
  sheet: ScoreSheet;
  performances: { id: number; groupName: string }[];
}

/** The section's sheet and its performances; undefined when the competition has no such round or division sheet. */
export async function sheetSection(
  db: DbOrTx,
  orgId: number,
  input: { competitionId: number; roundNumber: number; divisionId: number },
): Promise<SheetSection | undefined> {
  const [section] = await db
    .select({ roundId: rounds.id, sheet: roundSheets.definition })
    .from(rounds)
    .innerJoin(roundSheets, and(eq(roundSheets.roundId, rounds.id), eq(roundSheets.divisionId, input.divisionId)))
    .where(
      and(eq(rounds.orgId, orgId), eq(rounds.competitionId, input.competitionId), eq(rounds.number, input.roundNumber)),
    );
  if (!section) return undefined;
  const rows = await db
    .select({ id: performances.id, groupName: groups.name })
    .from(performances)
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.roundId, section.roundId), eq(performances.divisionId, input.divisionId)))
    .orderBy(asc(performances.performanceOrder), asc(performances.id));
  return { sheet: section.sheet, performances: rows };
}

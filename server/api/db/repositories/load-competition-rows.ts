/**
 * The rows of a loaded competition's rounds: rounds, round sheets, panels, performances with their results, score
 * lines and penalties, each table in multi-row statements of at most `CHUNK` rows (`chunks`).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../database.js';
import * as t from '../schema.js';
import type { PerformanceResult } from '../../tabulation/types.js';
import { rowsOf } from '../migrate.js';
import type { LoadCompetitionInput, LoadPerformance, LoadSection } from './load-competition-input.js';
import { tabulateDivisionRound, type DivisionRound } from './retabulate.js';
import { fromThousandths, toThousandths } from './support.js';

/** Rows per multi-row INSERT: well under PostgreSQL's 65535 bind parameters for the widest table. */
const CHUNK = 2000;

export function* chunks<T>(rows: readonly T[], size = CHUNK): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** The competition's rounds, one per round number of the sections (named by the last section that names it). */
export async function insertRounds(
  tx: Tx,
  orgId: number,
  competitionId: number,
  input: LoadCompetitionInput,
): Promise<Map<number, number>> {
  const roundNames = new Map<number, string>();
  for (const section of input.sections) {
    if (!roundNames.has(section.roundNumber) || section.roundName)
      roundNames.set(section.roundNumber, section.roundName);
  }
  if (roundNames.size === 0) return new Map();
  const releasedRounds = input.competition?.releasedRounds;
  const roundRows = await tx
    .insert(t.rounds)
    .values(
      [...roundNames].map(([number, name]) => ({
        orgId,
        competitionId,
        number,
        name,
        scoresReleased: releasedRounds ? releasedRounds.includes(number) : input.released,
      })),
    )
    .returning({ id: t.rounds.id, number: t.rounds.number });
  return new Map(roundRows.map((row) => [row.number, row.id]));
}

/** Each section's sheet and panel, at its division and round (`targets`, by section). */
export async function insertSheetsAndJudges(
  tx: Tx,
  orgId: number,
  sections: readonly LoadSection[],
  targets: readonly DivisionRound[],
): Promise<void> {
  await tx
    .insert(t.roundSheets)
    .values(sections.map((section, i) => ({ ...targets[i], orgId, definition: section.sheet })));
  const judges = sections.flatMap((section, i) =>
    section.judges.map((judge) => ({
      ...targets[i],
      orgId,
      captionKey: judge.captionKey,
      firstName: judge.firstName.trim(),
      lastName: judge.lastName.trim(),
    })),
  );
  for (const chunk of chunks(judges)) await tx.insert(t.panelJudges).values(chunk);
}

interface Entry {
  /** index of the section */
  section: number;
  performance: LoadPerformance;
  /** position in the section: the running order when the performance gives none */
  position: number;
}

/**
 * Every section's performances, stored with their results, then their score lines and penalties; the number of
 * performances.
 */
export async function insertPerformances(
  tx: Tx,
  orgId: number,
  sections: readonly LoadSection[],
  targets: readonly DivisionRound[],
  groupIdOf: (section: LoadSection, performance: LoadPerformance) => number,
): Promise<number> {
  const entries: Entry[] = sections.flatMap((section, i) =>
    section.performances.map((performance, position) => ({ section: i, performance, position })),
  );
  const ids = await reservePerformanceIds(tx, entries.length);
  const results = tabulateSections(sections, entries, ids);
  const rows = entries.map(({ section, performance, position }, i) => ({
    id: ids[i],
    orgId,
    ...targets[section],
    groupId: groupIdOf(sections[section], performance),
    performsAt: performance.performsAt ?? null,
    performanceOrder: performance.order ?? position + 1,
    performed: performance.performed,
    noScoreReason: performance.noScoreReason.trim(),
    penaltyThousandths: toThousandths(performance.penalty),
    result: results.get(ids[i]) ?? null,
  }));
  for (const chunk of chunks(rows)) await tx.insert(t.performances).values(chunk);
  await insertScores(tx, entries, ids);
  await insertPenalties(tx, entries, ids);
  return ids.length;
}

/** Ids for `count` new performances, taken from their sequence in one statement so results can name them. */
async function reservePerformanceIds(tx: Tx, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('performances', 'id'))::integer AS id FROM generate_series(1, ${count})`,
  );
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * Every section's results, tabulated from the numbers about to be stored (as the database will hold them, in
 * thousandths) by the same rule as a re-tabulation, so the load needs no read-back: performance id -> result.
 */
function tabulateSections(
  sections: readonly LoadSection[],
  entries: readonly Entry[],
  ids: readonly number[],
): Map<number, PerformanceResult | null> {
  const results = new Map<number, PerformanceResult | null>();
  sections.forEach((section, s) => {
    const members = entries.flatMap((entry, i) =>
      entry.section === s
        ? [
            {
              id: ids[i],
              performed: entry.performance.performed,
              penaltyThousandths: toThousandths(entry.performance.penalty),
              scores: entry.performance.scores.map((score) => ({
                ...score,
                score: fromThousandths(toThousandths(score.score)),
              })),
            },
          ]
        : [],
    );
    for (const { id, result } of tabulateDivisionRound(section.sheet, members)) results.set(id, result);
  });
  return results;
}

async function insertScores(tx: Tx, entries: readonly Entry[], ids: readonly number[]): Promise<void> {
  const scoreRows = entries.flatMap(({ performance }, i) =>
    performance.scores.map((score) => ({
      performance_id: ids[i],
      caption_key: score.captionKey,
      subcaption_key: score.subcaptionKey,
      score_thousandths: toThousandths(score.score),
    })),
  );
  // One JSON parameter instead of four bind parameters per line: thousands of lines cost one statement.
  for (const chunk of chunks(scoreRows, 20_000)) {
    await tx.execute(sql`
      INSERT INTO subcaption_scores (performance_id, caption_key, subcaption_key, score_thousandths)
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        AS s(performance_id integer, caption_key text, subcaption_key text, score_thousandths integer)`);
  }
}

async function insertPenalties(tx: Tx, entries: readonly Entry[], ids: readonly number[]): Promise<void> {
  const penaltyRows = entries
    .map(({ performance }, i) => ({ performanceId: ids[i], amountThousandths: toThousandths(performance.penalty) }))
    .filter((row) => row.amountThousandths > 0);
  for (const chunk of chunks(penaltyRows)) await tx.insert(t.penalties).values(chunk);
}

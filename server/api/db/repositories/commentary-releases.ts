/**
 * When a division and round's commentary may be heard beyond the people running the show: with its scores (the
 * default: released when the scores are, decision 082), released by hand now, or withheld
 * (docs/decisions/128-commentary-api.md). A release "now" is gated as a release of scores is: every performance
 * that performed has a finished recording for every caption someone is seated on, or the whole request is refused.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommentaryRelease } from '../../../../domain/commentary.js';
import type { DbOrTx } from '../database.js';
import { commentaryReleases, panelJudges, performances, rounds, groups, type AuditActor } from '../schema.js';
import { CommentaryRefused } from './commentary-errors.js';
import { RuleViolation } from './errors.js';
import { sectionKey, sectionStates } from './sections.read.js';

export interface CommentaryReleaseState {
  release: CommentaryRelease;
  /** heard now beyond the people running the show */
  released: boolean;
  scoresReleased: boolean;
}

/** Each section's commentary release, by sectionKey. */
export async function commentaryReleaseStates(
  db: DbOrTx,
  orgId: number,
  sections: readonly { roundId: number; divisionId: number }[],
): Promise<Map<string, CommentaryReleaseState>> {
  const states = new Map<string, CommentaryReleaseState>();
  const roundIds = [...new Set(sections.map((section) => section.roundId))];
  if (roundIds.length === 0) return states;
  const [scores, rows] = await Promise.all([
    sectionStates(db, orgId, sections),
    db
      .select()
      .from(commentaryReleases)
      .where(and(eq(commentaryReleases.orgId, orgId), inArray(commentaryReleases.roundId, roundIds))),
  ]);
  const chosen = new Map(rows.map((row) => [sectionKey(row.roundId, row.divisionId), row.release]));
  for (const { roundId, divisionId } of sections) {
    const key = sectionKey(roundId, divisionId);
    const release = chosen.get(key) ?? 'with-scores';
    const scoresReleased = scores.get(key)?.released ?? false;
    states.set(key, {
      release,
      released: release === 'now' || (release === 'with-scores' && scoresReleased),
      scoresReleased,
    });
  }
  return states;
}

/** A performance and caption without the finished recording a release "now" needs. */
export interface MissingCommentary {
  performanceId: number;
  group: string;
  captionKey: string;
  divisionId: number;
}

/**
 * Sets the release of a round's divisions (one of them when `divisionId` is given; those with performances). A
 * release "now" of a section whose commentary is not all in is refused (all or none) unless `force`. Answers the
 * sections set and what a forced release let through.
 */
export async function setCommentaryRelease(
  db: DbOrTx,
  orgId: number,
  input: {
    competitionId: number;
    roundNumber: number;
    divisionId?: number;
    release: CommentaryRelease;
    force: boolean;
    actor: AuditActor;
  },
): Promise<{ sections: { roundId: number; divisionId: number }[]; missing: MissingCommentary[] }> {
  const [round] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .where(
      and(eq(rounds.orgId, orgId), eq(rounds.competitionId, input.competitionId), eq(rounds.number, input.roundNumber)),
    );
  if (!round) throw new RuleViolation('round', `competition ${input.competitionId} has no round ${input.roundNumber}`);
  const divisionRows = await db
    .selectDistinct({ divisionId: performances.divisionId })
    .from(performances)
    .where(
      and(
        eq(performances.roundId, round.id),
        input.divisionId === undefined ? undefined : eq(performances.divisionId, input.divisionId),
      ),
    );
  if (divisionRows.length === 0) {
    if (input.divisionId !== undefined)
      throw new RuleViolation(
        'divisionId',
        `division ${input.divisionId} has no performance in round ${input.roundNumber}`,
      );
    throw new RuleViolation('round', `round ${input.roundNumber} has no performances`);
  }
  const sections = divisionRows.map((row) => ({ roundId: round.id, divisionId: row.divisionId }));
  const missing =
    input.release === 'now'
      ? await missingCommentary(
          db,
          round.id,
          sections.map((s) => s.divisionId),
        )
      : [];
  if (missing.length > 0 && !input.force)
    throw new CommentaryRefused(
      'commentary_release_refused',
      `${missing.length} performance and caption${missing.length === 1 ? ' has' : 's have'} no finished recording: release with force and a reason to release anyway`,
      { missing },
    );
  for (const section of sections)
    await db
      .insert(commentaryReleases)
      .values({ ...section, orgId, release: input.release, changedBy: input.actor })
      .onConflictDoUpdate({
        target: [commentaryReleases.roundId, commentaryReleases.divisionId],
        set: { release: input.release, changedBy: input.actor, changedAt: sql`now()` },
      });
  return { sections, missing };
}

/** Performed performances of the sections lacking a current finished recording on a caption someone is seated on. */
async function missingCommentary(db: DbOrTx, roundId: number, divisionIds: number[]): Promise<MissingCommentary[]> {
  return db
    .select({
      performanceId: performances.id,
      group: groups.name,
      captionKey: panelJudges.captionKey,
      divisionId: performances.divisionId,
    })
    .from(performances)
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .innerJoin(
      panelJudges,
      and(eq(panelJudges.roundId, performances.roundId), eq(panelJudges.divisionId, performances.divisionId)),
    )
    .where(
      and(
        eq(performances.roundId, roundId),
        inArray(performances.divisionId, divisionIds),
        eq(performances.performed, true),
        sql`NOT EXISTS (SELECT 1 FROM commentary_recordings r WHERE r.performance_id = ${performances.id}
          AND r.caption_key = ${panelJudges.captionKey} AND r.is_current AND r.state = 'uploaded')`,
      ),
    )
    .orderBy(performances.divisionId, performances.performanceOrder, performances.id, panelJudges.id);
}

/**
 * Where commentary is filed: a performance and a caption of its round's sheet (a "slot"), with what decides who may
 * record there (the event's commentaryEnabled, the caption's seated judges) and when it may be heard (its division
 * and round's commentary release, docs/decisions/128-commentary-api.md).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../database.js';
import { competitions, events, groups, panelJudges, performances, rounds } from '../schema.js';
import type { CaptionDef } from '../../tabulation/types.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { roundSheetOf } from './rounds.write.js';
import { qualified, sectionReleasedSql } from './sections.read.js';

export interface CommentarySlot {
  performanceId: number;
  roundId: number;
  divisionId: number;
  competitionId: number;
  roundNumber: number;
  group: { id: number; name: string };
  caption: CaptionDef;
  /** the event's commentaryEnabled: commentary can be recorded for its competitions */
  commentaryEnabled: boolean;
  /** the judge users seated on the caption in the performance's division and round */
  seatedUserIds: number[];
}

/**
 * Whether a division and round's commentary may be heard beyond the people running the show, as SQL over a row
 * that joins `rounds` (commentary_releases: `now`, `withheld`, or with its scores when it has no row).
 */
export function commentaryReleasedSql(roundId: AnyPgColumn, divisionId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`CASE coalesce((SELECT cr.release FROM commentary_releases cr WHERE cr.round_id = ${qualified(roundId)} AND cr.division_id = ${qualified(divisionId)}), 'with-scores')
    WHEN 'now' THEN true WHEN 'withheld' THEN false ELSE ${sectionReleasedSql(roundId, divisionId)} END`;
}

/**
 * The slot of a performance and caption. A performance the organization does not have is a NotFoundError; a
 * caption its round's sheet does not have is a RuleViolation of `field`.
 */
export async function commentarySlot(
  db: DbOrTx,
  orgId: number,
  performanceId: number,
  captionKey: string,
  field = 'captionKey',
): Promise<CommentarySlot> {
  const [row] = await db
    .select({
      roundId: performances.roundId,
      divisionId: performances.divisionId,
      competitionId: rounds.competitionId,
      roundNumber: rounds.number,
      group: { id: groups.id, name: groups.name },
      commentaryEnabled: events.commentaryEnabled,
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(competitions, eq(competitions.id, rounds.competitionId))
    .innerJoin(events, eq(events.id, competitions.eventId))
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.id, performanceId), eq(performances.orgId, orgId)));
  if (!row) throw new NotFoundError('performance', performanceId);
  const sheet = await roundSheetOf(db, row.roundId, row.divisionId);
  const caption = sheet?.categories.flatMap((category) => category.captions).find((c) => c.key === captionKey);
  if (!caption)
    throw new RuleViolation(
      field,
      sheet
        ? `unknown caption "${captionKey}" on sheet "${sheet.name}"`
        : `performance ${performanceId}'s division has no score sheet in its round`,
    );
  const seats = await db
    .select({ userId: panelJudges.userId })
    .from(panelJudges)
    .where(
      and(
        eq(panelJudges.roundId, row.roundId),
        eq(panelJudges.divisionId, row.divisionId),
        eq(panelJudges.captionKey, captionKey),
      ),
    );
  return {
    performanceId,
    ...row,
    caption,
    seatedUserIds: seats.flatMap((seat) => (seat.userId === null ? [] : [seat.userId])),
  };
}

import type { z } from '@hono/zod-openapi';
import type { GroupResultRow } from '../../db/repositories/group-results.read.js';
import type { GroupPerformance } from '../schemas/v4.js';
import { isoTimestamp, rankOrNull } from './v4.js';

/** One performance of a group; scores stay hidden (null) until its round is released. */
export function groupPerformance(row: GroupResultRow): z.infer<typeof GroupPerformance> {
  const visible = row.released && row.result !== null;
  const result = visible ? row.result! : null;
  const categoryNames = new Map((row.sheet?.categories ?? []).map((category) => [category.key, category.name]));
  // caption keys are unique within a category only: a category's captions are named from its own definition
  const captionNames = new Map(
    (row.sheet?.categories ?? []).map((category) => [
      category.key,
      new Map(category.captions.map((caption) => [caption.key, caption.name])),
    ]),
  );
  return {
    performanceId: row.performanceId,
    competition: {
      id: row.competition.id,
      guid: row.competition.guid,
      name: row.competition.name,
      date: isoTimestamp(row.competition.startsAt),
      eventId: row.competition.eventId,
      eventName: row.competition.eventName,
      seasonId: row.competition.seasonId,
    },
    division: { id: row.division.id, name: row.division.name, initials: row.division.initials },
    round: { number: row.roundNumber, name: row.roundName },
    released: row.released,
    performed: row.performed && (result?.performed ?? true),
    noScoreReason: row.noScoreReason,
    total: result && result.performed ? { score: result.total.score, rank: rankOrNull(result.total.rank) } : null,
    subtotal:
      result && result.performed ? { score: result.subtotal.score, rank: rankOrNull(result.subtotal.rank) } : null,
    penalty: result && result.performed ? result.penalty : null,
    categories:
      result && result.performed
        ? result.categories.map((category) => ({
            key: category.key,
            name: categoryNames.get(category.key) ?? category.key,
            score: category.score,
            rank: rankOrNull(category.rank),
            captions: category.captions.map((caption) => ({
              key: caption.key,
              name: captionNames.get(category.key)?.get(caption.key) ?? caption.key,
              score: caption.score,
              rank: rankOrNull(caption.rank),
            })),
          }))
        : [],
    groupsInRound: Number(row.groupsInRound),
  };
}

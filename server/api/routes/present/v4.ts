/** Database records -> the v4 shapes (routes/schemas/v4.ts). */
import type { CurrentSeason } from '../../db/repositories/current-season.js';
import type { z } from '@hono/zod-openapi';
import type { EventRecord } from '../../db/repositories/events.read.js';
import type { CompetitionSection, RoundRow } from '../../db/repositories/competitions.read.js';
import type { PerformanceRecord, PerformanceResultRecord } from '../../db/repositories/performances.read.js';
import type { GroupRecord } from '../../db/repositories/groups.read.js';
import type { SeasonRow } from '../../db/repositories/seasons.read.js';
import type { competitions } from '../../db/schema.js';
import type * as v4 from '../schemas/v4.js';
import type { PublishedPages } from '../pages/addresses.js';
import { sectionSheet } from './sheets.js';

type CompetitionRow = typeof competitions.$inferSelect;

export const isoTimestamp = (date: Date) => date.toISOString();

export function eventListItem(event: EventRecord): z.infer<typeof v4.EventListItem> {
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    seasonId: event.seasonId,
    eventTypeId: event.eventTypeId,
    eventType: event.eventType,
    practice: event.practice,
    videoEnabled: event.videoEnabled,
    commentaryEnabled: event.commentaryEnabled,
  };
}

/** A competition with the addresses of its published pages (public HTML: routes/pages/). */
export function competitionItem(competition: CompetitionRow, pages: PublishedPages): z.infer<typeof v4.Competition> {
  return {
    id: competition.id,
    guid: competition.guid,
    name: competition.name,
    date: isoTimestamp(competition.startsAt),
    standardScheduleUrl: pages.schedule(competition.guid, 'standard'),
    logisticalScheduleUrl: pages.schedule(competition.guid, 'logistical'),
    recapUrl: pages.recap(competition.guid),
  };
}

export function eventWithCompetitions(
  event: EventRecord,
  rows: CompetitionRow[],
  pages: PublishedPages,
): z.infer<typeof v4.Event> {
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    seasonId: event.seasonId,
    eventTypeId: event.eventTypeId,
    eventType: event.eventType,
    competitions: rows.map((row) => competitionItem(row, pages)),
  };
}

export function groupItem(group: GroupRecord): z.infer<typeof v4.Group> {
  return {
    id: group.id,
    name: group.name,
    location: group.location,
    circuitId: group.circuitId,
    division: group.division,
    active: group.active,
    pending: group.pending,
    groupType: group.groupType,
  };
}

export function seasonItem(season: SeasonRow, current: CurrentSeason): z.infer<typeof v4.Season> {
  return {
    id: season.id,
    guid: season.guid,
    name: season.name,
    year: season.year,
    startDate: season.startDate,
    endDate: season.endDate,
    current: season.id === current.id,
    currentChosen: season.id === current.id && current.chosen,
  };
}

export const roundItem = (round: RoundRow): z.infer<typeof v4.Round> => ({
  number: round.number,
  name: round.name,
  scoresReleased: round.scoresReleased,
});

export function performanceItem(performance: PerformanceRecord): z.infer<typeof v4.Performance> {
  const { performsAt, ...rest } = performance;
  return { ...rest, time: performsAt ? isoTimestamp(performsAt) : null };
}

export function performanceTabulation(row: PerformanceResultRecord): z.infer<typeof v4.PerformanceTabulation> {
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

/**
 * A rank as clients see it: null where there is none (a performance not yet scored). A group that did not perform
 * has the rank the tabulation gives it: last, shared.
 */
export const rankOrNull = (rank: number | null | undefined) => (rank && rank > 0 ? rank : null);

export function divisionRoundScores(section: CompetitionSection): z.infer<typeof v4.DivisionRoundScores> {
  const scored = section.performances.map((performance) => {
    const result = performance.result;
    const performed = performance.performed && result !== null && result.performed;
    return {
      performanceId: performance.id,
      group: { id: performance.group.id, name: performance.group.name, location: performance.group.location },
      performed,
      noScoreReason: performance.noScoreReason,
      total: { score: result?.total.score ?? 0, rank: rankOrNull(result?.total.rank) },
      subtotal: { score: result?.subtotal.score ?? 0, rank: rankOrNull(result?.subtotal.rank) },
      penalty: result?.penalty ?? 0,
      // a group that did not perform has no numbers to show, only its reason
      categories: (performed ? result.categories : []).map((category) => ({
        key: category.key,
        score: category.score,
        rank: rankOrNull(category.rank),
        captions: category.captions.map((caption) => ({
          key: caption.key,
          score: caption.score,
          rank: rankOrNull(caption.rank),
          subcaptions: caption.subcaptions.map((sub) => ({
            key: sub.key,
            score: sub.score,
            rank: rankOrNull(sub.rank),
          })),
        })),
      })),
    };
  });
  scored.sort(
    (a, b) =>
      (a.total.rank ?? Number.MAX_SAFE_INTEGER) - (b.total.rank ?? Number.MAX_SAFE_INTEGER) ||
      a.group.name.localeCompare(b.group.name),
  );
  return {
    division: { id: section.division.id, name: section.division.name, initials: section.division.initials },
    round: { number: section.round.number, name: section.round.name },
    sheet: sectionSheet(section.sheet, section.judges),
    performances: scored,
    released: section.released,
    corrections: section.corrections.map((correction) => ({
      ...correction,
      at: isoTimestamp(correction.at),
    })),
  };
}

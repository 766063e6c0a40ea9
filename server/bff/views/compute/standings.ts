/**
 * Division standings of a season, practice events left out. They come either from our API's standings extension
 * (season-extensions.ts), which computes them by the one standings rule (domain/standings.ts), or from the
 * season's v2 records here, by the same rule; a test holds the two equal.
 */
import { seasonStandings as standingsByRule } from '../../../../domain/standings.js';
import { divisionGroupType, listedGroup, type SeasonIndex } from './season-index.js';
import type { DivisionStandingsView } from '../view-schemas.js';

/** Standings from the season's v2 records (season-index.ts). */
export function seasonStandings(index: SeasonIndex): DivisionStandingsView[] {
  const scored = index.performances.flatMap((performance) =>
    performance.practice || !performance.performed || performance.total === null
      ? []
      : [
          {
            divisionKey: performance.division.name,
            division: { name: performance.division.name, initials: performance.division.initials },
            groupKey: performance.group.key,
            group: {
              name: performance.group.name,
              orgGroupIdentifier: performance.group.orgGroupIdentifier,
              location: listedGroup(index.groups, performance.group)?.location ?? null,
            },
            total: performance.total.score,
            competition: {
              guid: performance.competition.guid,
              name: performance.competition.name,
              eventName: performance.competition.eventName,
              date: performance.competition.date,
            },
          },
        ],
  );
  return standingsByRule(scored, (division, groups) => divisionGroupType(index.groups, division.name, groups));
}

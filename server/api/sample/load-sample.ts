/**
 * The deterministic sample circuit: two seasons of a winter guard / percussion / winds circuit with realistic
 * classes, groups, judges and scores. Everything comes from one seeded random stream; only the placing of the
 * current season's events (a practice event, a past show, one today and one ahead) depends on today's date.
 * All scores go through the bulk loader, so they are tabulated by the one tabulation like any imported recap.
 */
import type { Database } from '../db/database.js';
import { loadRoster, type RosterInput } from '../db/repositories/load-roster.js';
import { COLOR_GUARD, DIVISIONS, PERCUSSION, WINDS } from './circuit.js';
import { sampleGuids, seededRandom, type Random } from './random.js';
import { planEvents, seasonsAround, startOfDay } from './sample-calendar.js';
import { loadEventCompetition } from './sample-competition.js';
import { makeGroups, type SampleGroup } from './sample-groups.js';

export interface SampleSummary {
  seasons: number;
  divisions: number;
  groups: number;
  events: number;
  competitions: number;
  performances: number;
}

export interface SampleOptions {
  /** the day the current season's events are placed around (default: now) */
  today?: Date;
}

const SEED = 20_262_027;

/** Loads the sample circuit into an (empty) organization in one transaction. */
export async function loadSample(
  database: Database,
  orgId: number,
  options: SampleOptions = {},
): Promise<SampleSummary> {
  const random = seededRandom(SEED);
  const newGuid = sampleGuids(orgId);
  const today = startOfDay(options.today ?? new Date());
  const seasons = seasonsAround(today);
  const groups = makeGroups(random);
  const plan = planEvents(today, seasons);

  return database.db.transaction(async (tx) => {
    const roster = await loadRoster(tx, orgId, rosterInput(seasons, groups, random), { newGuid });
    let competitions = 0;
    let performances = 0;
    for (const event of plan) {
      const seasonId = roster.seasonIds.get(event.seasonName)!;
      let eventId: number | undefined;
      for (const [name, groupTypeIds] of [
        ['Color Guard', [COLOR_GUARD]],
        ['Percussion & Winds', [PERCUSSION, WINDS]],
      ] as const) {
        const loaded = await loadEventCompetition(tx, orgId, random, newGuid, {
          event,
          eventId,
          seasonId,
          name,
          groupTypeIds,
          groups,
          startHourUtc: name === 'Color Guard' ? 14 : 15,
        });
        eventId = loaded.eventId;
        competitions += 1;
        performances += loaded.performances;
      }
    }
    return {
      seasons: roster.seasonIds.size,
      divisions: roster.divisionIds.size,
      groups: roster.groups,
      events: plan.length,
      competitions,
      performances,
    };
  });
}

/** The seasons, every class and every group, each group with a circuit id of its own. */
function rosterInput(seasons: ReturnType<typeof seasonsAround>, groups: SampleGroup[], random: Random): RosterInput {
  return {
    seasons: [seasons.previous, seasons.current],
    divisions: DIVISIONS.map((division, i) => ({ ...division, sortOrder: i + 1 })),
    groups: groups.map((group, i) => ({
      name: group.name,
      location: group.location,
      circuitId: String(10_000 + i * 53 + random.int(0, 52)),
      divisionName: group.division.name,
      active: group.active,
      pending: group.pending,
    })),
  };
}

/**
 * A deterministic season of 60 competitions for the group page's budget: 4 color guard divisions of 15 groups,
 * one show every other day from 2024-01-06, each group at about half of them (some 30 performances a group). The
 * numbers come from one seeded random stream (the sample circuit's generator, server/api/sample/random.ts), on the
 * sample circuit's color guard sheet, and go through the bulk loader, so the one tabulation scores and ranks them.
 */
import type { Database } from '../../server/api/db/database.js';
import { loadCompetition, type LoadPerformance } from '../../server/api/db/repositories/load-competition.js';
import { seededRandom } from '../../server/api/sample/random.js';
import { colorGuardSheet } from '../../domain/score-sheets/color-guard.js';

export const SEASON_COMPETITIONS = 60;
export const SEASON_YEAR = 2024;

const DIVISIONS = ['Scholastic A', 'Scholastic Open', 'Independent A', 'Independent Open'];
const GROUPS_PER_DIVISION = 15;
const SEED = 60_2024;
const COLOR_GUARD = 1;

export async function loadSeasonOf60(database: Database, orgId: number): Promise<void> {
  const random = seededRandom(SEED);
  const groups = DIVISIONS.flatMap((division) =>
    Array.from({ length: GROUPS_PER_DIVISION }, (_, i) => ({
      division,
      name: `${division} Guard ${String(i + 1).padStart(2, '0')}`,
      location: `Town ${i + 1}, TX`,
      strength: random.normal(),
    })),
  );
  const captions = colorGuardSheet.categories.flatMap((category) => category.captions);
  for (let show = 0; show < SEASON_COMPETITIONS; show++) {
    const date = new Date(Date.UTC(SEASON_YEAR, 0, 6 + show * 2)).toISOString().slice(0, 10);
    const progress = show / (SEASON_COMPETITIONS - 1);
    const sections = DIVISIONS.map((division) => ({
      divisionName: division,
      roundNumber: 1,
      roundName: 'Finals',
      groupTypeId: COLOR_GUARD,
      sheet: colorGuardSheet,
      judges: captions.map((caption, i) => ({ captionKey: caption.key, firstName: 'Judge', lastName: `No. ${i + 1}` })),
      performances: groups
        .filter((group) => group.division === division && random.chance(0.5))
        .map((group): LoadPerformance => ({
          groupName: group.name,
          groupLocation: group.location,
          performed: true,
          noScoreReason: '',
          penalty: random.chance(0.05) ? 0.5 : 0,
          scores: captions.flatMap((caption) =>
            caption.subcaptions.map((line) => ({
              captionKey: caption.key,
              subcaptionKey: line.key,
              score: Math.max(
                10,
                Math.min(
                  line.max - 1,
                  Math.round(line.max * (0.55 + 0.3 * progress) + group.strength * 3 + random.normal() * 1.5),
                ),
              ),
            })),
          ),
        })),
    })).filter((section) => section.performances.length > 0);
    await loadCompetition(database.db, orgId, {
      title: `Bench Show ${show + 1}`,
      location: `Venue ${(show % 12) + 1}, TX`,
      date,
      seasonYear: SEASON_YEAR,
      groupTypeId: COLOR_GUARD,
      released: true,
      sections,
      competition: {
        name: 'Color Guard',
        startsAt: new Date(`${date}T18:00:00Z`),
        orgCompetitionId: `bench-${show + 1}`,
      },
    });
  }
}

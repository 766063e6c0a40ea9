/** Small data factories for the write-path tests: each test builds its own organization on a shared database. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/api/db/database.js';
import { createOrganization } from '../../server/api/db/repositories/organizations.js';
import { orgVersions, performances } from '../../server/api/db/schema.js';
import { createCompetition } from '../../server/api/db/repositories/competitions.write.js';
import { createEvent } from '../../server/api/db/repositories/events.write.js';
import { createGroup } from '../../server/api/db/repositories/groups.write.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import { ensureRound } from '../../server/api/db/repositories/rounds.write.js';
import { setSubcaptionScores } from '../../server/api/db/repositories/scores.write.js';
import { colorGuardSheet } from '../../domain/score-sheets/index.js';
import type { PerformanceResult } from '../../server/api/tabulation/types.js';
import { createDivision, createScoreSheet, createSeason } from '../helpers/setup-writes.js';

let counter = 0;

export async function newOrganization(db: Db) {
  counter += 1;
  return createOrganization(db, { name: `Test Circuit ${counter}` });
}

/** An organization with one color guard round of three scheduled (unscored) performances. */
export async function roundWithThreeGroups(db: Db) {
  const org = await newOrganization(db);
  const season = await createSeason(db, org.id, {
    name: '2026-27 Season',
    year: 2027,
    startDate: '2026-08-01',
    endDate: '2027-05-31',
  });
  const sheet = await createScoreSheet(db, org.id, { name: 'Color Guard', definition: colorGuardSheet });
  const division = await createDivision(db, org.id, {
    name: 'Scholastic A',
    initials: 'SA',
    groupTypeId: 1,
    scoreSheetId: sheet.id,
  });
  const groups = [];
  for (const name of ['Alpha HS', 'Bravo HS', 'Charlie HS']) {
    groups.push(
      await createGroup(db, org.id, { name, location: 'Austin, TX', circuitId: '100', divisionId: division.id }),
    );
  }
  const event = await createEvent(db, org.id, {
    seasonId: season.id,
    name: 'Winter Kickoff',
    location: 'Austin, TX',
    eventTypeId: 1,
    startDate: '2027-01-16',
  });
  const competition = await createCompetition(db, org.id, {
    eventId: event.id,
    name: 'Color Guard',
    startsAt: new Date('2027-01-16T15:00:00Z'),
    groupTypeId: 1,
  });
  const round = await ensureRound(db, org.id, { competitionId: competition.id, number: 1, name: 'Finals' });
  const performanceRows = [];
  for (const [index, group] of groups.entries()) {
    performanceRows.push(
      await addPerformance(db, org.id, {
        roundId: round.id,
        divisionId: division.id,
        groupId: group.id,
        performsAt: new Date(Date.UTC(2027, 0, 16, 15, index * 10)),
        order: index + 1,
      }),
    );
  }
  return { org, season, sheet, division, groups, event, competition, round, performances: performanceRows };
}

/** Enters every caption of the color guard sheet with the same number on every line. */
export async function scoreEveryCaption(db: Db, orgId: number, performanceId: number, score: number) {
  for (const category of colorGuardSheet.categories) {
    for (const caption of category.captions) {
      await setSubcaptionScores(db, orgId, {
        performanceId,
        captionKey: caption.key,
        scores: caption.subcaptions.map((line) => ({ subcaptionKey: line.key, score })),
      });
    }
  }
}

export async function resultOf(db: Db, performanceId: number): Promise<PerformanceResult | null> {
  const [row] = await db
    .select({ result: performances.result })
    .from(performances)
    .where(eq(performances.id, performanceId));
  return row.result;
}

export async function versionOf(db: Db, orgId: number): Promise<number> {
  const [row] = await db.select({ version: orgVersions.version }).from(orgVersions).where(eq(orgVersions.orgId, orgId));
  return row.version;
}

/**
 * A small, fully known circuit for API tests, written through the write repositories (seasons and divisions have
 * no HTTP operations) into one fresh organization: two seasons, two divisions, four groups, a regular event and a
 * practice event, a competition with a released finals round and an unreleased second round, plus a penalty and a
 * tie on a caption.
 */
import type { Db } from '../../server/api/db/database.js';
import { createOrganization } from '../../server/api/db/repositories/organizations.js';
import { createGroup } from '../../server/api/db/repositories/groups.write.js';
import { createEvent } from '../../server/api/db/repositories/events.write.js';
import { createCompetition, releaseScores } from '../../server/api/db/repositories/competitions.write.js';
import { ensureRound, setPanelJudge } from '../../server/api/db/repositories/rounds.write.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import { setPenalty } from '../../server/api/db/repositories/penalties.write.js';
import { setSubcaptionScores } from '../../server/api/db/repositories/scores.write.js';
import { colorGuardSheet } from '../../domain/score-sheets/index.js';
import { createDivision, createScoreSheet, createSeason } from './setup-writes.js';

/** Equipment voc/exc, movement voc/exc, design comp/exc, ge1 rep/perf, ge2 rep/perf per group (finals). */
export const FINALS_SCORES: Record<string, Record<string, [number, number]>> = {
  'Alpha HS': { ea: [80, 78], ma: [75, 77], da: [70, 72], ge1: [82, 80], ge2: [81, 79] },
  'Bravo HS': { ea: [70, 68], ma: [77, 75], da: [70, 72], ge1: [72, 70], ge2: [71, 73] },
  'Charlie HS': { ea: [60, 62], ma: [65, 63], da: [58, 60], ge1: [61, 60], ge2: [62, 64] },
};
export const BRAVO_PENALTY = 0.5;

export async function buildSmallCircuit(db: Db, name = 'Small Circuit') {
  const org = await createOrganization(db, { name });
  const oldSeason = await createSeason(db, org.id, {
    name: '2025-26 Season',
    year: 2026,
    startDate: '2025-08-01',
    endDate: '2026-05-31',
  });
  const season = await createSeason(db, org.id, {
    name: '2026-27 Season',
    year: 2027,
    startDate: '2026-08-01',
    endDate: '2027-05-31',
  });
  const sheet = await createScoreSheet(db, org.id, { name: 'Color Guard', definition: colorGuardSheet });
  const scholasticA = await createDivision(db, org.id, {
    name: 'Scholastic A',
    initials: 'SA',
    groupTypeId: 1,
    scoreSheetId: sheet.id,
    sortOrder: 1,
  });
  const percussion = await createDivision(db, org.id, {
    name: 'Percussion Scholastic A',
    initials: 'PSA',
    groupTypeId: 2,
    sortOrder: 1,
  });
  const groups: Record<string, Awaited<ReturnType<typeof createGroup>>> = {};
  for (const groupName of Object.keys(FINALS_SCORES)) {
    groups[groupName] = await createGroup(db, org.id, {
      name: groupName,
      location: 'Austin, TX',
      circuitId: String(1000 + Object.keys(groups).length),
      divisionId: scholasticA.id,
    });
  }
  groups['Delta Drumline'] = await createGroup(db, org.id, {
    name: 'Delta Drumline',
    location: 'Round Rock, TX',
    circuitId: '2001',
    divisionId: percussion.id,
    active: false,
    pending: true,
  });

  const event = await createEvent(db, org.id, {
    seasonId: season.id,
    name: 'Winter Kickoff',
    location: 'Austin, TX',
    eventTypeId: 1,
    startDate: '2027-01-16',
    videoEnabled: true,
  });
  const practice = await createEvent(db, org.id, {
    seasonId: season.id,
    name: 'Critique Day',
    location: 'Austin, TX',
    eventTypeId: 3,
    practice: true,
    startDate: '2026-12-05',
  });
  const oldEvent = await createEvent(db, org.id, {
    seasonId: oldSeason.id,
    name: 'Spring Finale',
    location: 'Dallas, TX',
    eventTypeId: 2,
    startDate: '2026-04-11',
  });
  const competition = await createCompetition(db, org.id, {
    eventId: event.id,
    name: 'Color Guard',
    startsAt: new Date('2027-01-16T15:00:00.000Z'),
    groupTypeId: 1,
    chiefJudge: 'Pat Chief',
  });
  await createCompetition(db, org.id, {
    eventId: practice.id,
    name: 'Color Guard Critique',
    startsAt: new Date('2026-12-05T16:00:00.000Z'),
    groupTypeId: 1,
  });
  await createCompetition(db, org.id, {
    eventId: oldEvent.id,
    name: 'Color Guard Championship',
    startsAt: new Date('2026-04-11T14:00:00.000Z'),
    groupTypeId: 1,
  });

  const finals = await ensureRound(db, org.id, { competitionId: competition.id, number: 1, name: 'Finals' });
  const encore = await ensureRound(db, org.id, { competitionId: competition.id, number: 2, name: 'Encore' });
  const performances: Record<string, number> = {};
  for (const [index, groupName] of Object.keys(FINALS_SCORES).entries()) {
    const row = await addPerformance(db, org.id, {
      roundId: finals.id,
      divisionId: scholasticA.id,
      groupId: groups[groupName].id,
      performsAt: new Date(Date.UTC(2027, 0, 16, 15, index * 10)),
      order: index + 1,
    });
    performances[groupName] = row.id;
    for (const [captionKey, [first, second]] of Object.entries(FINALS_SCORES[groupName])) {
      const lines = colorGuardSheet.categories
        .flatMap((c) => c.captions)
        .find((c) => c.key === captionKey)!.subcaptions;
      await setSubcaptionScores(db, org.id, {
        performanceId: row.id,
        captionKey,
        scores: [
          { subcaptionKey: lines[0].key, score: first },
          { subcaptionKey: lines[1].key, score: second },
        ],
      });
    }
  }
  await setPenalty(db, org.id, {
    performanceId: performances['Bravo HS'],
    penalties: [{ amount: BRAVO_PENALTY, reason: 'Timing' }],
  });
  for (const [captionKey, first, last] of [
    ['ea', 'Ann', 'Equip'],
    ['ma', 'Max', 'Move'],
    ['da', 'Dee', 'Design'],
    ['ge1', 'Gil', 'Effect'],
    ['ge2', 'Gia', 'Effect'],
  ]) {
    await setPanelJudge(db, org.id, {
      roundId: finals.id,
      divisionId: scholasticA.id,
      captionKey,
      firstName: first,
      lastName: last,
    });
  }
  const encorePerformance = await addPerformance(db, org.id, {
    roundId: encore.id,
    divisionId: scholasticA.id,
    groupId: groups['Alpha HS'].id,
    performsAt: new Date('2027-01-16T20:00:00.000Z'),
    order: 1,
  });
  await setSubcaptionScores(db, org.id, {
    performanceId: encorePerformance.id,
    captionKey: 'ea',
    scores: [
      { subcaptionKey: 'voc', score: 90 },
      { subcaptionKey: 'exc', score: 90 },
    ],
  });
  await releaseScores(db, org.id, { competitionId: competition.id, roundNumber: 1 });
  return {
    org,
    season,
    oldSeason,
    scholasticA,
    percussion,
    groups,
    event,
    practice,
    oldEvent,
    competition,
    performances,
    encorePerformanceId: encorePerformance.id,
  };
}

/** A test API with the small circuit loaded and a bearer header for its organization. */
export async function startApiWithSmallCircuit() {
  const { startTestApi } = await import('./api-server.js');
  const api = await startTestApi();
  const circuit = await buildSmallCircuit(api.services.database.db);
  const key = await api.createKey(circuit.org.guid);
  const auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
  return { api, circuit, auth };
}

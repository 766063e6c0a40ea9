/**
 * `GET /judges/seasons/?name=` (extension): the seasons a judge judged, newest first, each entry equal to the judge's
 * entry in that season's `/judges/?seasonId=`; bad input is a 400 naming the field. The small circuit's judges judge
 * its new season; a released round of its old season is added here, judged by one of them and by a judge of that
 * season alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorGuardSheet } from '../../domain/score-sheets/index.js';
import { createCompetition, releaseScores } from '../../server/api/db/repositories/competitions.write.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import { ensureRound, setPanelJudge } from '../../server/api/db/repositories/rounds.write.js';
import { setSubcaptionScores } from '../../server/api/db/repositories/scores.write.js';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { apiClient, namesOf } from './client.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let client: ReturnType<typeof apiClient>;

beforeAll(async () => {
  let auth: Record<string, string>;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  client = apiClient(api, auth);
  const { db } = api.services.database;
  const orgId = circuit.org.id;
  const competition = await createCompetition(db, orgId, {
    eventId: circuit.oldEvent.id,
    name: 'Color Guard Finals',
    startsAt: new Date('2026-04-11T18:00:00.000Z'),
    groupTypeId: 1,
  });
  const round = await ensureRound(db, orgId, { competitionId: competition.id, number: 1, name: 'Finals' });
  const performance = await addPerformance(db, orgId, {
    roundId: round.id,
    divisionId: circuit.scholasticA.id,
    groupId: circuit.groups['Alpha HS'].id,
    performsAt: new Date('2026-04-11T18:00:00.000Z'),
    order: 1,
  });
  for (const caption of colorGuardSheet.categories.flatMap((category) => category.captions)) {
    await setSubcaptionScores(db, orgId, {
      performanceId: performance.id,
      captionKey: caption.key,
      scores: caption.subcaptions.map((line) => ({ subcaptionKey: line.key, score: 70 })),
    });
  }
  await setPanelJudge(db, orgId, {
    roundId: round.id,
    divisionId: circuit.scholasticA.id,
    captionKey: 'ea',
    firstName: 'Ann',
    lastName: 'Equip',
  });
  await setPanelJudge(db, orgId, {
    roundId: round.id,
    divisionId: circuit.scholasticA.id,
    captionKey: 'ma',
    firstName: 'Old',
    lastName: 'Timer',
  });
  await releaseScores(db, orgId, { competitionId: competition.id, roundNumber: 1 });
});
afterAll(() => api?.stop());

const seasonsOf = async (name: string) => {
  const answer = await client.get(`/judges/seasons/?name=${encodeURIComponent(name)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { seasonId: number; name: string; competitions: number; captions: number }[];
};

describe('GET /judges/seasons/', () => {
  it("lists the seasons a judge judged, newest first, each as that season's list of judges counts them", async () => {
    const ann = await seasonsOf('Ann Equip');
    expect(ann.map((entry) => entry.seasonId)).toEqual([circuit.season.id, circuit.oldSeason.id]);
    for (const entry of ann) {
      const season = await client.get(`/judges/?seasonId=${entry.seasonId}`);
      const { seasonId, ...judge } = entry;
      expect(
        season.body.data.find((candidate: { name: string }) => candidate.name === 'Ann Equip'),
        String(seasonId),
      ).toEqual(judge);
    }
    expect(ann[1]).toEqual({
      seasonId: circuit.oldSeason.id,
      name: 'Ann Equip',
      firstName: 'Ann',
      lastName: 'Equip',
      competitions: 1,
      captions: 1,
    });
  });

  it('finds a judge of last season only there, one of this season only here, and no one for a name no released round carries', async () => {
    expect((await seasonsOf('Old Timer')).map((entry) => entry.seasonId)).toEqual([circuit.oldSeason.id]);
    expect((await seasonsOf('  Max Move ')).map((entry) => entry.seasonId)).toEqual([circuit.season.id]);
    expect(await seasonsOf('Max')).toEqual([]);
    expect(await seasonsOf('Nobody Atall')).toEqual([]);
  });

  it('refuses a missing, empty or overlong name, and an unknown parameter, with a 400 naming it', async () => {
    for (const query of ['', '?name=', '?name=%20%20', `?name=${'a'.repeat(201)}`, '?name=a%00b']) {
      const answer = await client.get(`/judges/seasons/${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(namesOf(answer), query).toEqual(['name']);
      expect(answer.body.detail).toMatch(/\w+ \w+/);
    }
    const unknown = await client.get('/judges/seasons/?name=Ann%20Equip&seasonId=1');
    expect(unknown.status).toBe(400);
  });
});

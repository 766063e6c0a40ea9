/**
 * A show that records commentary, for the commentary journeys (the judge's, e2e/commentary-tablet.spec.ts; the
 * tabulator's, e2e/commentary-console.spec.ts): an event of today with `commentaryEnabled`, one competition with
 * a Finals round, and three groups in Scholastic World (Alpha, Bravo, Charlie), entered in that running order.
 */
import type { components } from '../../src/lib/api-types';
import { todayInChicago } from './api-data';
import { enterGroups, type ScoreEntryClient } from './score-entry';

type Schemas = components['schemas'];

export async function showWithCommentary(
  scoreEntry: ScoreEntryClient,
  names: { run: string; event: string; competition: string },
) {
  const { run } = names;
  const seasons = await scoreEntry.get<{ data: Schemas['Season'][] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: Schemas['Division'][] }>('/divisions/?groupTypeId=1');
  const division = divisions.data.find((candidate) => candidate.name === 'Scholastic World')!;
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    { seasonId: season.id, name: names.event, eventTypeId: 1, startDate: todayInChicago(), commentaryEnabled: true },
    201,
  );
  const competition = await scoreEntry.post<{ id: number; guid: string }>(
    `/events/${event.id}/competitions`,
    {
      name: names.competition,
      date: new Date().toISOString(),
      groupTypeId: 1,
      rounds: [{ number: 1, name: 'Finals' }],
    },
    201,
  );
  const performances = (
    await enterGroups(scoreEntry, {
      competitionId: competition.id,
      divisionId: division.id,
      run,
      shorts: ['Alpha', 'Bravo', 'Charlie'],
    })
  ).map((group) => ({ id: group.performanceId, name: group.name }));
  return { competition, division, performances };
}

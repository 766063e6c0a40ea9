import { randomBytes } from 'node:crypto';
import type { components } from '../../src/lib/api-types';
import { colorGuardSheet } from '../../domain/score-sheets/color-guard';
import { todayInChicago } from './api-data';
import { test as base } from './fixtures';
import { enterGroups, type ScoreEntryClient } from './score-entry';

/**
 * A show of today run through the API as the tabulation room's score-entry client would (the live show's and the
 * fans' corrections' specs): three new groups of the sample circuit's Scholastic World division, each judged on the
 * Color Guard sheet the sample circuit gives the division (adding a performance copies it onto the round), and
 * deleted again afterwards.
 */
export const SHEET = colorGuardSheet;
export const DIVISION = 'Scholastic World';
export const ROUND = 'Finals';

type Sheets = Record<string, number[]>;
/** Each group's judges' numbers per caption key, line by line in the sheet's order. */
export const JUDGES: Record<'Alpha' | 'Bravo' | 'Charlie', Sheets> = {
  Alpha: { ea: [81, 79], ma: [78, 80], da: [80, 79], ge1: [82, 80], ge2: [79, 81] },
  Bravo: { ea: [83, 82], ma: [82, 81], da: [81, 83], ge1: [83, 82], ge2: [82, 84] },
  Charlie: { ea: [72, 74], ma: [73, 71], da: [74, 72], ge1: [75, 73], ge2: [74, 75] },
};

export const captions = SHEET.categories.flatMap((category) => category.captions);

/** Every category of this sheet sums its captions, each caption its weighted lines: worked in thousandths. */
export function totalOf(sheets: Sheets): string {
  const thousandths = captions.reduce(
    (sum, caption) =>
      sum +
      caption.subcaptions.reduce(
        (lines, line, i) => lines + sheets[caption.key][i] * Math.round(line.weight * 1000),
        0,
      ),
    0,
  );
  return (thousandths / 1000).toFixed(3);
}

type Schemas = components['schemas'];
type ListOf<T> = { data: T[] };

export interface ReleasedShow {
  seasonId: number;
  /** our API's id, for its score-entry operations */
  competitionId: number;
  /** v2's guid, the app's address of the competition */
  competitionGuid: string;
  divisionName: string;
  /** short name ("Alpha") -> the group as created, with its performance in this competition */
  groups: Record<string, { name: string; circuitId: string; performanceId: number }>;
}

/** Judge by judge: each caption's judge hands in a sheet for every group. */
export async function enterEverySheet(scoreEntry: ScoreEntryClient, { groups }: ReleasedShow) {
  for (const caption of captions) {
    for (const [short, sheets] of Object.entries(JUDGES)) {
      const scores = caption.subcaptions.map((line, i) => ({ subcaptionKey: line.key, score: sheets[caption.key][i] }));
      await scoreEntry.post(`/performances/${groups[short].performanceId}/scores`, { captionKey: caption.key, scores });
    }
  }
}

/** The show set up, nothing entered yet (`liveShow`), as the live show's spec watches it come in. */
export const test = base.extend<{ liveShow: ReleasedShow }>({
  liveShow: async ({ scoreEntry }, use) => {
    const run = randomBytes(3).toString('hex');
    // The score-entry client writes through our API's own operations (extensions of the specification).
    const seasons = await scoreEntry.get<ListOf<Schemas['Season']>>('/seasons/');
    const season = seasons.data.find((candidate) => candidate.current)!;
    const divisions = await scoreEntry.get<ListOf<Schemas['Division']>>('/divisions/?groupTypeId=1');
    const division = divisions.data.find((candidate) => candidate.name === DIVISION);
    if (!division) throw new Error(`the sample circuit has no ${DIVISION} division`);
    const event = await scoreEntry.post<{ id: number }>(
      '/events/',
      { seasonId: season.id, name: `Live Check ${run}`, eventTypeId: 1, startDate: todayInChicago() },
      201,
    );
    // Starting now makes it today's competition wherever the viewer is: the app treats it as live.
    const competition = await scoreEntry.post<{ id: number; guid: string }>(
      `/events/${event.id}/competitions`,
      {
        name: `Color Guard ${run}`,
        date: new Date().toISOString(),
        groupTypeId: 1,
        rounds: [{ number: 1, name: ROUND }],
      },
      201,
    );
    const shorts = Object.keys(JUDGES);
    const entered = await enterGroups(scoreEntry, {
      competitionId: competition.id,
      divisionId: division.id,
      run,
      shorts,
    });
    const groups: ReleasedShow['groups'] = Object.fromEntries(shorts.map((short, i) => [short, entered[i]]));
    await use({
      seasonId: season.id,
      competitionId: competition.id,
      competitionGuid: competition.guid,
      divisionName: division.name,
      groups,
    });
    for (const { performanceId } of Object.values(groups)) await scoreEntry.delete(`/performances/${performanceId}`);
  },
});

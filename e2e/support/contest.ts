import type { ScoreEntryClient } from './score-entry';

/**
 * A small contest of its own, set up through the API with the stack's key in a season far in the past (so no fan's
 * page of the sample circuit changes): an event, a competition of one round, groups of a sample division entered
 * in it in order. The console, the awards and the set-up specs start from it.
 */

export interface Line {
  key: string;
  name: string;
  max: number;
  step: number;
}
export interface Caption {
  key: string;
  name: string;
  subcaptions: Line[];
}
interface Sheet {
  categories: { name: string; captions: Caption[] }[];
}

export interface Contest {
  stamp: number;
  division: { id: number; name: string };
  /** every caption of the division's sheet, with the category it is in */
  captions: (Caption & { category: string })[];
  competition: { id: number; guid: string; name: string };
  event: { id: number; name: string };
  performances: { id: number; group: string }[];
  round: { number: number; name: string };
}

export async function smallContest(
  scoreEntry: ScoreEntryClient,
  input: { title: string; groups: readonly string[]; divisionIndex?: number; year?: number },
): Promise<Contest> {
  const stamp = Date.now() + Math.round(Math.random() * 1000);
  const year = input.year ?? 1997;
  const divisions = await scoreEntry.get<{ data: { id: number; name: string; groupType: { id: number } }[] }>(
    '/divisions/',
  );
  const division = divisions.data[input.divisionIndex ?? 0];
  const { sheet } = await scoreEntry.get<{ sheet: Sheet }>(`/divisions/${division.id}/sheet`);
  const captions = sheet.categories.flatMap((category) =>
    category.captions.map((caption) => ({ ...caption, category: category.name })),
  );
  const eventTypes = await scoreEntry.get<{ data: { eventTypeId: number }[] }>('/events/');
  const season = await scoreEntry.post<{ id: number }>(
    '/seasons/',
    { name: `${year} ${input.title} ${stamp}`, startDate: `${year}-01-01`, endDate: `${year}-04-30` },
    201,
  );
  const event = await scoreEntry.post<{ id: number; name: string }>(
    '/events/',
    {
      seasonId: season.id,
      name: `${input.title} Classic ${stamp}`,
      eventTypeId: eventTypes.data[0].eventTypeId,
      startDate: `${year}-03-08`,
    },
    201,
  );
  const round = { number: 1, name: 'Finals' };
  const competition = await scoreEntry.post<{ id: number; guid: string; name: string }>(
    `/events/${event.id}/competitions`,
    {
      name: `${input.title} Finals ${stamp}`,
      date: `${year}-03-08T18:00:00.000Z`,
      groupTypeId: division.groupType.id,
      rounds: [round],
    },
    201,
  );
  const performances: Contest['performances'] = [];
  for (const [order, name] of input.groups.entries()) {
    const group = `${name} ${stamp}`;
    const made = await scoreEntry.post<{ id: number }>('/groups/', { name: group, divisionId: division.id }, 201);
    const performance = await scoreEntry.post<{ id: number }>(
      `/competitions/${competition.id}/performances`,
      {
        groupId: made.id,
        divisionId: division.id,
        round: round.number,
        order: order + 1,
        time: `${year}-03-08T${String(18 + Math.floor(order / 4)).padStart(2, '0')}:${String((order % 4) * 15).padStart(2, '0')}:00.000Z`,
      },
      201,
    );
    performances.push({ id: performance.id, group });
  }
  return {
    stamp,
    division: { id: division.id, name: division.name },
    captions,
    competition,
    event: { id: event.id, name: event.name },
    performances,
    round,
  };
}

/** A number a line accepts: `share` of its maximum, rounded down to its step. */
export const scoreOf = (line: Line, share: number) =>
  Math.round(Math.floor((line.max * share) / line.step) * line.step * 1000) / 1000;

/**
 * The key enters a caption for a performance, submitted as a tabulator's entry is: `share` of each line's maximum
 * (the earlier a group performs here, the higher its share, unless given).
 */
export const enterCaption = (scoreEntry: ScoreEntryClient, performanceId: number, caption: Caption, share: number) =>
  scoreEntry.post(`/performances/${performanceId}/scores`, {
    captionKey: caption.key,
    scores: caption.subcaptions.map((line) => ({ subcaptionKey: line.key, score: scoreOf(line, share) })),
  });

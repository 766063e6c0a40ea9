/**
 * A live show made through our API's v4 writes, as a circuit's tabulator makes one on show day: a season of this
 * year, a catalogue division, an event and a competition today, groups in one round, each caption entered and not
 * released; then a release and corrections, each one write. What the BFF's live push watches (decision 033): tests
 * of the change stream (test/bff/upstream-changes.test.ts).
 */
import type { Json } from '../api/client.js';

/** A client of our API with a full key's token: `send` answers status and parsed body. */
export interface ShowClient {
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Json; text: string }>;
  get(path: string): Promise<{ status: number; body: Json; text: string }>;
}

export interface LiveShow {
  competitionId: number;
  /** the competition's v2 guid: the live page's address */
  guid: string;
  /** one division's performances, in running order */
  performanceIds: number[];
  /** the first caption's key and its lines */
  caption: { key: string; lines: { key: string; max: number; step: number }[] };
  /** releases the round: every page shows the numbers */
  release(client?: ShowClient): Promise<void>;
  /** a correction of a released caption: every line of the first caption of `performanceId` becomes `score` */
  correct(performanceId: number, score: number, client?: ShowClient): Promise<void>;
}

function ok(answer: { status: number; body: Json; text: string }, status: number, what: string): Json {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
}

export async function createLiveShow(client: ShowClient, groups = 3, name = 'Live Show'): Promise<LiveShow> {
  const now = new Date();
  const year = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  const catalogue = ok(await client.get('/score-sheets/'), 200, 'catalogue').data as Json[];
  const sheet = catalogue[0];
  const season = ok(
    await client.send('POST', '/seasons/', {
      name: `${year} Season`,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    }),
    201,
    'season',
  );
  const division = ok(
    await client.send('POST', '/divisions/', {
      name: `${name} Division`,
      initials: 'LSD',
      groupTypeId: sheet.groupType.id,
      sortOrder: 1,
      sheetKey: sheet.key,
    }),
    201,
    'division',
  );
  const event = ok(
    await client.send('POST', '/events/', { seasonId: season.id, name, eventTypeId: 1, startDate: today }),
    201,
    'event',
  );
  const competition = ok(
    await client.send('POST', `/events/${event.id}/competitions`, {
      name,
      date: now.toISOString(),
      groupTypeId: sheet.groupType.id,
      rounds: [{ number: 1, name: 'Finals' }],
    }),
    201,
    'competition',
  );
  const captions = (sheet.sheet.categories as Json[]).flatMap((category) => category.captions as Json[]);
  const performanceIds: number[] = [];
  for (let g = 0; g < groups; g++) {
    const group = ok(
      await client.send('POST', '/groups/', {
        name: `${name} Group ${g + 1}`,
        location: 'Austin, TX',
        divisionId: division.id,
      }),
      201,
      'group',
    );
    const performance = ok(
      await client.send('POST', `/competitions/${competition.id}/performances`, {
        groupId: group.id,
        divisionId: division.id,
        round: 1,
        order: g + 1,
      }),
      201,
      'performance',
    );
    performanceIds.push(performance.id);
    for (const caption of captions) {
      ok(
        await client.send('POST', `/performances/${performance.id}/scores`, {
          captionKey: caption.key,
          scores: (caption.subcaptions as Json[]).map((line) => ({
            subcaptionKey: line.key,
            score: Number((Math.floor((line.max * (0.6 + g * 0.05)) / line.step) * line.step).toFixed(3)),
          })),
        }),
        200,
        'scores',
      );
    }
  }
  const first = captions[0];
  return {
    competitionId: competition.id,
    guid: competition.guid,
    performanceIds,
    caption: {
      key: first.key,
      lines: (first.subcaptions as Json[]).map((line) => ({ key: line.key, max: line.max, step: line.step })),
    },
    async release(by = client) {
      ok(await by.send('POST', `/competitions/${competition.id}/release`, {}), 200, 'release');
    },
    async correct(performanceId, score, by = client) {
      ok(
        await by.send('POST', `/performances/${performanceId}/scores`, {
          captionKey: first.key,
          scores: (first.subcaptions as Json[]).map((line) => ({ subcaptionKey: line.key, score })),
          // the round is released: a correction carries its reason (decision 083)
          reason: 'The judge misread the sheet',
        }),
        200,
        'correction',
      );
    },
  };
}

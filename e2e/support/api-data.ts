import type { APIRequestContext } from '@playwright/test';
import type { CompetitionScores, Event, EventListItem, ListOf, Season } from '../../src/lib/api-models';

/** Reads through the same BFF the browser uses, so a test compares the screen with what the API says. */
async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  if (!response.ok()) throw new Error(`GET /api${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

export interface CompetitionOnCalendar {
  event: EventListItem;
  competition: Event['competitions'][number];
}

export async function currentSeason(request: APIRequestContext): Promise<Season> {
  const seasons = await get<ListOf<Season>>(request, '/seasons/');
  const season = seasons.data.find((candidate) => candidate.current);
  if (!season) throw new Error('the sample circuit has no current season');
  return season;
}

export async function seasonCalendar(request: APIRequestContext, seasonId: number): Promise<CompetitionOnCalendar[]> {
  const events = await get<ListOf<EventListItem>>(request, `/events/?seasonId=${seasonId}&limit=500`);
  const details = await Promise.all(events.data.map((event) => get<Event>(request, `/events/${event.id}`)));
  return events.data
    .flatMap((event, index) => details[index].competitions.map((competition) => ({ event, competition })))
    .sort((a, b) => a.competition.date.localeCompare(b.competition.date));
}

export async function scoresOf(request: APIRequestContext, competitionId: number): Promise<CompetitionScores> {
  return get<CompetitionScores>(request, `/competitions/${competitionId}/scores`);
}

/** The most recent competition before today (in the test's time zone) whose scores are out. */
export async function latestScoredCompetition(request: APIRequestContext, today: string) {
  const season = await currentSeason(request);
  const calendar = await seasonCalendar(request, season.id);
  const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(iso));
  const past = calendar.filter((entry) => dayOf(entry.competition.date) < today).reverse();
  for (const entry of past) {
    const scores = await scoresOf(request, entry.competition.id);
    if (scores.data.length > 0) return { ...entry, scores };
  }
  throw new Error('no past competition with released scores in the current season');
}

export const todayInChicago = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

/** The published recap's number formats, written out here on purpose rather than imported from the app. */
/** Two decimals, or three when the third is not zero, as the published recaps print caption and category scores. */
const twoOrThree = (n: number) => {
  const text = n.toFixed(3);
  return text.endsWith('0') ? text.slice(0, -1) : text;
};

export const printed = {
  total: (n: number) => n.toFixed(3),
  category: twoOrThree,
  caption: twoOrThree,
  subcaption: (n: number) => String(Number(n.toFixed(3))),
  penalty: (n: number) => String(Number(n.toFixed(3))),
};

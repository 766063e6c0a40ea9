/** The sample circuit's calendar: its two seasons and twelve events, placed around today. */
import { VENUES } from './circuit.js';

export const DAY = 86_400_000;

export type EventState = 'past' | 'today' | 'future';

export interface PlannedEvent {
  name: string;
  venue: [string, string];
  date: string;
  seasonName: string;
  eventTypeId: number;
  practice: boolean;
  championship: boolean;
  state: EventState;
  /** 0 at the first show of a season, 1 at championships: scores rise through the season */
  progress: number;
  inCurrentSeason: boolean;
  attendance: number;
}

export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Seasons run August to May; the current one holds today. */
export function seasonsAround(today: Date) {
  const startYear = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const season = (start: number) => ({
    name: `${start}-${String((start + 1) % 100).padStart(2, '0')} Season`,
    year: start + 1,
    startDate: `${start}-08-01`,
    endDate: `${start + 1}-05-31`,
  });
  return { previous: season(startYear - 1), current: season(startYear), currentStartYear: startYear };
}

export function planEvents(today: Date, seasons: ReturnType<typeof seasonsAround>): PlannedEvent[] {
  const year = seasons.currentStartYear;
  const previous = seasons.previous.name;
  const current = seasons.current.name;
  const progressIn = (date: Date, championsYear: number) =>
    Math.max(
      0,
      Math.min(
        1,
        (date.getTime() - Date.UTC(championsYear, 0, 10)) /
          (Date.UTC(championsYear, 3, 11) - Date.UTC(championsYear, 0, 10)),
      ),
    );
  const fixed = (month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
  const relative = (days: number) => new Date(today.getTime() + days * DAY);
  const event = (
    name: string,
    venue: number,
    date: Date,
    seasonName: string,
    state: EventState,
    extra: Partial<PlannedEvent> = {},
  ): PlannedEvent => ({
    name,
    venue: VENUES[venue],
    date: isoDate(date),
    seasonName,
    eventTypeId: 1,
    practice: false,
    championship: false,
    state,
    progress: progressIn(date, seasonName === previous ? year : year + 1),
    inCurrentSeason: seasonName === current,
    attendance: 0.5,
    ...extra,
  });
  return [
    event('Winter Kickoff', 0, fixed(1, 17), previous, 'past'),
    event('Gulf Coast Invitational', 1, fixed(1, 31), previous, 'past'),
    event('Hill Country Classic', 2, fixed(2, 14), previous, 'past'),
    event('Cypress Woods Invitational', 3, fixed(2, 28), previous, 'past'),
    event('North Texas Regional', 4, fixed(3, 14), previous, 'past', { eventTypeId: 5 }),
    event('Spring Showcase', 5, fixed(3, 28), previous, 'past'),
    event('Circuit Championships', 6, fixed(4, 11), previous, 'past', {
      eventTypeId: 2,
      championship: true,
      attendance: 1,
    }),
    event('Fall Evaluation Clinic', 7, relative(-28), current, 'past', {
      eventTypeId: 3,
      practice: true,
      attendance: 0.3,
    }),
    event('Red River Classic', 8, relative(-14), current, 'past', { attendance: 0.45 }),
    event('Holiday Preview', 9, today, current, 'today', { championship: true, attendance: 0.3 }),
    event('New Year Invitational', 10, relative(14), current, 'future', { attendance: 0.45 }),
    event('Frisco Winter Contest', 11, relative(28), current, 'future', { attendance: 0.4 }),
  ];
}

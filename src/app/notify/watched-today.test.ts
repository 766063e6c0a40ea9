import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../lib/api-models';
import { watchedToday } from './watched-today';

const at = (guid: string, date: string) => ({ competition: { guid, date } }) as CalendarEntry;
const guids = (entries: CalendarEntry[]) => entries.map((entry) => entry.competition.guid);

describe('watchedToday', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it('listens to every competition of a day that has no more than the most', () => {
    const day = [at('a', '2026-11-27T09:00:00Z'), at('b', '2026-11-27T20:00:00Z')];
    expect(guids(watchedToday(day, now, 2))).toEqual(['a', 'b']);
  });

  it('on a busier day, listens to those starting nearest now, a show added this afternoon included', () => {
    const day = [
      at('morning', '2026-11-27T08:00:00Z'),
      at('noon', '2026-11-27T12:00:00Z'),
      at('evening', '2026-11-27T21:00:00Z'),
      at('added-now', '2026-11-27T14:59:00Z'),
      at('no-time', 'not a date'),
    ];
    expect(guids(watchedToday(day, now, 2))).toEqual(['added-now', 'noon']);
    expect(guids(watchedToday(day, now, 4))).toEqual(['added-now', 'noon', 'evening', 'morning']);
  });
});

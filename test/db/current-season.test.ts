import { describe, expect, it } from 'vitest';
import { currentSeasonOf } from '../../server/api/db/repositories/current-season.js';
import type { SeasonRow } from '../../server/api/db/repositories/seasons.read.js';

/** The seasons oldest first, as listSeasons gives them. */
const season = (id: number, startDate: string, endDate: string): SeasonRow => ({
  id,
  orgId: 1,
  guid: `00000000-0000-4000-8000-00000000000${id}`,
  name: `Season ${id}`,
  year: Number(endDate.slice(0, 4)),
  startDate,
  endDate,
});
const LONG = season(1, '2026-08-01', '2027-05-31');
const SHOW = season(2, '2026-11-25', '2027-01-15');
const NEXT = season(3, '2027-08-01', '2028-05-31');
const ROWS = [LONG, SHOW, NEXT];
const TODAY = '2026-12-01';
const none = { chosenId: null, withContestToday: new Set<number>() };

describe("an organization's current season", () => {
  it('is the chosen one while the circuit has chosen one, whatever the dates and contests say', () => {
    expect(currentSeasonOf(ROWS, TODAY, { chosenId: NEXT.id, withContestToday: new Set([LONG.id]) })).toEqual({
      id: NEXT.id,
      chosen: true,
    });
  });

  it('while none is chosen: of the seasons holding today, one with a contest today wins over one without', () => {
    expect(currentSeasonOf(ROWS, TODAY, { ...none, withContestToday: new Set([LONG.id]) })).toEqual({
      id: LONG.id,
      chosen: false,
    });
    expect(currentSeasonOf(ROWS, TODAY, { ...none, withContestToday: new Set([SHOW.id]) }).id).toBe(SHOW.id);
  });

  it('between seasons alike, the latest to start: a season set up for a show inside a longer one', () => {
    expect(currentSeasonOf(ROWS, TODAY, none).id).toBe(SHOW.id);
    expect(currentSeasonOf(ROWS, TODAY, { ...none, withContestToday: new Set([LONG.id, SHOW.id]) }).id).toBe(SHOW.id);
  });

  it('with none holding today, the latest to have started; with none started, the first; with none, none', () => {
    expect(currentSeasonOf(ROWS, '2027-07-01', none).id).toBe(SHOW.id);
    expect(currentSeasonOf(ROWS, '2026-01-01', none).id).toBe(LONG.id);
    expect(currentSeasonOf([], TODAY, none).id).toBeUndefined();
  });

  it('forgets a choice of a season that is no longer there', () => {
    expect(currentSeasonOf(ROWS, TODAY, { ...none, chosenId: 99 })).toEqual({ id: SHOW.id, chosen: false });
  });
});

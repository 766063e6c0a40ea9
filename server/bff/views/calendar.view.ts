/** A season's competitions by date, each with its event (reads/calendar.ts). */
import { z } from '@hono/zod-openapi';
import { loadCalendar } from './reads/calendar.js';
import { CalendarEntry, Season } from './view-schemas.js';
import { defineView, inSeason, seasonRoute } from './view.js';

const SeasonCalendar = z
  .object({ season: Season, data: z.array(CalendarEntry).openapi({ description: 'by date' }) })
  .openapi('BffSeasonCalendar');

const route = seasonRoute(
  '/seasons/{seasonId}/calendar',
  "A season's competitions by date, with their events",
  SeasonCalendar,
  "The season's calendar",
);

export const view = defineView(route, ({ read }) => async (c) => {
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    loadCalendar(read, season),
  );
  return c.json({ season, data: loaded.entries }, 200);
});

import type { CompetitionSummary, ScheduleEntry, Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get, seasonCalendar } from './support/api-data';

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));

/** A sample competition of more than one division, over more than one day, whose every performance has a time. */
async function twoDaySchedule(request: Parameters<typeof get>[0]) {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  const calendars = await Promise.all(seasons.map((season) => seasonCalendar(request, season.id)));
  for (const { competition } of calendars.flat()) {
    const summary = await get<CompetitionSummary>(request, `/bff/competitions/${competition.guid}`);
    if (summary.competition.id === null) continue;
    const schedule = (await get<{ data: ScheduleEntry[] }>(request, `/competitions/${summary.competition.id}/schedule`))
      .data;
    if (
      schedule.length > 0 &&
      schedule.every((entry) => entry.time !== null) &&
      new Set(schedule.map((entry) => entry.division.id)).size > 1 &&
      new Set(schedule.map((entry) => dayOf(entry.time!))).size > 1
    ) {
      return { competition, schedule };
    }
  }
  throw new Error('no competition in the sample with a timed schedule of several divisions over several days');
}

test(
  'the schedule lists each round in start-time order, with the date where the day changes',
  { tag: '@journey' },
  async ({ page, request, upstream }) => {
    test.skip(upstream === 'hosted', 'the hosted service publishes schedules as pages: the schedule page links out');
    const { competition, schedule } = await twoDaySchedule(request);
    // written out here rather than taken from the app: rounds in order, then the clock
    const expected = [...schedule].sort(
      (a, b) => a.round.number - b.round.number || Date.parse(a.time!) - Date.parse(b.time!),
    );
    const days = [...new Set(expected.map((entry) => dayOf(entry.time!)))];

    await page.goto(`/competitions/${competition.guid}/schedule`);
    const table = page.getByRole('table', { name: 'Performance order and times' });
    const groupCells = table.getByRole('rowheader');
    await expect(groupCells.first()).toBeVisible();
    const headers = await groupCells.allInnerTexts();
    const groups = headers.filter((text) => !days.includes(text.trim())).map((text) => text.split('\n')[0].trim());
    expect(groups).toEqual(expected.map((entry) => entry.group.name));
    // each day named where it starts (a one-day show names none: schedule-order.test.ts)
    expect(days.length).toBeGreaterThan(1);
    for (const day of days) await expect(table.getByText(day, { exact: true })).toBeVisible();
  },
);

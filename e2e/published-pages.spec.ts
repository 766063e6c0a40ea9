import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { get, latestScoredCompetition, seasonCalendar, todayInChicago } from './support/api-data';
import type { CompetitionSummary, Season } from '../src/lib/api-models';
import { httpsFetch } from '../test/helpers/api-server';
import { scrapeScheduleRows } from '../test/helpers/schedule-scraper';
import { checkRecap } from '../server/api/recap-import/load-recap';

/**
 * The published pages as their clients use them, on either upstream: a scraper that knows only the schedule page
 * (fetch it without a token, read every `.schedule-row`'s group name and division initials) gets the competition's
 * rows; a scoreboard that reads the recap page (here with our importer, which reads the published layout) gets
 * v2's totals and ranks; and a fan on the hosted service, where the app's schedule links out to the page, finds
 * the rows there.
 */

// the upstreams' certificates are their own (self-signed in the test stacks)
test.use({ ignoreHTTPSErrors: true });

test(
  'a scraper of the published schedule page gets every performance with its division initials',
  { tag: '@journey' },
  async ({ request, stack, isMobile }) => {
    test.skip(isMobile, 'a scraper has no screen');
    const { summary, records } = await latestScoredCompetition(request, todayInChicago());
    const url = summary.competition.scheduleUrl;
    expect(url, 'the competition links its published schedule').not.toBeNull();
    const response = await httpsFetch(new URL(url!), {}, readFileSync(stack.caFile, 'utf8'));
    expect(response.status).toBe(200);
    const key = (row: { name: string; initials: string }) => `${row.name} | ${row.initials}`;
    const rows = scrapeScheduleRows(await response.text())
      .map(key)
      .sort();
    // every round of a past competition is released: its v2 records are its whole schedule
    expect(rows).toEqual(
      records.map((record) => key({ name: record.GroupName, initials: record.DivisionInitials })).sort(),
    );
  },
);

test("the sample organization's upcoming competition: its published schedule lists the API's schedule, row for row", async ({
  request,
  stack,
  upstream,
  isMobile,
}) => {
  test.skip(isMobile || upstream !== 'ours', "the sample circuit of npm start is our API's");
  const seasons = await get<{ data: Season[] }>(request, '/bff/seasons');
  const calendars = await Promise.all(seasons.data.map((season) => seasonCalendar(request, season.id)));
  const upcoming = calendars
    .flat()
    .find((entry) => new Date(entry.competition.date).getTime() > Date.now() && !entry.event.practice);
  expect(upcoming, 'the sample circuit has a competition to come').toBeDefined();
  const summary = await get<CompetitionSummary>(request, `/bff/competitions/${upcoming!.competition.guid}`);
  const schedule = await get<{ data: { group: { name: string }; division: { initials: string } }[] }>(
    request,
    `/competitions/${summary.competition.id}/schedule`,
  );
  expect(schedule.data.length).toBeGreaterThan(0);
  const response = await httpsFetch(new URL(summary.competition.scheduleUrl!), {}, readFileSync(stack.caFile, 'utf8'));
  expect(scrapeScheduleRows(await response.text())).toEqual(
    schedule.data.map((entry) => ({ name: entry.group.name, initials: entry.division.initials })),
  );
});

test(
  'a scoreboard reading the published recap page gets every total and rank v2 gives',
  { tag: '@journey' },
  async ({ request, stack, isMobile }) => {
    test.skip(isMobile, 'a scoreboard has no screen');
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const records = await get<{ CompetitionGuid: string; RecapUrl: string }[]>(
      request,
      '/2018-03/competitions?includePractice=true',
    );
    const recapUrl = records.find((record) => record.CompetitionGuid === competition.guid)!.RecapUrl;
    const response = await httpsFetch(new URL(recapUrl), {}, readFileSync(stack.caFile, 'utf8'));
    expect(response.status).toBe(200);
    const recap = checkRecap({ name: `${competition.guid}.htm`, html: await response.text() }).recap;
    const read = recap.sections.flatMap((section) =>
      section.performances
        .filter((performance) => performance.performed)
        .map(
          (performance) =>
            `${section.divisionName} | ${performance.groupName} | ${performance.published.total.score?.toFixed(3)} | ${performance.published.total.rank}`,
        ),
    );
    const given = sections.flatMap((section) =>
      section.records
        .filter((record) => record.Performed)
        .map((record) => `${record.DivisionName} | ${record.GroupName} | ${record.TotalScore} | ${record.Rank}`),
    );
    expect(read.sort()).toEqual(given.sort());
  },
);

test(
  'on the hosted service the schedule links out to the published page, which lists the groups',
  { tag: '@journey' },
  async ({ page, request, upstream }) => {
    test.skip(upstream !== 'hosted', 'our API serves the schedule as data: the app shows it as a table');
    const { competition, records } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}/schedule`);
    const [published] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Open the published schedule' }).click(),
    ]);
    await expect(published.getByRole('columnheader', { name: 'Division' })).toBeVisible();
    await expect(published.getByRole('cell', { name: records[0].GroupName, exact: true }).first()).toBeVisible();
    await expect(published.getByRole('row')).toHaveCount(records.length + 1);
  },
);

import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';
import { httpsFetch } from '../test/helpers/api-server';
import { scrapeScheduleRows } from '../test/helpers/schedule-scraper';

/**
 * The published schedule page as its clients use it, on either upstream: a scraper that knows only the page (fetch
 * it without a token, read every `.schedule-row`'s group name and division initials) gets the competition's rows;
 * and a fan on the hosted service, where the app's schedule links out to that page, finds the rows there.
 */

// the upstreams' certificates are their own (self-signed in the test stacks)
test.use({ ignoreHTTPSErrors: true });

test('a scraper of the published schedule page gets every performance with its division initials', { tag: '@journey' }, async ({ request, stack, isMobile }) => {
  test.skip(isMobile, 'a scraper has no screen');
  const { summary, records } = await latestScoredCompetition(request, todayInChicago());
  const url = summary.competition.scheduleUrl;
  expect(url, 'the competition links its published schedule').not.toBeNull();
  const response = await httpsFetch(new URL(url!), {}, readFileSync(stack.caFile, 'utf8'));
  expect(response.status).toBe(200);
  const key = (row: { name: string; initials: string }) => `${row.name} | ${row.initials}`;
  const rows = scrapeScheduleRows(await response.text()).map(key).sort();
  // every round of a past competition is released: its v2 records are its whole schedule
  expect(rows).toEqual(records.map((record) => key({ name: record.GroupName, initials: record.DivisionInitials })).sort());
});

test('on the hosted service the schedule links out to the published page, which lists the groups', { tag: '@journey' }, async ({ page, request, upstream }) => {
  test.skip(upstream !== 'hosted', 'our API serves the schedule as data: the app shows it as a table');
  const { competition, records } = await latestScoredCompetition(request, todayInChicago());
  await page.goto(`/competitions/${competition.guid}/schedule`);
  const [published] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Open the published schedule' }).click()]);
  await expect(published.getByRole('columnheader', { name: 'Division' })).toBeVisible();
  await expect(published.getByRole('cell', { name: records[0].GroupName, exact: true }).first()).toBeVisible();
  await expect(published.getByRole('row')).toHaveCount(records.length + 1);
});

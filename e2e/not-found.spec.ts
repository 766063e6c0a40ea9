import { expect, test } from './support/fixtures';

/** Addresses that name nothing, each with the heading of the not-found view the app shows for it. */
const unknown = [
  { url: '/no/such/page', heading: 'Page not found' },
  { url: '/competitions/00000000-0000-4000-8000-000000000000', heading: 'Competition not found' },
  { url: '/competitions/not-a-guid', heading: 'Competition not found' },
  { url: '/competitions/00000000-0000-4000-8000-000000000000/judges', heading: 'Competition not found' },
  { url: '/competitions/00000000-0000-4000-8000-000000000000/schedule', heading: 'Competition not found' },
  { url: '/seasons/2147483646', heading: 'Season not found' },
  { url: '/seasons/2147483646/standings', heading: 'Season not found' },
  { url: '/events/2147483646', heading: 'Event not found' },
  // a group no season has a performance of
  { url: '/groups/Nobody%20At%20All', heading: 'Group not found' },
  { url: '/groups/Nobody%20At%20All?id=no-such-id&season=1', heading: 'Group not found' },
  // a judge no released recap of the season names (the judge's season view answers 404)
  { url: '/judges/Nobody%20At%20All', heading: 'Judge not found' },
];

for (const { url, heading } of unknown) {
  test(`${url} answers 404 on its first response and shows "${heading}"`, { tag: '@journey' }, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}

test('a known page still answers 200', { tag: '@journey' }, async ({ page }) => {
  const response = await page.goto('/seasons');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/not found/);
});

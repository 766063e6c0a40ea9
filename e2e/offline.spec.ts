import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { latestScoredCompetition, printed, todayInChicago } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { savedForOffline } from './support/saved-for-offline';

/**
 * Offline and installable (decision 038): a page once seen opens without a network, says when it was saved, and
 * the app can be installed (its manifest and icons). Each test's browser context is new: the recap is the first page
 * of the visit, loaded before any service worker existed.
 */

/** Today in the test's time zone as the app writes a saved instant ("Nov 24, 2026" inside "Tue, Nov 24, 2026, ..."). */
const todayPrinted = () =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date());

test('a worker that could not be fetched on the first try is tried again, and the page is saved', async ({
  page,
  context,
}) => {
  // The network drops just as the page registers its worker: the browser itself would not try again this visit.
  let asked = 0;
  await context.route('**/service-worker.js', (route) =>
    asked++ === 0 ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await savedForOffline(page);
  expect(asked).toBeGreaterThanOrEqual(2);
});

test(
  'a recap seen on the first page of a visit reads offline and says when it was saved',
  { tag: '@journey' },
  async ({ page, context, request }) => {
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
    await savedForOffline(page);

    await context.setOffline(true);
    await page.reload();
    const saved = page.getByRole('status').filter({ hasText: /^Saved / });
    await expect(saved).toContainText(todayPrinted());
    await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
    const main = page.getByRole('main');
    for (const record of sections[0].records.filter((r) => r.Performed)) {
      await expect(main).toContainText(record.GroupName);
      await expect(main).toContainText(printed.total(Number(record.TotalScore)));
    }
    await expect(page.getByText('Live', { exact: true })).toHaveCount(0);

    // The network is back: the app reads the numbers again and the page is no longer a saved copy.
    await context.setOffline(false);
    await expect(saved).toHaveCount(0);
  },
);

test(
  'a page seen earlier in the visit opens offline from the saved reads',
  { tag: '@journey' },
  async ({ page, context, request }) => {
    const { competition, season } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}`);
    await savedForOffline(page);
    // Inside the app: the season page is never loaded as a document, only its reads go through the worker.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: season.name }).click();
    await expect(page).toHaveURL(new RegExp(`/seasons/${season.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(season.name);
    const seasonUrl = page.url();

    await context.setOffline(true);
    await page.goto(`/competitions/${competition.guid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
    await page.goto(seasonUrl);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(season.name);
    await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText(todayPrinted());
  },
);

test(
  'offline, a page never seen here says so at once, lists what is saved on this device, and loads when back online',
  { tag: '@journey' },
  async ({ page, context, request }) => {
    const { competition, season } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}`);
    await savedForOffline(page);
    // A second page, seen inside the app only: listed too.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: season.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(season.name);

    await context.setOffline(true);
    const standingsReads: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/') && pathname.endsWith('/standings')) standingsReads.push(sent.url());
    });
    await page.goto(`/seasons/${season.id}/standings`);
    const offline = page.getByRole('heading', { level: 1, name: 'You’re offline' });
    await expect(offline).toBeVisible();
    // Said at once: the read is asked once and answered "offline", not retried into a wait for the network.
    expect(standingsReads, 'the standings read, asked once').toHaveLength(1);
    await expect(page).toHaveTitle('You’re offline · Marching Results');
    await expect(page.getByRole('main')).toContainText('It will load by itself when the connection is back.');
    const saved = page.getByRole('main').getByRole('listitem');
    await expect(saved).toHaveCount(2);
    // Newest first: the season page, then the recap; each with when it was saved.
    await expect(saved.nth(0).getByRole('link')).toHaveText(season.name);
    await expect(saved.nth(1).getByRole('link')).toHaveText(`${competition.name} recap`);
    await expect(saved.nth(1)).toContainText('Saved ');
    await expect(saved.nth(1)).toContainText(todayPrinted());
    await expectNoSeriousViolations(page);

    // A saved page opens from the list, offline.
    await saved.nth(1).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
    await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText(todayPrinted());

    // The page not seen, again: once the connection is back it loads by itself.
    await page.goBack();
    await expect(offline).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Standings · ${season.name}`);
  },
);

test('offline, a group link on a saved recap opens the offline page', async ({ page, context, request }) => {
  const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
  await page.goto(`/competitions/${competition.guid}`);
  await savedForOffline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText(todayPrinted());
  const group = sections[0].records.find((record) => record.Performed)!.GroupName;
  await page.getByRole('main').getByRole('link', { name: group, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: `${competition.name} recap` })).toBeVisible();
});

test.describe('a live competition', () => {
  // Skipped before the show is made: it is made on our API only (the hosted service takes no writes).
  test.skip(({ upstream }) => upstream === 'hosted', 'shows are made through our API');

  test('read from the saved copy, it shows no Live badge and opens no live stream', async ({
    page,
    context,
    scoreEntry,
  }) => {
    const run = randomBytes(3).toString('hex');
    const seasons = await scoreEntry.get<{ data: { id: number; current: boolean }[] }>('/seasons/');
    const season = seasons.data.find((candidate) => candidate.current)!;
    const event = await scoreEntry.post<{ id: number }>(
      '/events/',
      { seasonId: season.id, name: `Offline Check ${run}`, eventTypeId: 1, startDate: todayInChicago() },
      201,
    );
    // Starting now makes it today's competition wherever the viewer is: the app treats it as live.
    const competition = await scoreEntry.post<{ guid: string; name: string }>(
      `/events/${event.id}/competitions`,
      {
        name: `Color Guard ${run}`,
        date: new Date().toISOString(),
        groupTypeId: 1,
        rounds: [{ number: 1, name: 'Finals' }],
      },
      201,
    );
    await page.goto(`/competitions/${competition.guid}`);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await savedForOffline(page);

    await context.setOffline(true);
    const streams: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.endsWith('/live')) streams.push(sent.url());
    });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText(todayPrinted());
    await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
    await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
    expect(streams, 'no live stream while the page is a saved copy').toEqual([]);
  });
});

test(
  'the app is installable: its manifest is linked from every page and names its icons',
  { tag: '@journey' },
  async ({ request }) => {
    const { competition } = await latestScoredCompetition(request, todayInChicago());
    for (const pagePath of ['/', `/competitions/${competition.guid}`]) {
      const html = await (await request.get(pagePath, { headers: { accept: 'text/html' } })).text();
      expect(html, pagePath).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    }
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Marching Results',
      short_name: 'Results',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      const bytes = await png.body();
      // The PNG signature, then the IHDR chunk's width and height.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }

    const worker = await request.get('/service-worker.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    // A new version must reach the browser at its next check, never a copy an HTTP cache kept.
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
  },
);

import type { GroupSummary, SearchIndex } from '../src/lib/api-models';
import { get, printed } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

type IndexedGroup = SearchIndex['groups'][number];
const groupQuery = (group: { name: string; orgGroupIdentifier: string }) =>
  `?name=${encodeURIComponent(group.name)}${group.orgGroupIdentifier ? `&id=${encodeURIComponent(group.orgGroupIdentifier)}` : ''}`;
const groupPage = (group: { name: string; orgGroupIdentifier: string }) =>
  `/groups/${encodeURIComponent(group.name)}${group.orgGroupIdentifier ? `?id=${encodeURIComponent(group.orgGroupIdentifier)}` : ''}`;
const searchField = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByRole('combobox', { name: /^Search/ });

/** A show as a followed group's card names it: its round too, which tells Latest from Next at one show. */
const showName = ({
  competition,
  round,
}: {
  competition: { eventName: string; name: string };
  round: { name: string };
}) => [`${competition.eventName} · ${competition.name}`, round.name].filter(Boolean).join(', ');

/** Groups of the index with a scored performance in the newest seasons, as the BFF summarises them. */
async function scoredGroups(request: import('@playwright/test').APIRequestContext, count: number) {
  const index = await get<SearchIndex>(request, '/bff/search-index');
  const found: { group: IndexedGroup; summary: GroupSummary }[] = [];
  for (const group of index.groups) {
    const summary = await get<GroupSummary>(request, `/bff/group-summary${groupQuery(group)}`);
    if (summary.latest) found.push({ group, summary });
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

test(
  'follow a group on its page: it stays followed after a reload and leads home with its latest score',
  { tag: '@journey' },
  async ({ page, request }) => {
    const [{ group, summary }] = await scoredGroups(request, 1);
    const latest = summary.latest!;
    await page.goto(groupPage(group));
    const follow = page.getByRole('button', { name: `Follow ${summary.group.name}`, exact: true });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousViolations(page);
    await page.reload();
    await expect(page.getByRole('button', { name: `Follow ${summary.group.name}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading').first()).toHaveText('Your groups');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: summary.group.name, exact: true }) });
    await expect(card).toContainText(printed.total(latest.total.score));
    await expect(card.getByRole('link', { name: showName(latest), exact: true })).toBeVisible();
    await expect(card).toContainText(`, ${latest.season.name}`);
    await expect(card).not.toContainText('Season season');
    expect(latest.total.rank, "the group's latest score is ranked").not.toBeNull();
    await expect(card).toContainText(`of ${latest.groupsInRound}`);
    await expect(card).toContainText(
      summary.next
        ? summary.next.competition.name
        : summary.scheduleKnown
          ? 'Nothing scheduled yet'
          : 'published schedules',
    );
    await expectNoSeriousViolations(page);

    // Unfollowed, it leaves home.
    await page.goto(groupPage(group));
    await page.getByRole('button', { name: `Follow ${summary.group.name}`, exact: true }).click();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your groups' })).toHaveCount(0);
  },
);

test(
  'a followed group last seen more than three seasons ago shows its latest score, however old, with its season',
  { tag: '@journey' },
  async ({ page, request }) => {
    const seasons = (await get<{ data: { id: number; name: string }[] }>(request, '/bff/seasons')).data;
    const index = await get<SearchIndex>(request, '/bff/search-index');
    // The index names each group's newest season (newest season first): one whose newest is past the third.
    const seasonAt = (name: string) => seasons.findIndex((season) => season.name === name);
    const old = index.groups.find((group) => seasonAt(group.season) >= 3);
    expect(old, 'a group of the stack last listed more than three seasons ago').toBeDefined();
    const summary = await get<GroupSummary>(request, `/bff/group-summary${groupQuery(old!)}`);
    expect(summary.latest, old!.name).not.toBeNull();
    const latest = summary.latest!;
    expect(seasonAt(latest.season.name)).toBeGreaterThanOrEqual(3);

    await page.goto('/');
    await page.evaluate(
      (group) =>
        localStorage.setItem(
          'marching-results:following:v1',
          JSON.stringify({ groups: [{ ...group, notify: false }], divisions: [] }),
        ),
      { name: old!.name, orgGroupIdentifier: old!.orgGroupIdentifier },
    );
    await page.reload();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: old!.name, exact: true }) });
    // Read the way home reads it: on the hosted service too it must arrive, not stay "Loading…".
    await expect(card).toContainText(printed.total(latest.total.score), { timeout: 20_000 });
    await expect(card).toContainText(`, ${latest.season.name}`);
    await expect(card).not.toContainText('Season season');
    await expect(card.getByRole('link', { name: showName(latest), exact: true })).toBeVisible();
    await expect(card).not.toContainText('No scored performance');
    await expectNoSeriousViolations(page);
  },
);

test(
  'a shared list of groups opens on another phone and offers to follow them all',
  { tag: '@journey' },
  async ({ page, request, browser, context, baseURL }) => {
    const groups = (await scoredGroups(request, 2)).map(({ summary }) => summary.group);
    // This phone follows two groups and shares them: a browser without the Web Share API copies the link.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await page.goto('/');
    await page.evaluate(
      (list) =>
        localStorage.setItem(
          'marching-results:following:v1',
          JSON.stringify({ groups: list.map((g) => ({ ...g, notify: false })), divisions: [] }),
        ),
      groups.map(({ name, orgGroupIdentifier }) => ({ name, orgGroupIdentifier })),
    );
    await page.reload();
    const home = page.url();
    await page.getByRole('button', { name: 'Share my groups' }).click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(page.url(), 'sharing leaves the page where it is').toBe(home);
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    expect(shared).toMatch(/\/following\?group=/);

    // Another phone: a new browser context, nothing followed.
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const phone = await other.newPage();
    try {
      await phone.goto(shared);
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Groups shared with you');
      for (const group of groups)
        await expect(phone.getByRole('button', { name: `Follow ${group.name}`, exact: true })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
      await expectNoSeriousViolations(phone);
      await phone.getByRole('button', { name: 'Follow all', exact: true }).click();
      for (const group of groups)
        await expect(phone.getByRole('button', { name: `Follow ${group.name}`, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      await expect(phone.getByRole('main').getByRole('status')).toContainText('You follow all 2 of them');
      await phone.getByRole('banner').getByRole('link', { name: 'Home' }).click();
      for (const group of groups)
        await expect(phone.getByRole('heading', { name: group.name, exact: true })).toBeVisible();
    } finally {
      await other.close();
    }
  },
);

test('follow a division from the standings', { tag: '@journey' }, async ({ page, request }) => {
  const seasons = await get<{ data: { id: number; current: boolean }[] }>(request, '/bff/seasons');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const standings = await get<{ data: { division: { name: string }; entries: unknown[] }[] }>(
    request,
    `/bff/seasons/${season.id}/standings`,
  );
  const division = standings.data.find((candidate) => candidate.entries.length > 0)!.division.name;
  await page.goto(`/seasons/${season.id}/standings`);
  const follow = page.getByRole('button', { name: `Follow ${division}`, exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: `${division} standings` })).toBeVisible();
});

/** A word of the name with one letter left out: a misspelling only the fuzzy match forgives. */
function misspell(name: string): string {
  const words = name.split(' ');
  const longest = words.reduce((best, word, index) => (word.length > words[best].length ? index : best), 0);
  const word = words[longest];
  words[longest] = word.slice(0, 2) + word.slice(3);
  return words.join(' ');
}

async function searchableGroup(request: import('@playwright/test').APIRequestContext) {
  const index = await get<SearchIndex>(request, '/bff/search-index');
  // A group whose name has a word of six or more letters, so a misspelling is a misspelling and not another word.
  const group = index.groups.find(
    (candidate) => candidate.name.split(' ').some((word) => /^[A-Za-z]{6,}$/.test(word)) && !/\d/.test(candidate.name),
  );
  expect(group, 'a group with a long word in its name').toBeDefined();
  return group!;
}

test(
  'search by keyboard alone: a misspelt name, arrow keys and Enter open the group',
  { tag: '@journey' },
  async ({ page, request }) => {
    const group = await searchableGroup(request);
    await page.goto('/');
    // The keyboard reaches the banner's search field from the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'combobox')) break;
    }
    // The search's code arrives on focus and its field takes the stand-in's place, focus included.
    await expect(searchField(page)).toHaveAttribute('aria-controls', /.+/);
    await expect(searchField(page)).toBeFocused();
    const typo = misspell(group.name);
    expect(typo).not.toBe(group.name);
    await page.keyboard.type(typo);
    const field = searchField(page);
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    const target = listbox
      .getByRole('option', { name: new RegExp(`^${group.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) })
      .first();
    await expect(target).toBeVisible();
    await expectNoSeriousViolations(page);
    for (let step = 0; step < 10 && (await target.getAttribute('aria-selected')) !== 'true'; step++)
      await page.keyboard.press('ArrowDown');
    await expect(target).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group.name);
    await expect(page).toHaveURL(new RegExp(`/groups/`));
    // The group is the answer: the banner's field no longer holds the words typed to find it.
    await expect(searchField(page)).toHaveValue('');

    // Escape closes the list, then clears the field.
    await searchField(page).focus();
    await page.keyboard.type(group.name.slice(0, 5));
    await expect(searchField(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(searchField(page)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(searchField(page)).toHaveValue('');
  },
);

test(
  'the results page lists matches by part of a name as links, and reloads to the same list',
  { tag: '@journey' },
  async ({ page, request }) => {
    const group = await searchableGroup(request);
    const part = group.name
      .split(' ')
      .find((word) => /^[A-Za-z]{6,}$/.test(word))!
      .slice(1, 6);
    await page.goto('/seasons');
    await searchField(page).fill(part);
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(part)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${part}”`);
    await expect(searchField(page)).toHaveValue(part);
    const groups = page.getByRole('region', { name: 'Groups' });
    await expect(groups.getByRole('link', { name: group.name, exact: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Groups' }).getByRole('link', { name: group.name, exact: true }).first(),
    ).toBeVisible();
    await page
      .getByRole('region', { name: 'Groups' })
      .getByRole('link', { name: group.name, exact: true })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group.name);
  },
);

test(
  'Enter searches before the search has loaded: the field is a form to the results page',
  { tag: '@journey' },
  async ({ page, request }) => {
    const group = await searchableGroup(request);
    const part = group.name
      .split(' ')
      .find((word) => /^[A-Za-z]{6,}$/.test(word))!
      .slice(0, 5);
    // The search's code is held back, as on a slow phone where Enter comes before it arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/search-box-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/seasons');
    await searchField(page).fill(part);
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(part)}`);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${part}”`);
    await expect(
      page.getByRole('region', { name: 'Groups' }).getByRole('link', { name: group.name, exact: true }).first(),
    ).toBeVisible();
  },
);

test(
  'the search field focused and typed in before the page is hydrated still suggests as you type',
  { tag: '@journey' },
  async ({ page, request }) => {
    const group = await searchableGroup(request);
    const typo = misspell(group.name);
    // Every script of the app is held back: the server's page is on screen, and nothing listens to the field yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await searchField(page).focus();
    await page.keyboard.type(typo.slice(0, 4));
    release();
    // Hydrated, the page finds the field already focused: the search loads, keeping the focus and the letters typed.
    await expect(searchField(page)).toHaveAttribute('aria-controls', /.+/);
    await expect(searchField(page)).toBeFocused();
    await expect(searchField(page)).toHaveValue(typo.slice(0, 4));
    await page.keyboard.type(typo.slice(4));
    await expect(searchField(page)).toHaveAttribute('aria-expanded', 'true');
    const escaped = group.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(
      page
        .getByRole('listbox', { name: 'Search suggestions' })
        .getByRole('option', { name: new RegExp(`^${escaped}\\b`) })
        .first(),
    ).toBeVisible();
  },
);

test(
  '"Share my groups" offers the list to the system share sheet where there is one',
  { tag: '@journey' },
  async ({ page, request }) => {
    const groups = (await scoredGroups(request, 2)).map(({ summary }) => summary.group);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared ??= [];
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto('/');
    await page.evaluate(
      (list) =>
        localStorage.setItem(
          'marching-results:following:v1',
          JSON.stringify({ groups: list.map((g) => ({ ...g, notify: false })), divisions: [] }),
        ),
      groups.map(({ name, orgGroupIdentifier }) => ({ name, orgGroupIdentifier })),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Share my groups' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared ?? []))
      .toHaveLength(1);
    const [sheet] = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    const url = new URL(sheet.url!);
    expect(url.pathname).toBe('/following');
    expect(url.searchParams.getAll('group')).toEqual(groups.map((group) => group.name));
    expect(sheet.title).toBe('Groups to follow · Marching Results');
    await expectNoSeriousViolations(page);

    // The own list's page offers the same.
    await page.goto('/following');
    await page.getByRole('button', { name: 'Share my groups' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared ?? []))
      .toHaveLength(1);
    await expectNoSeriousViolations(page);
  },
);

test('share falls back to copying the link, and says so', { tag: '@journey' }, async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // The fallback: a browser without the Web Share API.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto('/seasons');
  await page.getByRole('banner').getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test(
  'the banner with its search and share passes axe on every kind of page',
  { tag: '@journey' },
  async ({ page, request }) => {
    test.slow(); // seven pages and eight axe scans
    const seasons = await get<{ data: { id: number; current: boolean }[] }>(request, '/bff/seasons');
    const season = seasons.data.find((candidate) => candidate.current)!;
    const calendar = await get<{
      data: { competition: { guid: string; scoresReleased: boolean }; event: { id: number | null } }[];
    }>(request, `/bff/seasons/${season.id}/calendar`);
    const released = calendar.data.find((entry) => entry.competition.scoresReleased && entry.event.id !== null)!;
    const urls = [
      '/seasons',
      `/seasons/${season.id}`,
      `/events/${released.event.id}`,
      `/competitions/${released.competition.guid}`,
      `/competitions/${released.competition.guid}/schedule`,
      `/competitions/${released.competition.guid}/judges`,
      '/no-such-page',
    ];
    for (const url of urls) {
      await page.goto(url);
      await expect(searchField(page)).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Share' })).toBeVisible();
      await expectNoSeriousViolations(page, { only: 'header' });
    }
    // With the suggestions open, too.
    await searchField(page).click();
    await page.keyboard.type('a');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await expectNoSeriousViolations(page, { only: 'header' });
  },
);

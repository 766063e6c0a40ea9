import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import type { ScoreEntryClient } from './support/score-entry';
import { signIn } from './support/people';

/**
 * The set-up pages for seasons and divisions on our API (issue 27): an administrator signs in through the BFF,
 * adds a season (and is told at the field why a second one of the same name is refused), changes it, adds a
 * division on a catalogue sheet and one on a sheet built in the page, seeing the maximum total as it is built; the
 * API then answers both as built. A judge is refused the pages and the write; a chief judge reads the list only.
 * On the hosted upstream `/manage` says contests are managed there. Seasons in 1998, so no fan's page changes.
 */

const TABLET = { width: 820, height: 1180 };

async function newUser(scoreEntry: ScoreEntryClient, role: string, lastName: string) {
  const email = `${role}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const user = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
    '/users/',
    { email, role, firstName: 'Set', lastName },
    201,
  );
  return { ...user, email };
}

async function ownBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  return { context, page: await context.newPage() };
}

/** No sideways page scroll at the page's width; a screenshot to look at. */
async function checkLayout(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name}: sideways scroll`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/setup-sheets/${name}.png`, fullPage: true });
}

/** A line of the builder, found by its group ("Subcaption 1 of caption 1.1"). */
const line = (page: Page, c: number, k: number, s: number) =>
  page.getByRole('group', { name: `Subcaption ${s} of caption ${c}.${k}` });

test.use({ ignoreHTTPSErrors: true });

test('on the hosted upstream /manage says contests are managed there @journey', async ({ page, upstream }) => {
  test.skip(upstream === 'ours', 'the hosted upstream only');
  await page.goto('/manage');
  await expect(page.getByText('Contests are managed on the hosted service')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Set up' })).toHaveCount(0);
  await expect(page.locator('a[href^="/manage/"]')).toHaveCount(0);
});

test.describe('on our API', () => {
  // Before the test's own fixtures: the hosted upstream has no users to set up.
  test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');

  test('an administrator adds a season and two divisions, one on a sheet built in the page @journey', async ({
    page,
    scoreEntry,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'on a laptop (the tablet width is checked in the same journey)');
    test.setTimeout(180_000);
    const stamp = Date.now();
    const admin = await newUser(scoreEntry, 'administrator', `Admin${stamp}`);
    await signIn(page, admin, '/manage');

    // /manage lists the set-up pages
    const setUp = page.getByRole('navigation', { name: 'Set up' });
    await setUp.getByRole('link', { name: 'Seasons' }).click();
    await expect(page).toHaveURL(/\/manage\/seasons$/);
    await expect(page.getByRole('heading', { name: 'Add a season' })).toBeVisible();

    // a season
    const seasonName = `1998 Setup ${stamp}`;
    await page.getByLabel('Name', { exact: true }).fill(seasonName);
    await page.getByLabel('First day', { exact: true }).fill('1998-01-10');
    await page.getByLabel('Last day', { exact: true }).fill('1998-04-30');
    await page.getByRole('button', { name: 'Add season' }).click();
    await expect(page.getByText(`${seasonName} added.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${seasonName}` })).toBeVisible();

    // the same name again: refused by the API, said at the Name field, what was typed kept
    await page.getByLabel('Name', { exact: true }).fill(seasonName);
    await page.getByLabel('First day', { exact: true }).fill('1998-05-01');
    await page.getByLabel('Last day', { exact: true }).fill('1998-06-30');
    await page.getByRole('button', { name: 'Add season' }).click();
    const nameInput = page.getByLabel('Name', { exact: true });
    await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#new-season-name-error')).toContainText('already exists');
    await expect(nameInput).toHaveValue(seasonName);
    await expect(page.getByLabel('Last day', { exact: true })).toHaveValue('1998-06-30');
    await expectNoSeriousViolations(page);
    await checkLayout(page, 'seasons-desktop');

    // changed
    await page.getByRole('button', { name: `Edit ${seasonName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${seasonName}` });
    await dialog.getByLabel('Name', { exact: true }).fill(`${seasonName} (renamed)`);
    await dialog.getByLabel('Year (optional)', { exact: true }).fill('1999');
    await dialog.getByRole('button', { name: 'Save season' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Edit ${seasonName} (renamed)` })).toBeVisible();
    const seasons = await scoreEntry.get<{
      data: { name: string; year: number; startDate: string; endDate: string }[];
    }>('/seasons/');
    expect(seasons.data.find((season) => season.name === `${seasonName} (renamed)`)).toMatchObject({
      year: 1999,
      startDate: expect.stringMatching(/^1998-01-10/),
      endDate: expect.stringMatching(/^1998-04-30/),
    });
    await page.setViewportSize(TABLET);
    await checkLayout(page, 'seasons-tablet');
    await page.setViewportSize({ width: 1280, height: 800 });

    // a division on a catalogue sheet
    await page.goto('/manage/divisions');
    await expect(page.getByRole('heading', { name: 'Add a division' })).toBeVisible();
    const catalogueName = `Setup Catalogue ${stamp}`;
    await page.getByLabel('Name', { exact: true }).fill(catalogueName);
    await page.getByLabel('Initials', { exact: true }).fill('SC');
    await page.getByLabel('Kind of group', { exact: true }).selectOption({ label: 'Color Guard' });
    await page.getByLabel('Catalogue sheet', { exact: true }).selectOption('color-guard');
    await expect(page.getByTestId('sheet-maximum')).toHaveText('Maximum total: 100');
    await page.getByRole('button', { name: 'Add division' }).click();
    await expect(page.getByText(`${catalogueName} added`)).toBeVisible();

    // a division on a sheet built here, the maximum following every line typed
    const builtName = `Setup Built ${stamp}`;
    await page.getByLabel('Name', { exact: true }).fill(builtName);
    await page.getByLabel('Initials', { exact: true }).fill('SB');
    await page.getByLabel('Kind of group', { exact: true }).selectOption({ label: 'Percussion' });
    await page.getByLabel('Order (optional)', { exact: true }).fill('7');
    await page.getByLabel('Build our own', { exact: true }).check();
    await page.getByLabel('Sheet name', { exact: true }).fill(`Built sheet ${stamp}`);
    const maximum = page.getByTestId('sheet-maximum');
    await expect(maximum).toHaveText('Maximum total: 20');
    await page.getByLabel('Category name', { exact: true }).fill('Effect');
    await page.getByLabel('Caption name', { exact: true }).fill('Effect Music');
    await line(page, 1, 1, 1).getByLabel('Subcaption name', { exact: true }).fill('Repertoire');
    await line(page, 1, 1, 1).getByLabel('Maximum', { exact: true }).fill('30');
    await line(page, 1, 1, 1).getByLabel('Step', { exact: true }).fill('0.5');
    await expect(maximum).toHaveText('Maximum total: 30');
    await page.getByRole('button', { name: 'Add a subcaption to Effect Music' }).click();
    await line(page, 1, 1, 2).getByLabel('Subcaption name', { exact: true }).fill('Performance');
    await line(page, 1, 1, 2).getByLabel('Maximum', { exact: true }).fill('10');
    await line(page, 1, 1, 2).getByLabel('Weight', { exact: true }).fill('2');
    await expect(maximum).toHaveText('Maximum total: 50');
    await page.getByRole('button', { name: 'Add a category' }).click();
    const music = page.getByRole('group', { name: /^Category 2/ });
    await music.getByLabel('Category name', { exact: true }).fill('Music');
    await music.getByLabel('Captions combine as', { exact: true }).selectOption('average');
    await music.getByLabel('Caption name', { exact: true }).fill('Music 1');
    await line(page, 2, 1, 1).getByLabel('Subcaption name', { exact: true }).fill('Composition');
    await line(page, 2, 1, 1).getByLabel('Maximum', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Add a caption to Music' }).click();
    await page
      .getByRole('group', { name: /^Caption 2\.2/ })
      .getByLabel('Caption name', { exact: true })
      .fill('Music 2');
    await line(page, 2, 2, 1).getByLabel('Subcaption name', { exact: true }).fill('Composition');
    await line(page, 2, 2, 1).getByLabel('Maximum', { exact: true }).fill('60');
    // (40 + 60) / 2 = 50 more
    await expect(maximum).toHaveText('Maximum total: 100');
    await page.setViewportSize(TABLET);
    await expectNoSeriousViolations(page);
    await checkLayout(page, 'divisions-builder-tablet');
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkLayout(page, 'divisions-builder-desktop');

    // a step the API cannot store (finer than a thousandth): refused at that Step, everything typed kept
    await line(page, 2, 2, 1).getByLabel('Step', { exact: true }).fill('0.0005');
    await page.getByRole('button', { name: 'Add division' }).click();
    const step = line(page, 2, 2, 1).getByLabel('Step', { exact: true });
    await expect(step).toHaveAttribute('aria-invalid', 'true');
    await expect(line(page, 2, 2, 1)).toContainText('whole thousandths');
    await expect(line(page, 1, 1, 2).getByLabel('Weight', { exact: true })).toHaveValue('2');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(builtName);
    await step.fill('0.1');
    await page.getByRole('button', { name: 'Add division' }).click();
    await expect(page.getByText(`${builtName} added, judged on Built sheet ${stamp} (out of 100).`)).toBeVisible();
    await expect(page.getByText(`Built sheet ${stamp} (our own), out of 100`)).toBeVisible();
    await checkLayout(page, 'divisions-list-desktop');

    // the API answers them as built
    const divisions = await scoreEntry.get<{
      data: { id: number; name: string; initials: string; sortOrder: number }[];
    }>('/divisions/');
    const onCatalogue = divisions.data.find((division) => division.name === catalogueName)!;
    const built = divisions.data.find((division) => division.name === builtName)!;
    expect(built).toMatchObject({ initials: 'SB', sortOrder: 7, groupType: { name: 'Percussion' } });
    const catalogueSheet = await scoreEntry.get<{ key: string | null }>(`/divisions/${onCatalogue.id}/sheet`);
    expect(catalogueSheet.key).toBe('color-guard');
    const builtSheet = await scoreEntry.get<{ key: string | null; sheet: unknown }>(`/divisions/${built.id}/sheet`);
    expect(builtSheet.key).toBeNull();
    const subcaption = (key: string, name: string, initials: string, max: number, step: number, weight = 1) => ({
      key,
      name,
      initials,
      max,
      step,
      weight,
    });
    expect(builtSheet.sheet).toEqual({
      name: `Built sheet ${stamp}`,
      rounding: 'carry-rounded',
      publishedDigits: 3,
      subtotalScale: 1,
      totalDivisor: 1,
      categories: [
        {
          key: 'effect',
          name: 'Effect',
          combine: 'sum',
          captions: [
            {
              key: 'effect-music',
              name: 'Effect Music',
              initials: 'EM',
              weighted: true,
              panel: null,
              subcaptions: [
                subcaption('repertoire', 'Repertoire', 'Rep', 30, 0.5),
                subcaption('performance', 'Performance', 'Per', 10, 0.1, 2),
              ],
            },
          ],
        },
        {
          key: 'music',
          name: 'Music',
          combine: 'average',
          captions: [
            {
              key: 'music-1',
              name: 'Music 1',
              initials: 'M1',
              weighted: false,
              panel: null,
              subcaptions: [subcaption('composition', 'Composition', 'Com', 40, 0.1)],
            },
            {
              key: 'music-2',
              name: 'Music 2',
              initials: 'M2',
              weighted: false,
              panel: null,
              subcaptions: [subcaption('composition', 'Composition', 'Com', 60, 0.1)],
            },
          ],
        },
      ],
    });

    // changing the built division: the builder starts from its sheet, and a changed maximum is saved
    await page.getByRole('button', { name: `Edit ${builtName}` }).click();
    await expect(page.getByRole('heading', { name: `Edit ${builtName}` })).toBeFocused();
    await page.getByLabel('Build our own', { exact: true }).check();
    await expect(maximum).toHaveText('Maximum total: 100');
    await line(page, 2, 2, 1).getByLabel('Maximum', { exact: true }).fill('80');
    await expect(maximum).toHaveText('Maximum total: 110');
    await page.getByRole('button', { name: 'Save division' }).click();
    await expect(page.getByText(`${builtName} saved`)).toBeVisible();
    const changed = await scoreEntry.get<{
      sheet: { categories: { captions: { key: string; subcaptions: { max: number }[] }[] }[] };
    }>(`/divisions/${built.id}/sheet`);
    expect(changed.sheet.categories[1].captions.map((caption) => [caption.key, caption.subcaptions[0].max])).toEqual([
      ['music-1', 40],
      ['music-2', 80],
    ]);
    await page.setViewportSize(TABLET);
    await checkLayout(page, 'divisions-list-tablet');
  });

  test('a judge is refused the set-up pages and writes; a chief judge reads the lists only', async ({
    browser,
    scoreEntry,
    stack,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'on a laptop');
    test.setTimeout(120_000);
    const stamp = Date.now();
    const judge = await ownBrowser(browser, stack.baseURL);
    await signIn(judge.page, await newUser(scoreEntry, 'judge', `Judge${stamp}`), '/manage/divisions');
    await expect(judge.page.getByText('The console is not for your role')).toBeVisible();
    await expect(judge.page.getByRole('button', { name: 'Add division' })).toHaveCount(0);
    // the API refuses the write itself, whatever a page shows
    const refused = await judge.page.evaluate(async () => {
      const response = await fetch('/api/seasons/', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Not mine', startDate: '1998-01-01', endDate: '1998-02-01' }),
      });
      return response.status;
    });
    expect(refused).toBe(403);
    await judge.context.close();

    const chief = await ownBrowser(browser, stack.baseURL);
    await signIn(chief.page, await newUser(scoreEntry, 'chief-judge', `Chief${stamp}`), '/manage/seasons');
    await expect(chief.page.getByText(/Only an administrator or a tabulator can add or change seasons/)).toBeVisible();
    await expect(chief.page.getByRole('heading', { name: 'The organization’s seasons' })).toBeVisible();
    await expect(chief.page.getByRole('button', { name: 'Add season' })).toHaveCount(0);
    await expect(chief.page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await chief.page.goto('/manage/divisions');
    await expect(
      chief.page.getByText(/Only an administrator or a tabulator can add or change divisions/),
    ).toBeVisible();
    await expect(chief.page.getByText(/out of \d/).first()).toBeVisible();
    await expectNoSeriousViolations(chief.page);
    await chief.context.close();
  });
});

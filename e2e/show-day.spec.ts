import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  addUser,
  documentMark,
  enterSeats,
  escaped,
  expectNoSidewaysScroll,
  fullName,
  markDocument,
  ownBrowser,
  scoreOf,
  seatsOf,
  setPasswordAndSignIn,
  type Layout,
  type Person,
} from './support/show-day';

/**
 * Issue 27's show day, in the web app's pages on our API: an administrator signs in, creates a season, two
 * divisions (one on a catalogue sheet, one on a sheet built in the page), an event and a competition, registers
 * six groups with times, adds a tabulator, a chief judge and two judges and seats the judges on both divisions'
 * captions. The judges enter through the BFF with their own sessions (as the judge's page sends them); the
 * tabulator, in a browser of its own, watches the grid fill by itself, previews, is refused an incomplete release,
 * corrects a score with a reason; the chief judge signs one division off and the tabulator releases it; a fan's
 * recap page, open since before the release, shows that division without a reload and not the other; the console's
 * audit trail lists every step. Only the first administrator is made through the API (nobody can sign in to make
 * them). The season is named for a year long past (so no fan's page of the sample circuit changes); its one
 * competition is today's, so fans' pages treat it as live.
 * Runs at a laptop's size and at a tablet's (820x1180), on the desktop project. `SHOW_DAY_SCREENSHOTS=1` also saves
 * the laptop's screenshots for docs/running-a-show.md into docs/images/.
 */

const LAYOUTS: Layout[] = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'tablet', viewport: { width: 820, height: 1180 } },
];
const ROUND = 'Finals';
const CORRECTION_REASON = 'Judge misread the sheet';

/** A line of the sheet builder, found by its group ("Subcaption 1 of caption 1.2"), as setup-sheets.spec.ts does. */
const builderLine = (page: Page, c: number, k: number, s: number) =>
  page.getByRole('group', { name: `Subcaption ${s} of caption ${c}.${k}` });

test.use({ ignoreHTTPSErrors: true, timezoneId: 'UTC', locale: 'en-US' });
// Before the test's own fixtures: on the hosted upstream there is no set-up (and no /manage).
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');

for (const layout of LAYOUTS) {
  test.describe(`on a ${layout.name}`, () => {
    test.use({ viewport: layout.viewport });

    test(`an administrator sets up a show, judges enter, the tabulator corrects and releases one division (${layout.name}) @journey`, async ({
      page,
      browser,
      scoreEntry,
      stack,
    }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', "the desktop project, at a laptop's and a tablet's size");
      test.setTimeout(420_000);
      const screenshot = async (name: string, target: Page | Locator = page) => {
        await expectNoSidewaysScroll('page' in target ? target.page() : target);
        if (process.env.SHOW_DAY_SCREENSHOTS === '1' && layout.name === 'laptop')
          await target.screenshot({ path: `docs/images/show-day-${name}.png` });
      };

      const stamp = Date.now();
      const today = new Date().toISOString().slice(0, 10);
      // A year of its own per layout: the BFF's read of one season year's listing is not shared by the two runs.
      const year = layout.name === 'laptop' ? 1997 : 1996;
      const seasonName = `${year} Show Day ${stamp}`;
      const catalogue = `Show Catalogue ${stamp}`;
      const built = `Show Built ${stamp}`;
      const eventName = `Show Day Classic ${stamp}`;
      const competitionName = `Show Day ${ROUND} ${stamp}`;
      const sections = [
        { division: catalogue, groups: ['Aspen', 'Birch', 'Cedar'].map((name) => `${name} HS ${stamp}`), start: '01' },
        { division: built, groups: ['Dogwood', 'Elm', 'Fir'].map((name) => `${name} HS ${stamp}`), start: '02' },
      ];
      const people: Record<'tabulator' | 'chief' | 'ann' | 'bo', Person> = {
        tabulator: { email: `tab-${stamp}@example.com`, role: 'Tabulator', firstName: 'Tess', lastName: `Tab${stamp}` },
        chief: {
          email: `chief-${stamp}@example.com`,
          role: 'Chief judge',
          firstName: 'Cal',
          lastName: `Chief${stamp}`,
        },
        ann: { email: `ann-${stamp}@example.com`, role: 'Judge', firstName: 'Ann', lastName: `Judge${stamp}` },
        bo: { email: `bo-${stamp}@example.com`, role: 'Judge', firstName: 'Bo', lastName: `Judge${stamp}` },
      };

      // 1. The administrator: the only person made through the API (somebody has to be able to sign in first).
      const adminEmail = `admin-${stamp}@example.com`;
      const admin = await scoreEntry.post<{ passwordLink: { url: string } }>(
        '/users/',
        { email: adminEmail, role: 'administrator', firstName: 'Ada', lastName: `Admin${stamp}` },
        201,
      );
      await setPasswordAndSignIn(page, admin.passwordLink.url, adminEmail, '/manage');
      const setUp = page.getByRole('navigation', { name: 'Set up' });

      // A season.
      await setUp.getByRole('link', { name: 'Seasons' }).click();
      await expect(page.getByRole('heading', { name: 'Add a season' })).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill(seasonName);
      await page.getByLabel('First day', { exact: true }).fill(`${year}-01-10`);
      await page.getByLabel('Last day', { exact: true }).fill(`${year}-04-30`);
      await page.getByRole('button', { name: 'Add season' }).click();
      await expect(page.getByText(`${seasonName} added.`)).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Two divisions of color guards: one on the catalogue's sheet, one on a sheet built here of two captions.
      await page.goto('/manage');
      await setUp.getByRole('link', { name: 'Divisions' }).click();
      await expect(page.getByRole('heading', { name: 'Add a division' })).toBeVisible();
      const maximum = page.getByTestId('sheet-maximum');
      await page.getByLabel('Name', { exact: true }).fill(catalogue);
      await page.getByLabel('Initials', { exact: true }).fill('SC');
      await page.getByLabel('Kind of group', { exact: true }).selectOption({ label: 'Color Guard' });
      await page.getByLabel('Catalogue sheet', { exact: true }).selectOption('color-guard');
      await expect(maximum).toHaveText('Maximum total: 100');
      await page.getByRole('button', { name: 'Add division' }).click();
      await expect(page.getByText(`${catalogue} added`)).toBeVisible();

      await page.getByLabel('Name', { exact: true }).fill(built);
      await page.getByLabel('Initials', { exact: true }).fill('SB');
      await page.getByLabel('Kind of group', { exact: true }).selectOption({ label: 'Color Guard' });
      await page.getByLabel('Build our own', { exact: true }).check();
      await page.getByLabel('Sheet name', { exact: true }).fill(`Show sheet ${stamp}`);
      await page.getByLabel('Category name', { exact: true }).fill('Effect');
      await page.getByLabel('Caption name', { exact: true }).fill('Music Effect');
      await builderLine(page, 1, 1, 1).getByLabel('Subcaption name', { exact: true }).fill('Repertoire');
      await builderLine(page, 1, 1, 1).getByLabel('Maximum', { exact: true }).fill('50');
      await expect(maximum).toHaveText('Maximum total: 50');
      await page.getByRole('button', { name: 'Add a caption to Effect' }).click();
      await page
        .getByRole('group', { name: /^Caption 1\.2/ })
        .getByLabel('Caption name', { exact: true })
        .fill('Visual Effect');
      await builderLine(page, 1, 2, 1).getByLabel('Subcaption name', { exact: true }).fill('Repertoire');
      await builderLine(page, 1, 2, 1).getByLabel('Maximum', { exact: true }).fill('50');
      await expect(maximum).toHaveText('Maximum total: 100');
      await screenshot('divisions-builder');
      await page.getByRole('button', { name: 'Add division' }).click();
      await expect(page.getByText(`${built} added`)).toBeVisible();

      // An event today in that season, and its competition with one round.
      await page.goto('/manage');
      await setUp.getByRole('link', { name: 'Events' }).click();
      await page.getByRole('combobox', { name: /^Season/ }).selectOption({ label: seasonName });
      await expect(page.getByRole('heading', { name: `Events of ${seasonName}` })).toBeVisible();
      await page.getByRole('button', { name: 'New event' }).click();
      const eventDialog = page.getByRole('dialog', { name: 'New event' });
      await eventDialog.getByLabel('Name', { exact: true }).fill(eventName);
      await eventDialog.getByLabel('First day').fill(today);
      await eventDialog.getByRole('button', { name: 'Save' }).click();
      await expect(eventDialog).toBeHidden();
      const eventCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName }) });
      await eventCard.getByRole('button', { name: `New competition in ${eventName}` }).click();
      const competitionDialog = page.getByRole('dialog', { name: 'New competition' });
      await competitionDialog.getByLabel('Name', { exact: true }).fill(competitionName);
      await competitionDialog.getByLabel('Date and start time').fill(`${today}T01:00`);
      await competitionDialog.getByLabel('Group type').selectOption({ label: 'Color Guard' });
      await competitionDialog.getByLabel('Round 1 name').fill(ROUND);
      await competitionDialog.getByRole('button', { name: 'Save' }).click();
      await expect(competitionDialog).toBeHidden();
      await expectNoSidewaysScroll(page);

      // Registration: three groups created in each division, their times filled from a start and an interval.
      await eventCard.getByRole('link', { name: `Entries of ${competitionName}` }).click();
      // A cold BFF finds a competition of a season it has not read yet through v2's listings: give it time.
      await expect(page.getByRole('heading', { name: `Entries: ${eventName} · ${competitionName}` })).toBeVisible({
        timeout: 30_000,
      });
      const guid = /\/manage\/competitions\/([^/]+)\/entries/.exec(page.url())![1];
      const consolePath = `/manage/competitions/${guid}`;
      for (const section of sections) {
        const divisionSelect = page.getByRole('combobox', { name: /^Division/ });
        const value = await divisionSelect.locator('option', { hasText: section.division }).getAttribute('value');
        await divisionSelect.selectOption(value);
        const order = page.getByRole('region', { name: `Running order: ${section.division} ${ROUND}` });
        await expect(order).toBeVisible();
        for (const [index, group] of section.groups.entries()) {
          await page.getByRole('button', { name: 'Create a new group' }).click();
          const form = page.getByRole('form', { name: 'New group' });
          await form.getByLabel('Name', { exact: true }).fill(group);
          await form.getByLabel('Location (optional)').fill('Round Rock, TX');
          await form.getByLabel('Its division').selectOption({ label: section.division });
          await form.getByRole('button', { name: /^Create and add/ }).click();
          await expect(order.getByRole('listitem')).toHaveCount(index + 1);
          await expect(order.getByRole('listitem').nth(index)).toContainText(group);
        }
        const times = page.getByRole('form', { name: 'Fill times' });
        await times.getByLabel('First performance at').fill(`${today}T${section.start}:00`);
        await times.getByLabel('Minutes between performances').fill('10');
        await times.getByRole('button', { name: 'Preview times' }).click();
        await expect(order.getByRole('listitem').nth(2)).toContainText(`${Number(section.start)}:20 AM`);
        if (section.division === built) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot('entries');
        }
        await order.getByRole('button', { name: /^Save running order \([1-9]\d* changed\)$/ }).click();
        await expect(order.getByRole('button', { name: 'Save running order (0 changed)' })).toBeDisabled();
        await expectNoSidewaysScroll(page);
      }

      // The people: a tabulator, a chief judge and two judges, each with a one-time password link to hand over.
      await page.goto('/manage');
      await setUp.getByRole('link', { name: 'Users' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      const links = {
        tabulator: await addUser(page, people.tabulator),
        chief: await addUser(page, people.chief),
        ann: await addUser(page, people.ann),
        bo: await addUser(page, people.bo),
      };
      await expectNoSidewaysScroll(page);

      // The panel: Ann on the analysis captions and Music Effect, Bo on General Effect and Visual Effect.
      await page.goto(consolePath);
      await page.getByRole('link', { name: 'Panel', exact: true }).click({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: `${competitionName}: panel` })).toBeVisible();
      for (const { division, captions, ann } of [
        { division: catalogue, captions: 5, ann: 3 },
        { division: built, captions: 2, ann: 1 },
      ]) {
        const region = page.getByRole('region', { name: `${division} ${ROUND}`, exact: true });
        const unseated = region.getByRole('button', { name: /^Seat / });
        await expect(unseated).toHaveCount(captions);
        for (let seated = 0; seated < captions; seated++) {
          await unseated.first().click();
          const dialog = page.getByRole('dialog', { name: /^Seat / });
          const judge = seated < ann ? people.ann : people.bo;
          await dialog.getByLabel('Judge user').selectOption({ label: `${fullName(judge)} (${judge.email})` });
          await dialog.getByRole('button', { name: 'Save' }).click();
          await expect(dialog).toBeHidden();
          await expect(unseated).toHaveCount(captions - seated - 1);
        }
        await expect(region.getByText(`${fullName(people.ann)} · judge user`)).toHaveCount(ann);
        await expect(region.getByText(`${fullName(people.bo)} · judge user`)).toHaveCount(captions - ann);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot('panel');

      // 3. The tabulator opens the console in a browser of its own: every cell empty, the stream open.
      const tabulator = await ownBrowser(browser, stack.baseURL, layout);
      const chief = await ownBrowser(browser, stack.baseURL, layout);
      const ann = await ownBrowser(browser, stack.baseURL, layout);
      const bo = await ownBrowser(browser, stack.baseURL, layout);
      const fan = await ownBrowser(browser, stack.baseURL, layout);
      try {
        const tab = tabulator.page;
        await setPasswordAndSignIn(tab, links.tabulator, people.tabulator.email, consolePath);
        const [gridA, gridB] = sections.map((section) =>
          tab.getByRole('region', { name: `${section.division} ${ROUND} entry grid` }),
        );
        const cells = (grid: Locator, state: string) => grid.getByRole('button', { name: new RegExp(`: ${state}`) });
        await expect(cells(gridA, 'not entered')).toHaveCount(15, { timeout: 30_000 });
        await expect(cells(gridB, 'not entered')).toHaveCount(6);
        await expect(tab.getByRole('status').filter({ hasText: 'Live: judges' })).toBeVisible({ timeout: 10_000 });
        await markDocument(tab);

        // A fan opens the recap page (not signed in): nothing released, listening to the live stream.
        const stream = fan.page.waitForResponse((response) =>
          response.url().endsWith(`/api/bff/competitions/${guid}/live`),
        );
        await fan.page.goto(`/competitions/${guid}`);
        expect((await stream).status(), 'the fan page listens to the live stream').toBe(200);
        await expect(fan.page.getByText('No scores released yet', { exact: true })).toBeVisible();
        await markDocument(fan.page);

        // 2. Ann enters her captions (through the BFF with her session); the grid fills by itself.
        await setPasswordAndSignIn(ann.page, links.ann, people.ann.email, '/');
        const annSeats = await seatsOf(ann.page, guid);
        expect(annSeats.map((seat) => `${seat.division.name} ${seat.caption.key}`).sort()).toEqual(
          [`${built} music-effect`, `${catalogue} da`, `${catalogue} ea`, `${catalogue} ma`].sort(),
        );
        expect(await enterSeats(ann.page, annSeats)).toBe(12);
        await expect(cells(gridA, 'submitted')).toHaveCount(9, { timeout: 10_000 });
        await expect(cells(gridB, 'submitted')).toHaveCount(3, { timeout: 10_000 });
        await screenshot('console-grid', tab.getByRole('region', { name: `${catalogue} ${ROUND}`, exact: true }));

        // Released before everything is in: refused, with what is missing by caption and group.
        const sectionA = `${catalogue} ${ROUND}`;
        await tab.getByRole('button', { name: `Release ${sectionA}` }).click();
        const refusal = tab.getByRole('alert').filter({ hasText: `Not released: ${sectionA} is not complete.` });
        await expect(refusal).toBeVisible();
        // the two General Effect captions (Bo's), each for the three groups
        await expect(refusal.getByRole('listitem')).toHaveCount(2);
        for (const group of sections[0].groups)
          await expect(refusal.getByRole('listitem').first()).toContainText(group);
        await expect(refusal.getByRole('listitem').first()).toContainText('General Effect');
        await expect(tab.getByRole('button', { name: `Release ${sectionA}` })).toBeVisible();
        await screenshot('release-refused', tab.getByRole('region', { name: sectionA, exact: true }));

        // Bo enters his; every cell of both grids is submitted, and the preview shows both divisions.
        await setPasswordAndSignIn(bo.page, links.bo, people.bo.email, '/');
        expect(await enterSeats(bo.page, await seatsOf(bo.page, guid))).toBe(9);
        await expect(cells(gridA, 'submitted')).toHaveCount(15, { timeout: 10_000 });
        await expect(cells(gridB, 'submitted')).toHaveCount(6, { timeout: 10_000 });
        const preview = tab.getByRole('region', { name: 'Preview: not released' });
        for (const section of sections)
          for (const group of section.groups) await expect(preview.getByText(group).first()).toBeVisible();

        // A correction of a submitted entry: refused without a reason, saved with one.
        const first = sections[0].groups[0];
        const voc = annSeats.find((seat) => seat.caption.key === 'ea')!.caption.subcaptions[0];
        const corrected = scoreOf(voc, 0.95);
        await gridA
          .getByRole('button', { name: new RegExp(`^${escaped(first)}, Equipment Analysis: submitted`) })
          .click();
        const dialog = tab.getByRole('dialog', { name: `Equipment Analysis: ${first}` });
        await dialog.getByRole('spinbutton').first().fill(String(corrected));
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByText(/Say why this changes/)).toBeVisible();
        await dialog.getByLabel('Reason (required)').fill(CORRECTION_REASON);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();

        // 4. The chief judge signs the first division off on the same console (no set-up, no release).
        await setPasswordAndSignIn(chief.page, links.chief, people.chief.email, consolePath);
        await chief.page.getByRole('button', { name: `Sign off ${sectionA}` }).click({ timeout: 30_000 });
        await expect(chief.page.getByText(`Signed off by ${fullName(people.chief)}`)).toBeVisible();
        await expect(chief.page.getByRole('button', { name: `Release ${sectionA}` })).toHaveCount(0);
        await expect(tab.getByText(`Signed off by ${fullName(people.chief)}`)).toBeVisible({ timeout: 10_000 });

        // The tabulator releases that division only.
        await tab.getByRole('button', { name: `Release ${sectionA}` }).click();
        await expect(tab.getByRole('button', { name: `Withdraw ${sectionA}` })).toBeVisible();
        await expect(tab.getByRole('button', { name: `Release ${sections[1].division} ${ROUND}` })).toBeVisible();

        // The fan's open page shows it by itself; the other division stays hidden.
        const released = fan.page.getByRole('table', { name: new RegExp(`^${escaped(catalogue)} — ${ROUND}`) });
        await expect(released).toBeVisible({ timeout: 15_000 });
        for (const group of sections[0].groups)
          await expect(released.getByRole('rowheader', { name: new RegExp(`^${escaped(group)}`) })).toBeVisible();
        await expect(fan.page.getByRole('table', { name: new RegExp(`^${escaped(built)}`) })).toHaveCount(0);
        for (const group of sections[1].groups)
          await expect(fan.page.getByRole('main').getByText(group)).toHaveCount(0);
        expect(await documentMark(fan.page), 'the fan page was never reloaded').toBe('still here');
        await expectNoSidewaysScroll(fan.page);

        // 5. The audit trail lists the entries, the correction and why, the sign-off and the release.
        const trail = tab.getByRole('region', { name: 'Audit trail' });
        const correction = trail.getByRole('listitem').filter({ hasText: `Why: ${CORRECTION_REASON}` });
        await expect(correction).toBeVisible();
        await expect(correction).toContainText(fullName(people.tabulator));
        await expect(correction).toContainText(new RegExp(`ea: .+ → .*voc ${escaped(String(corrected))}(?![\\d.])`));
        await expect(trail.getByText(`${catalogue} ${ROUND}: signed off`)).toBeVisible();
        await expect(trail.getByText(`${catalogue} ${ROUND}: released`)).toBeVisible();
        await trail.getByLabel('Judge or person').selectOption(fullName(people.ann));
        await expect(correction).toBeHidden();
        await expect(trail.getByText('ea entry: none → submitted')).toHaveCount(3);
        await expect(trail.getByText('music-effect entry: none → submitted')).toHaveCount(3);
        await trail.getByLabel('Judge or person').selectOption(fullName(people.bo));
        await expect(trail.getByText('ge2 entry: none → submitted')).toHaveCount(3);
        await expect(trail.getByText('visual-effect entry: none → submitted')).toHaveCount(3);
        expect(await documentMark(tab), 'the console was never reloaded').toBe('still here');
        await expectNoSidewaysScroll(tab);
      } finally {
        for (const context of [tabulator, chief, ann, bo, fan]) await context.context.close();
      }
    });
  });
}

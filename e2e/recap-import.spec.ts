import { readRecapFixture } from '../test/fixtures/recaps/load';
import { E2E_RECAP_PAGES } from './recap-pages';
import {
  parseRecapPage,
  type ParsedGroup,
  type ParsedSection,
  type PublishedNumber,
} from '../server/api/recap-import/parse-recap';
import { importRecapHtml } from '../server/api/recap-import/to-import';
import type { Event } from '../src/lib/api-models';
import { get } from './support/api-data';
import { expect, test } from './support/fixtures';

/**
 * The published recap pages that global setup imported, shown in the app's full breakdown: every number and rank
 * on screen must be the one the page prints. The expected numbers come from the page itself (the project's parser
 * reading the fixture file), never from the API, so a wrong import, tabulation, API or screen all show up here.
 * The app shows the recap as v2 gives it: caption and category scores at v2's two fraction digits.
 */
const pages = E2E_RECAP_PAGES;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The same decimal number in any notation the screen may use (".2" and "0.20" are one number; "37.08" is not
 * "37.075"), compared as decimal text so no floating point rounding can make two different numbers equal.
 */
function sameNumber(value: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`"${value}" on the published page is not a number`);
  const whole = match[2].replace(/^0+/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return `${match[1]}0*${escape(whole)}${fraction ? `\\.${fraction}0*` : '(\\.0*)?'}`;
}

/** A screen cell holding a published number over its published rank; a blank on the page is "—" on screen. */
function cellFor(published: PublishedNumber | null, precision: (text: string) => string = (text) => text): RegExp {
  if (!published || published.text === '') return /^—$/;
  const rank = published.rank === null ? '' : `\\s*rank ${published.rank}( \\(highest\\))?`;
  return new RegExp(`^${sameNumber(precision(published.text))}${rank}$`);
}

/**
 * A caption or category score as v2 gives it, and so as the app shows it: two fraction digits, rounded half up
 * (the specification's v2 format; a doubled panel's published 37.075 is 37.08, still ranked on its exact value).
 */
function atV2Precision(text: string): string {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const thousandths = Number(whole || '0') * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  const hundredths = Math.floor((thousandths + 5) / 10);
  return `${text.startsWith('-') ? '-' : ''}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** The penalty columns of a row added up, as decimal text (the app shows one number; a blank column is none). */
function penaltyOf(group: ParsedGroup): PublishedNumber {
  const thousandths = group.penalties.reduce((sum, { number }) => {
    if (number.text === '') return sum;
    const [whole, fraction = ''] = number.text.replace('-', '').split('.');
    return sum + Number(whole || '0') * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  }, 0);
  return { text: `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`, rank: null };
}

/**
 * A group's row as the page prints it, in the app's column order: rank and total beside the group (decision 058),
 * then per category each caption's lines and total, the category total where the page prints one; sub total,
 * penalties. Panel totals of doubled
 * drum corps captions are printed on the page but are no column of the app's table.
 */
function publishedRow(section: ParsedSection, group: ParsedGroup): RegExp[] {
  const performed = group.total.text !== '';
  const cells: RegExp[] = [performed ? new RegExp(`^${group.total.rank}$`) : /^—$/, cellFor(group.total)];
  section.categories.forEach((category, c) => {
    const scored = group.categories[c];
    category.captions.forEach((_, k) => {
      for (const line of scored.captions[k].subcaptions) cells.push(cellFor(line));
      cells.push(cellFor(scored.captions[k].total, atV2Precision));
    });
    if (category.hasTotal) cells.push(cellFor(scored.total, atV2Precision));
  });
  cells.push(cellFor(group.subtotal), performed ? cellFor(penaltyOf(group)) : /^—$/);
  return cells;
}

test.skip(({ isMobile }) => isMobile, 'the phone shows cards of the same numbers');

for (const file of pages) {
  test(`the full recap of ${file} shows every published number and rank`, async ({ page, request, stack }) => {
    // the biggest page has sixty rows of some twenty numbers each
    test.setTimeout(60_000);
    const imported = stack.importedRecaps.find((recap) => recap.file === file);
    if (!imported) throw new Error(`global setup did not import ${file}`);
    const html = readRecapFixture(file);
    const published = parseRecapPage(html, file);
    // The importer decides which sections carry scores (festival rating sections and score-less lists stay out).
    const shown = importRecapHtml(html, file).sections.map(({ divisionName, roundName }) => {
      const section = published.sections.find(
        (candidate) => candidate.divisionName === divisionName && candidate.roundLabel === roundName,
      );
      if (!section) throw new Error(`${file}: no published section ${divisionName} ${roundName}`);
      return section;
    });

    await page.goto(`/events/${imported.eventId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(published.title);
    await page.getByRole('link', { name: /^Recap: / }).click();
    await page.getByRole('navigation', { name: 'Recap view' }).getByRole('link', { name: 'Full breakdown' }).click();
    const event = await get<Event>(request, `/events/${imported.eventId}`);
    const guid = event.competitions.find((competition) => competition.id === imported.competitionId)!.guid;
    await expect(page).toHaveURL(new RegExp(`/competitions/${guid}\\?view=full$`));

    await expect(page.getByRole('table')).toHaveCount(shown.length);
    for (const section of shown) {
      const table = page.getByRole('table', {
        name: new RegExp(`^${escape(section.divisionName)} — ${escape(section.roundLabel)}`),
      });
      await expect(table.getByRole('rowheader')).toHaveCount(section.groups.length);
      for (const group of section.groups) {
        const rowHeader = page.getByRole('rowheader', {
          name: new RegExp(`^${escape(group.name)}\\s*${escape(group.location)}`),
        });
        const row = table.getByRole('row').filter({ has: rowHeader });
        await expect(row.getByRole('cell'), `${section.divisionName} ${section.roundLabel}: ${group.name}`).toHaveText(
          publishedRow(section, group),
        );
      }
    }
  });
}

import { expect, type Browser, type Page } from '@playwright/test';

/**
 * The steps of the show-day journey (e2e/show-day.spec.ts) that are a person at a page: signing in with a one-time
 * password link, an administrator adding a user on /manage/users, a judge entering their seats through the BFF.
 * The selectors are the ones the set-up specs (setup-sheets, setup-contest, setup-people, console) check.
 */

export { escaped, PASSWORD, setPasswordAndSignIn } from './people';

export interface Layout {
  name: 'laptop' | 'tablet';
  viewport: { width: number; height: number };
}

/** Every browser of the journey: the same zone (the competition is today's in UTC) and the same screen. */
export async function ownBrowser(browser: Browser, baseURL: string, layout: Layout) {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    timezoneId: 'UTC',
    locale: 'en-US',
    viewport: layout.viewport,
  });
  return { context, page: await context.newPage() };
}

export interface Person {
  email: string;
  role: 'Tabulator' | 'Chief judge' | 'Judge';
  firstName: string;
  lastName: string;
}

export const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

/** The administrator adds a user on /manage/users and reads the one-time link the page hands over. */
export async function addUser(page: Page, person: Person): Promise<string> {
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Role').selectOption({ label: person.role });
  await form.getByLabel('First name').fill(person.firstName);
  await form.getByLabel('Last name').fill(person.lastName);
  await form.getByRole('button', { name: 'Add user' }).click();
  const handOver = page.getByRole('region', { name: `${fullName(person)} is added` });
  await expect(handOver).toBeVisible();
  const link = await handOver.getByLabel('One-time password link').inputValue();
  expect(link).toMatch(/^https:\/\/.+set-password/);
  await handOver.getByRole('button', { name: 'Done' }).click();
  await expect(handOver).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: person.email })).toBeVisible();
  return link;
}

interface Line {
  key: string;
  max: number;
  step: number;
}

/** A judge's seat as GET /me/seats answers it (the parts the journey reads). */
export interface Seat {
  competition: { guid: string };
  division: { name: string };
  caption: { key: string; name: string; subcaptions: Line[] };
  performances: { id: number; order: number; group: { name: string } }[];
}

/** A number a line accepts, on its step: `share` of its maximum, rounded down to the step, in thousandths. */
export const scoreOf = (line: Line, share: number) =>
  Math.round(Math.floor((line.max * share) / line.step) * line.step * 1000) / 1000;

/** The judge's own seats in one competition, read through the BFF with the judge's session. */
export async function seatsOf(page: Page, competitionGuid: string): Promise<Seat[]> {
  const seats = (await page.evaluate(async () => (await fetch('/api/me/seats')).json())) as { data: Seat[] };
  return seats.data.filter((seat) => seat.competition.guid.toLowerCase() === competitionGuid.toLowerCase());
}

/**
 * The judge submits every caption of every seat, group by group, as the judge's page sends them (through the BFF,
 * with the judge's session: POST /performances/{id}/scores). The later a group performs the lower its numbers.
 */
export async function enterSeats(page: Page, seats: Seat[]): Promise<number> {
  let entered = 0;
  for (const seat of seats)
    for (const performance of seat.performances) {
      const body = {
        captionKey: seat.caption.key,
        scores: seat.caption.subcaptions.map((line) => ({
          subcaptionKey: line.key,
          score: scoreOf(line, 0.9 - 0.05 * performance.order),
        })),
        state: 'submitted',
        baseVersion: 0,
      };
      const answer = await page.evaluate(
        async ({ id, entry }) => {
          const response = await fetch(`/api/performances/${id}/scores`, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(entry),
          });
          return { status: response.status, text: await response.text() };
        },
        { id: performance.id, entry: body },
      );
      expect(answer.status, answer.text).toBe(200);
      entered += 1;
    }
  return entered;
}

/** No sideways scroll of the whole page at its width (the laptop's and the tablet's, 820x1180). */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(widths.client);
}

/** Marks the page's document: still marked later means it was never reloaded or left. */
export const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { journeyMark: string }).journeyMark = 'still here'));
export const documentMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark ?? 'reloaded');

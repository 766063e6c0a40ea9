import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { makeSection, SEASON_ID, threeGroupSection } from '../../../test/factories';
import type { DivisionRoundScores } from '../utils/recap-types';
import { FIRST_CARDS } from './recap-sections';
import { RecapViews } from './recap-views';

/** A section of `groups` groups that all performed, ranked in order. */
function section(divisionId: number, name: string, groups: number): DivisionRoundScores {
  const made = makeSection(
    Array.from({ length: groups }, (_, index) => {
      const rank = index + 1;
      const ranked = (score: number) => ({ score: score - index / 10, rank });
      return {
        id: divisionId * 100 + rank,
        name: `${name} ${rank}`,
        ge: ranked(30),
        ea1: ranked(18),
        ea2: ranked(17),
        ea: ranked(17.5),
        subtotal: ranked(47.5),
        total: ranked(47.5),
      };
    }),
  );
  return { ...made, division: { ...made.division, id: `division-${divisionId}`, name } };
}

function renderPage(sections: DivisionRoundScores[], url = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <RecapViews sections={sections} views={['summary', 'categories', 'full']} /> },
      { path: paths.group.path, element: <h1>Group page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Whether the card shows its breakdown: the disclosure expanded, and the breakdown's tables in the region it
 * controls. (Selectors, not role queries: these run on every poll of a waitFor, and a slow poll would keep React's
 * background render from finishing.)
 */
function showsBreakdown(card: Element): boolean {
  const disclosure = card.querySelector('button[aria-controls]')!;
  const region = document.getElementById(disclosure.getAttribute('aria-controls')!)!;
  return (
    disclosure.getAttribute('aria-expanded') === 'true' &&
    region.getAttribute('aria-hidden') !== 'true' &&
    region.querySelector('table') !== null
  );
}

const cards = () => [...document.querySelectorAll('article')];
const shown = () => cards().map(showsBreakdown);
const repeat = (count: number, value: boolean) => Array.from({ length: count }, () => value);
const viewLink = (label: string) =>
  within(screen.getByRole('navigation', { name: 'Recap view' })).getByRole('link', { name: label });
/** Waits for what React renders in the background (a few hundred ms of jsdom on a busy machine), beyond waitFor's default second. */
const caughtUp = (assertion: () => void) => waitFor(assertion, { timeout: 10_000 });
const search = (router: ReturnType<typeof renderPage>) => router.state.location.search;

afterEach(cleanup);

describe('the view switch of the phone recap', () => {
  const scores = [section(1, 'Alpha', 8), section(2, 'Bravo', 8), section(3, 'Charlie', 8), section(4, 'Delta', 8)];

  it('shows the chosen view, puts it in the URL in place of the current entry, and shows it on every card', async () => {
    const router = renderPage(scores);
    await caughtUp(() => expect(cards()).toHaveLength(32));
    expect(shown()).toEqual(repeat(32, false));

    fireEvent.click(viewLink('Full breakdown'));
    expect(viewLink('Full breakdown').getAttribute('aria-current')).toBe('page');
    await caughtUp(() => expect(search(router)).toBe('?view=full'));
    expect(router.state.historyAction).toBe('REPLACE');
    await caughtUp(() => expect(shown()).toEqual(repeat(32, true)));

    fireEvent.click(viewLink('Categories'));
    await caughtUp(() => expect(search(router)).toBe('?view=categories'));
    await caughtUp(() => expect(shown()).toEqual(repeat(32, false)));

    fireEvent.click(viewLink('Summary'));
    expect(viewLink('Summary').getAttribute('aria-current')).toBe('page');
    await caughtUp(() => expect(search(router)).toBe(''));
  });

  it('shows the first cards switched in the click itself, and the others once the page has caught up', async () => {
    // No act(): the test sees what the browser shows between React's renders.
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      renderPage(scores);
      await caughtUp(() => expect(cards()).toHaveLength(32));
      viewLink('Full breakdown').click();
      await Promise.resolve();
      expect(shown()).toEqual([...repeat(FIRST_CARDS, true), ...repeat(32 - FIRST_CARDS, false)]);
      await caughtUp(() => expect(shown()).toEqual(repeat(32, true)));

      viewLink('Summary').click();
      await Promise.resolve();
      expect(shown()).toEqual([...repeat(FIRST_CARDS, false), ...repeat(32 - FIRST_CARDS, true)]);
      await caughtUp(() => expect(shown()).toEqual(repeat(32, false)));
    } finally {
      environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('follows the URL when it changes otherwise (a link, back and forward)', async () => {
    const router = renderPage(scores);
    await caughtUp(() => expect(cards()).toHaveLength(32));
    await act(() => router.navigate('/?view=full'));
    expect(viewLink('Full breakdown').getAttribute('aria-current')).toBe('page');
    await caughtUp(() => expect(shown()).toEqual(repeat(32, true)));
  });

  it('sorts by the URL too, and switches the first cards in the order shown', async () => {
    const router = renderPage(scores);
    await caughtUp(() => expect(cards()).toHaveLength(32));
    fireEvent.change(screen.getAllByRole('combobox', { name: 'Sort by' })[0], { target: { value: 'group|desc' } });
    expect(search(router)).toBe('?sort=group&dir=desc');
    const alpha = () => within(screen.getByRole('list', { name: 'Alpha — Finals' })).getAllByRole('article');
    expect(alpha().map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(
      Array.from({ length: 8 }, (_, index) => `Alpha ${8 - index}`),
    );

    fireEvent.click(viewLink('Full breakdown'));
    await caughtUp(() => expect(search(router)).toBe('?sort=group&dir=desc&view=full'));
    await caughtUp(() => expect(shown()).toEqual(repeat(32, true)));
    expect(within(alpha()[0]).getByRole('heading', { level: 3 }).textContent).toBe('Alpha 8');
  });

  it('opens the page in the full view with every card full', async () => {
    renderPage(scores, '/?view=full');
    await caughtUp(() => expect(cards()).toHaveLength(32));
    await caughtUp(() => expect(shown()).toEqual(repeat(32, true)));
  });

  it("follows a card's group link in the app", async () => {
    const router = renderPage([threeGroupSection()]);
    fireEvent.click(await screen.findByRole('link', { name: 'Alpha' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      paths.group.href({ name: 'Alpha', orgGroupIdentifier: '1' }, SEASON_ID),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Group page' })).toBeTruthy();
  });
});

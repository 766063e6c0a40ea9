import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { makeSection, SEASON_ID, threeGroupSection } from '../../../test/factories';
import type { DivisionRoundScores } from '../utils/recap-types';
import { parseView } from '../utils/recap-model';
import { CATCH_UP_CARDS, FIRST_CARDS_AT_MOST, PREBUILT_CARDS, RecapSections } from './recap-sections';
import { RecapViewSwitch } from './recap-view-switch';

// The frames are the test's to paint: each afterNextPaint callback waits in `frames` until paint() runs it, and an
// afterNextFrameShown callback until the paint after that.
const frames = vi.hoisted(() => [] as (() => void)[]);
vi.mock('../../../lib/after-next-paint', async (importOriginal) => {
  const { twice } = await importOriginal<typeof import('../../../lib/after-next-paint')>();
  const afterNextPaint = (callback: () => void) => {
    frames.push(callback);
    return () => {
      const index = frames.indexOf(callback);
      if (index >= 0) frames.splice(index, 1);
    };
  };
  return { afterNextPaint, afterNextFrameShown: (callback: () => void) => twice(afterNextPaint, callback), twice };
});

async function paint() {
  const due = frames.splice(0);
  await act(async () => due.forEach((callback) => callback()));
}

/** Two paints: a catch-up step waits for the frame before it to be shown. */
async function showFrame() {
  await paint();
  await paint();
}

/** A section of `groups` groups that all performed, ranked in order. */
function section(divisionId: number, name: string, groups: number): DivisionRoundScores {
  const made = makeSection(
    Array.from({ length: groups }, (_, index) => {
      const rank = index + 1;
      const ranked = (score: number) => ({ score: score - index / 10, rank });
      return {
        id: divisionId * 100 + rank, name: `${name} ${rank}`,
        ge: ranked(30), ea1: ranked(18), ea2: ranked(17), ea: ranked(17.5), subtotal: ranked(47.5), total: ranked(47.5),
      };
    }),
  );
  return { ...made, division: { ...made.division, id: `division-${divisionId}`, name } };
}

function Page({ sections }: { sections: DivisionRoundScores[] }) {
  const [searchParams] = useSearchParams();
  const view = parseView(searchParams.get('view'));
  return (
    <>
      <RecapViewSwitch current={view} views={['summary', 'categories', 'full']} />
      <RecapSections sections={sections} view={view} />
    </>
  );
}

function renderPage(sections: DivisionRoundScores[], url = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Page sections={sections} /> },
      { path: paths.group.path, element: <h1>Group page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * What a card shows: its breakdown expanded and built, its category scores, or only its total; and whether a
 * collapsed breakdown is built ahead (the first cards, once the page has settled; their category scores too, hidden).
 */
function viewOf(card: HTMLElement): string {
  const disclosure = within(card).getByRole('button', { name: 'Breakdown by caption and judge' });
  const built = card.querySelector(`#${disclosure.getAttribute('aria-controls')} table`) !== null;
  if (disclosure.getAttribute('aria-expanded') === 'true') return built ? 'full' : 'open, nothing built';
  const categories = card.querySelector('dl');
  const shown = categories !== null && categories.getAttribute('aria-hidden') !== 'true';
  // A card built ahead has its category scores built too, hidden in the summary.
  if (built && categories === null) return 'built ahead without its category scores';
  return `${shown ? 'categories' : 'summary'}${built ? ', built ahead' : ''}`;
}

const views = () => screen.getAllByRole('article').map(viewOf);
/** jsdom lays nothing out: every card's top is 0, on screen, so a switch shows the most cards it may at once. */
const AT_ONCE = FIRST_CARDS_AT_MOST;
const PREBUILT = PREBUILT_CARDS;
const repeat = (count: number, view: string) => Array.from({ length: count }, () => view);

async function choose(label: string) {
  const link = within(screen.getByRole('navigation', { name: 'Recap view' })).getByRole('link', { name: label });
  await act(async () => fireEvent.click(link));
  expect(link.getAttribute('aria-current')).toBe('page');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  frames.length = 0;
});

describe('a view switch on the phone recap', () => {
  // Four sections of eight: the first step of a catch-up takes three sections (24 cards, the first 20 and the rest
  // of the section the 20th is in), the second the last one.
  const scores = [section(1, 'Alpha', 8), section(2, 'Bravo', 8), section(3, 'Charlie', 8), section(4, 'Delta', 8)];

  it('switches the first cards in the commit of the tap and the others a step per painted frame, in the latest view', async () => {
    expect(AT_ONCE).toBeLessThan(8);
    expect(PREBUILT).toBeLessThan(AT_ONCE);
    expect(CATCH_UP_CARDS).toBeGreaterThan(16);
    expect(CATCH_UP_CARDS).toBeLessThanOrEqual(24);
    renderPage(scores);
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(views()).toEqual(repeat(8, 'summary'));
    await paint(); // the first frame: the other sections follow, and the first cards build their breakdowns ahead
    expect(views()).toEqual([...repeat(PREBUILT, 'summary, built ahead'), ...repeat(32 - PREBUILT, 'summary')]);

    const sortOptions = () => within(screen.getAllByRole('combobox', { name: 'Sort by' })[0]).getAllByRole('option').length;
    const summaryOptions = sortOptions();
    await choose('Full breakdown');
    expect(views()).toEqual([...repeat(AT_ONCE, 'full'), ...repeat(32 - AT_ONCE, 'summary')]);
    // The sort menu follows with the section's later cards.
    expect(sortOptions()).toBe(summaryOptions);
    await paint();
    // The switched frame is painted: the later cards wait until it is shown.
    expect(views()).toEqual([...repeat(AT_ONCE, 'full'), ...repeat(32 - AT_ONCE, 'summary')]);
    await paint();
    expect(views()).toEqual([...repeat(24, 'full'), ...repeat(8, 'summary')]);
    expect(sortOptions()).toBeGreaterThan(summaryOptions);

    // Another view before the catch-up is done: the first cards take it at once, the others keep what they show
    // until a step of the new catch-up reaches them.
    await choose('Categories');
    expect(views()).toEqual([
      ...repeat(PREBUILT, 'categories, built ahead'),
      ...repeat(AT_ONCE - PREBUILT, 'categories'),
      ...repeat(24 - AT_ONCE, 'full'),
      ...repeat(8, 'summary'),
    ]);
    await showFrame();
    expect(views()).toEqual([...repeat(PREBUILT, 'categories, built ahead'), ...repeat(24 - PREBUILT, 'categories'), ...repeat(8, 'summary')]);
    await showFrame();
    expect(views()).toEqual([...repeat(PREBUILT, 'categories, built ahead'), ...repeat(32 - PREBUILT, 'categories')]);
    expect(frames).toHaveLength(0);
  });

  it('does not step toward a view the reader has left', async () => {
    renderPage(scores);
    await paint();
    await choose('Full breakdown');
    await paint();
    // The step toward the full view, as if its transition rendered after the reader chose another view.
    const late = [...frames];
    expect(late).toHaveLength(1);
    await choose('Summary');
    expect(frames).toHaveLength(0);
    await act(async () => late.forEach((callback) => callback()));
    expect(views()).toEqual([...repeat(PREBUILT, 'summary, built ahead'), ...repeat(32 - PREBUILT, 'summary')]);
    expect(frames).toHaveLength(0);
  });

  it('switches at once only the cards whose tops are on screen once the ones before them are switched', async () => {
    // Cards 300 px apart from 100 px down a 768 px screen: the first three are on screen, the fourth is not.
    expect(window.innerHeight).toBe(768);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = [...document.querySelectorAll('article')].indexOf(this);
      return { top: 100 + index * 300 } as DOMRect;
    });
    renderPage(scores);
    await paint();
    await choose('Full breakdown');
    expect(views()).toEqual([...repeat(3, 'full'), ...repeat(29, 'summary')]);
    await showFrame();
    await showFrame();
    expect(views()).toEqual(repeat(32, 'full'));

    // One tall card fills the screen: it switches alone.
    vi.mocked(HTMLElement.prototype.getBoundingClientRect).mockImplementation(function (this: HTMLElement) {
      const index = [...document.querySelectorAll('article')].indexOf(this);
      return { top: 400 + index * 1200 } as DOMRect;
    });
    await choose('Summary');
    expect(views().slice(0, 2)).toEqual(['summary, built ahead', 'full']);
  });

  it('keeps the staging through a sort: the first cards in the order shown are the ones switched', async () => {
    renderPage(scores);
    await paint();
    await choose('Full breakdown');
    await act(async () => fireEvent.change(screen.getAllByRole('combobox', { name: 'Sort by' })[0], { target: { value: 'group|desc' } }));
    const cards = within(screen.getByRole('list', { name: 'Alpha — Finals' })).getAllByRole('article');
    expect(within(cards[0]).getByRole('heading', { level: 3 }).textContent).toBe('Alpha 8');
    expect(cards.map(viewOf)).toEqual([...repeat(AT_ONCE, 'full'), ...repeat(8 - AT_ONCE, 'summary')]);
    await showFrame();
    await showFrame();
    expect(views()).toEqual(repeat(32, 'full'));
  });

  it('opens the page in the full view with every card full once the other sections are there', async () => {
    renderPage(scores, '/?view=full');
    expect(screen.getAllByRole('article').map(viewOf)).toEqual(repeat(8, 'full'));
    await paint();
    expect(views()).toEqual(repeat(32, 'full'));
    expect(frames).toHaveLength(0);
  });

  it("follows a card's group link in the app", async () => {
    const router = renderPage([threeGroupSection()]);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Alpha' })));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(paths.group.href({ name: 'Alpha', orgGroupIdentifier: '1' }, SEASON_ID));
    expect(screen.getByRole('heading', { level: 1, name: 'Group page' })).toBeTruthy();
  });
});

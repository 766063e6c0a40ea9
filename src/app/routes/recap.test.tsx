import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompetitionSummary, PerformanceRecord, RecapCorrection } from '../../lib/api-models';
import { COMPETITION_GUID, makeSummary, makeV2Records } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const RECAP = `/competitions/${COMPETITION_GUID}`;

/** The route's module, its data and React's background render take more than a second on a busy machine. */
const LOADED = { timeout: 10_000 };

/**
 * The BFF as the recap reads it: the competition's summary and its corrections after release (views of the BFF's)
 * and its v2 performance records (forwarded from the upstream). `status` answers all three; `headers` go with the
 * records.
 */
function serve(
  status: number,
  {
    summary = makeSummary(),
    records = makeV2Records(),
    corrections = [],
    headers = {},
  }: {
    summary?: CompetitionSummary;
    records?: PerformanceRecord[];
    corrections?: RecapCorrection[];
    headers?: Record<string, string>;
  } = {},
) {
  const problem = { type: 'about:blank', title: 'Not Found', status, code: 'not_found', detail: 'no such competition' };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body =
        status !== 200
          ? problem
          : url === `/api/bff/competitions/${COMPETITION_GUID}/corrections`
            ? { data: corrections }
            : url.startsWith(`/api/bff/competitions/${COMPETITION_GUID}`)
              ? summary
              : url.startsWith(`/api/2018-03/performances?c=${COMPETITION_GUID}`)
                ? records
                : undefined;
      if (body === undefined)
        return Promise.resolve(new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }));
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        }),
      );
    }),
  );
}

/** Whether a card's breakdown disclosure is expanded. */
const expanded = (card: HTMLElement) =>
  within(card).getByRole('button', { name: 'Breakdown by caption and judge' }).getAttribute('aria-expanded') === 'true';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('recap page', () => {
  it('shows each group with rank and total, and the group that did not perform last', async () => {
    serve(200);
    renderApp(RECAP);
    const list = await screen.findByRole('list', { name: 'Scholastic A — Finals' }, LOADED);
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    expect(cards[0].textContent).toContain('47.000');
    expect(cards[2].textContent).toContain('Withdrew');
  });

  it('marks a number corrected after release and says under the division from what to what, and why', async () => {
    serve(200, {
      corrections: [
        {
          division: { name: 'Scholastic A' },
          round: { number: 1, name: 'Finals' },
          group: { name: 'Bravo' },
          change: { kind: 'penalty', before: 0, after: 0.3 },
          at: '2026-03-28T21:05:00.000Z',
          reason: 'Timing recounted',
        },
      ],
    });
    renderApp(RECAP);
    const bravo = await screen.findByRole('article', { name: 'Bravo' }, LOADED);
    // on the card's Total, linked to the note
    const mark = within(bravo).getAllByRole('link', { name: 'Corrected, note 1' })[0];
    expect(mark.getAttribute('href')).toBe('#correction-scholastic-a-1-1');
    expect(
      within(screen.getByRole('article', { name: 'Alpha' })).queryByRole('link', { name: /^Corrected/ }),
    ).toBeNull();
    const notes = screen.getByRole('region', { name: 'Corrections after release' });
    const note = within(notes).getByRole('listitem');
    expect(note.id).toBe('correction-scholastic-a-1-1');
    expect(note.textContent).toContain('Bravo · Penalty: 0 →changed to 0.3. Reason: Timing recounted');
  });

  it('shows no corrections where there are none', async () => {
    serve(200);
    renderApp(RECAP);
    await screen.findByRole('article', { name: 'Bravo' }, LOADED);
    expect(screen.queryByRole('region', { name: 'Corrections after release' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Corrected/ })).toBeNull();
  });

  it("builds a group's breakdown when its card is opened, not before", async () => {
    serve(200);
    renderApp(RECAP);
    const card = await screen.findByRole('article', { name: 'Alpha' });
    expect(within(card).queryAllByRole('table')).toHaveLength(0);

    fireEvent.click(within(card).getByText('Breakdown by caption and judge'));
    const tables = await within(card).findAllByRole('table');
    expect(tables.map((table) => table.querySelector('caption')?.textContent)).toContain('Equipment Analysis — Bo Kim');
    expect(within(screen.getByRole('article', { name: 'Bravo' })).queryAllByRole('table')).toHaveLength(0);
  });

  it('opens every breakdown in the full view, in the later sections too', async () => {
    serve(200, { records: [...makeV2Records(), ...makeV2Records({ name: 'Independent Open', initials: 'IO' })] });
    renderApp(`${RECAP}?view=full`);
    // A cheap wait first: role queries over six built breakdowns are slow enough to starve React's background render.
    await vi.waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(6), LOADED);
    const laterList = screen.getByRole('list', { name: 'Independent Open — Finals' });
    const cards = [...screen.getAllByRole('article')];
    expect(cards).toHaveLength(6);
    expect(within(laterList).getAllByRole('article')).toHaveLength(3);
    // The group that did not perform has no breakdown; every other card's is expanded and built.
    const withBreakdown = cards.filter((item) =>
      within(item).queryByRole('button', { name: 'Breakdown by caption and judge' }),
    );
    for (const card of withBreakdown) {
      await vi.waitFor(() => expect(expanded(card) && within(card).queryAllByRole('table').length > 0).toBe(true));
    }
    expect(withBreakdown).toHaveLength(4);
  });

  it('shows a chosen view in the tap itself, then puts it in the URL, which still rules on its own changes', async () => {
    serve(200);
    const router = renderApp(RECAP);
    const card = await screen.findByRole('article', { name: 'Alpha' });
    const views = screen.getByRole('navigation', { name: 'Recap view' });

    fireEvent.click(within(views).getByRole('link', { name: 'Full breakdown' }));
    // Before the URL changed: the link is the current view and the first card shows its built breakdown.
    expect(router.state.location.search).toBe('');
    expect(within(views).getByRole('link', { name: 'Full breakdown' }).getAttribute('aria-current')).toBe('page');
    expect(expanded(card)).toBe(true);
    expect(within(card).getAllByRole('table').length).toBeGreaterThan(0);

    await vi.waitFor(() => expect(router.state.location.search).toBe('?view=full'));
    expect(router.state.historyAction).toBe('REPLACE');
    // A URL change that is not a tap here (a link elsewhere, back and forward) sets the view.
    await router.navigate(`${RECAP}?view=categories`);
    await vi.waitFor(() =>
      expect(within(views).getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page'),
    );
    await vi.waitFor(() => expect(expanded(card)).toBe(false));
  });

  it("switches the view at a finger's lift, and cancels the lift so no click follows", async () => {
    serve(200);
    const router = renderApp(RECAP);
    const card = await screen.findByRole('article', { name: 'Alpha' });
    const link = within(screen.getByRole('navigation', { name: 'Recap view' })).getByRole('link', {
      name: 'Full breakdown',
    });
    const finger = { identifier: 0, clientX: 5, clientY: 5 };

    fireEvent.touchStart(link, { touches: [finger], changedTouches: [finger] });
    expect(link.getAttribute('aria-current')).toBe(null);
    // fireEvent answers false when the event's default was prevented.
    expect(fireEvent.touchEnd(link, { touches: [], changedTouches: [finger] })).toBe(false);
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(expanded(card)).toBe(true);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?view=full'));
  });

  it("keeps a reader's own expand and collapse until the view changes to or from the full breakdown", async () => {
    serve(200);
    renderApp(RECAP);
    const card = await screen.findByRole('article', { name: 'Bravo' });
    const views = screen.getByRole('navigation', { name: 'Recap view' });
    const disclosure = within(card).getByRole('button', { name: 'Breakdown by caption and judge' });
    const region = document.getElementById(disclosure.getAttribute('aria-controls')!)!;
    expect(card.contains(region)).toBe(true);
    expect(region.getAttribute('aria-hidden')).toBe('true');

    fireEvent.click(disclosure);
    expect(expanded(card)).toBe(true);
    expect(region.hasAttribute('aria-hidden')).toBe(false);
    expect(within(region).getAllByRole('table').length).toBeGreaterThan(0);
    // Summary to categories: the reader's choice holds.
    fireEvent.click(within(views).getByRole('link', { name: 'Categories' }));
    expect(expanded(card)).toBe(true);
    // The full view expands every card; a card collapsed there stays collapsed until the view changes again.
    fireEvent.click(within(views).getByRole('link', { name: 'Full breakdown' }));
    await vi.waitFor(() => expect(expanded(card)).toBe(true));
    fireEvent.click(disclosure);
    expect(expanded(card)).toBe(false);
    expect(region.getAttribute('aria-hidden')).toBe('true');
    // Leaving the full view collapses every card again.
    fireEvent.click(within(views).getByRole('link', { name: 'Summary' }));
    await vi.waitFor(() =>
      expect(within(views).getByRole('link', { name: 'Summary' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(expanded(card)).toBe(false);
    fireEvent.click(disclosure);
    expect(expanded(card)).toBe(true);
  });

  it('says when no scores are released yet, whatever the records hold', async () => {
    serve(200, { summary: makeSummary({ scoresReleased: false, categoryRecapReleased: false, recapReleased: false }) });
    renderApp(RECAP);
    expect(await screen.findByText('No scores released yet')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows only what the released flags allow: categories without the full recap and its judges', async () => {
    serve(200, { summary: makeSummary({ recapReleased: false }) });
    renderApp(`${RECAP}?view=full`);
    const views = await screen.findByRole('navigation', { name: 'Recap view' });
    expect(
      within(views)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Summary', 'Categories']);
    expect(within(views).getByRole('link', { name: 'Summary' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Not released yet: the full recap with judges.')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Alpha' });
    expect(within(card).queryByRole('button', { name: 'Breakdown by caption and judge' })).toBeNull();
    fireEvent.click(within(views).getByRole('link', { name: 'Categories' }));
    await vi.waitFor(() => expect(within(card).getByText('Equipment Analysis')).toBeTruthy());
    expect(document.body.textContent).not.toContain('Bo Kim');
  });

  it('offers no view switch while only the totals are released', async () => {
    serve(200, { summary: makeSummary({ categoryRecapReleased: false, recapReleased: false }) });
    renderApp(`${RECAP}?view=categories`);
    expect(
      await screen.findByText('Not released yet: the category recap and the full recap with judges.'),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Recap view' })).toBeNull();
    const card = screen.getByRole('article', { name: 'Alpha' });
    expect(card.textContent).toContain('47.000');
    expect(card.textContent).not.toContain('General Effect');
  });

  it('tells the reader when the results are a saved copy', async () => {
    serve(200, { headers: { 'x-bff-stale': '1' } });
    renderApp(RECAP);
    expect(await screen.findByText('Showing saved results, the results service is not answering.')).toBeTruthy();
  });

  it('names what was not found on a 404', async () => {
    serve(404);
    renderApp(RECAP);
    expect(await screen.findByRole('heading', { level: 1, name: 'Competition not found' })).toBeTruthy();
    cleanup();
    // An address that cannot name a competition is not asked for at all.
    serve(200);
    renderApp('/competitions/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Competition not found' })).toBeTruthy();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});

describe('judges page', () => {
  it('sets each judge beside the final ranks in a captioned table and marks disagreements', async () => {
    serve(200);
    renderApp(`${RECAP}/judges`);
    const kim = await screen.findByRole('table', { name: /Equipment Analysis — Bo Kim/ });
    expect(
      within(kim)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Final rank', 'Group', 'Judge score', 'Judge rank', 'Panel score', 'Panel rank']);
    const alpha = within(kim).getByRole('rowheader', { name: 'Alpha' }).closest('tr')!;
    expect(alpha.textContent).toContain('differs from final rank 1');
  });
});

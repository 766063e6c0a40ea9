import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEntry, Season } from '../../lib/api-models';
import { renderAppWith } from '../../test/render-app';

const SEASON: Season = { id: 3, name: '2026 Season', year: 2026, current: true };

/** 30 competitions, three a Saturday from Jan 3, 2026; every third a percussion show at "Lake" HS; the last 5 upcoming. */
const entries: CalendarEntry[] = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 0, 3 + 7 * Math.floor(i / 3), 12)).toISOString();
  const lake = i % 3 === 2;
  const scored = i < 25;
  return {
    competition: {
      guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: lake ? 'Percussion' : 'Color Guard',
      date: day,
      groupTypeId: lake ? 2 : 1,
      scoresReleased: scored,
      categoryRecapReleased: scored,
      recapReleased: scored,
    },
    event: {
      guid: `e-${i}`,
      name: `Show ${i + 1}`,
      location: lake ? 'Lake HS' : 'Hill HS',
      id: i + 1,
      eventTypeId: 1,
      eventType: 'Regular Season',
      practice: false,
    },
  };
});

const renderAt = (url: string) => renderAppWith(url, { season: SEASON, data: entries });

/** The shows on screen, by the names their schedule links carry (every show has one; a recap link only once scored). */
const shown = () =>
  screen.getAllByRole('link', { name: /^Schedule: / }).map(
    (link) =>
      link
        .getAttribute('aria-label')!
        .replace(/^Schedule: /, '')
        .split(',')[0],
  );
const withRecap = () =>
  screen.queryAllByRole('link', { name: /^Recap: / }).map(
    (link) =>
      link
        .getAttribute('aria-label')!
        .replace(/^Recap: /, '')
        .split(',')[0],
  );
const names = (from: number, to: number) => entries.slice(from, to).map((entry) => entry.event.name);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a season's page", () => {
  it('shows twelve competitions at a time, by day, and says which of how many', async () => {
    renderAt('/seasons/3');
    await screen.findByRole('heading', { level: 1, name: '2026 Season' });
    expect(shown()).toEqual(names(0, 12));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Jan 3, 2026',
      'Jan 10, 2026',
      'Jan 17, 2026',
      'Jan 24, 2026',
    ]);
    expect(screen.getByText('Competitions 1–12 of 30')).toBeTruthy();
  });

  it('goes from page to page through the URL, and names each page by its days', async () => {
    const router = renderAt('/seasons/3');
    const pages = await screen.findByRole('navigation', { name: 'Pages of competitions' });
    expect(
      within(pages)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 of 3: Jan 3 – Jan 24', '2 of 3: Jan 31 – Feb 21', '3 of 3: Feb 28 – Mar 7']);
    fireEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    await screen.findByText('Competitions 13–24 of 30');
    expect(router.state.location.search).toBe('?page=2');
    expect(shown()).toEqual(names(12, 24));
    fireEvent.change(within(screen.getByRole('navigation', { name: 'Pages of competitions' })).getByRole('combobox'), {
      target: { value: '3' },
    });
    await screen.findByText('Competitions 25–30 of 30');
    expect(router.state.location.search).toBe('?page=3');
    expect(shown()).toEqual(names(24, 30));
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of competitions' })).queryByRole('link', { name: 'Next' }),
    ).toBeNull();
  });

  it('links a recap only where scores are out: an upcoming show leads with its schedule', async () => {
    renderAt('/seasons/3?page=3');
    await screen.findByText('Competitions 25–30 of 30');
    expect(shown()).toEqual(names(24, 30));
    expect(withRecap()).toEqual(names(24, 25));
    const upcoming = screen
      .getByRole('link', { name: `Schedule: ${entries[29].event.name}, ${entries[29].competition.name}` })
      .closest('li')!;
    expect(
      within(upcoming)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([entries[29].event.name, 'Schedule']);
  });

  it('opens at the page the URL names, or the nearest there is', async () => {
    renderAt('/seasons/3?page=2');
    await screen.findByText('Competitions 13–24 of 30');
    cleanup();
    renderAt('/seasons/3?page=99');
    await screen.findByText('Competitions 25–30 of 30');
  });

  it('searches the season by event, place and class, from its first page', async () => {
    const router = renderAt('/seasons/3?page=2');
    const search = await screen.findByRole('search');
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'lake  PERCUSSION' },
    });
    fireEvent.submit(search);
    await screen.findByText('Competitions 1–10 of 10 that match');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('lake  PERCUSSION');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(shown()).toEqual(entries.filter((_, i) => i % 3 === 2).map((entry) => entry.event.name));
    expect(screen.queryByRole('navigation', { name: 'Pages of competitions' })).toBeNull();
  });
});

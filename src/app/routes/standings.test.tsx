import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DivisionStandings, Season } from '../../lib/api-models';
import { renderAppWith } from '../../test/render-app';

const SEASON: Season = { id: 3, name: '2026 Season', year: 2026, current: true };

function division(name: string, groups: number, groupType = { id: 1, name: 'Color Guard' }): DivisionStandings {
  return {
    division: { name, initials: name.slice(0, 2) },
    groupType,
    entries: Array.from({ length: groups }, (_, i) => ({
      rank: i + 1,
      group: { name: `${name} Group ${i + 1}`, orgGroupIdentifier: `${name.length}${i}`, location: 'Town' },
      bestScore: 90 - i / 10,
      latestScore: 90 - i / 10,
      latestCompetition: {
        guid: '00000000-0000-4000-8000-000000000001',
        name: 'Color Guard',
        eventName: 'Show',
        date: '2026-03-07T12:00:00.000Z',
      },
      performances: 3,
    })),
  };
}

const divisions = [
  division('Independent World', 120),
  division('Scholastic A', 7),
  division('Percussion Open', 4, { id: 2, name: 'Percussion' }),
  division('Empty', 0),
];

const renderAt = (url: string) => renderAppWith(url, { season: SEASON, data: divisions });

/** The one table on the page, once its caption is the one expected. */
async function shownTable(caption: string) {
  await screen.findByText((_, element) => element?.tagName === 'CAPTION' && element.textContent === caption);
  return screen.getByRole('table');
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('a')!.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the standings page', () => {
  it("shows one division, the first, fifty ranks at a time; the picker lists the season's divisions with groups", async () => {
    renderAt('/seasons/3/standings');
    const table = await shownTable('Independent World · Color Guard');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(50);
    expect(rows()[0]).toBe('Independent World Group 1');
    const picker = screen.getByRole('combobox', { name: 'Division' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Color Guard: Independent World (120)',
      'Color Guard: Scholastic A (7)',
      'Percussion: Percussion Open (4)',
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of the standings' });
    expect(
      within(pages)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 of 3: ranks 1–50', '2 of 3: ranks 51–100', '3 of 3: ranks 101–120']);
  });

  it('pages through a division and switches division through the URL', async () => {
    const router = renderAt('/seasons/3/standings?page=3');
    await shownTable('Independent World · Color Guard');
    expect(rows()).toHaveLength(20);
    expect(rows()[0]).toBe('Independent World Group 101');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages of the standings' })).getByRole('link', {
        name: 'Previous',
      }),
    );
    await screen.findByText('Independent World Group 51');
    expect(router.state.location.search).toBe('?page=2');
    fireEvent.change(screen.getByRole('combobox', { name: 'Division' }), { target: { value: '1' } });
    await shownTable('Scholastic A · Color Guard');
    expect(new URLSearchParams(router.state.location.search).get('division')).toBe('Scholastic A');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(rows()).toHaveLength(7);
    expect(screen.queryByRole('navigation', { name: 'Pages of the standings' })).toBeNull();
  });

  it('says so for a division the season does not have', async () => {
    renderAt('/seasons/3/standings?division=Nowhere');
    await screen.findByText('No such division this season');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

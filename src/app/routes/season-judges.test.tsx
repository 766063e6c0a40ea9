import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Season } from '../../lib/api-models';
import { renderAppWith } from '../../test/render-app';

const SEASON: Season = { id: 3, name: '2026 Season', year: 2026, current: true };
const judge = (firstName: string, lastName: string, competitions: number, captions: number) => ({
  name: `${firstName} ${lastName}`,
  firstName,
  lastName,
  competitions,
  captions,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a season's judges page", () => {
  it('lists each judge with what they judged, linking to the judge page of that season', async () => {
    renderAppWith('/seasons/3/judges', {
      season: SEASON,
      data: [judge('Ana', 'Diaz', 1, 2), judge('José', "O'Neil", 4, 9)],
    });
    const table = await screen.findByRole('table', { name: 'Judges of 2026 Season' });
    const link = within(table).getByRole('link', { name: "José O'Neil: 4 competitions, 9 captions" });
    expect(link.getAttribute('href')).toBe(`/judges/${encodeURIComponent("José O'Neil")}?season=3`);
    expect(within(table).getByRole('link', { name: 'Ana Diaz: 1 competition, 2 captions' }).getAttribute('href')).toBe(
      '/judges/Ana%20Diaz?season=3',
    );
  });

  it('says so when no scores are released yet', async () => {
    renderAppWith('/seasons/3/judges', { season: SEASON, data: [] });
    expect(await screen.findByText('No judges yet')).toBeTruthy();
  });
});

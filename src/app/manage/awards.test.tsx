import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPETITION_ID, GUID, ME_CHIEF, ME_JUDGE, ME_TABULATOR } from '../../test/console-fixtures';
import { renderApp } from '../../test/render-app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string, detail: string) =>
  json({ type: 'about:blank', title: code, status, code, detail }, status);

const SUMMARY = {
  competition: { guid: GUID, name: 'Valley Classic', id: COMPETITION_ID },
  event: { guid: 'e', name: 'Valley Invitational', location: 'Valley', id: 2 },
  season: { id: 3, name: '2026 Season' },
  groups: [],
};
const division = { id: 4, name: 'Scholastic A' };
const placement = (name: string, rank: number, total: number) => ({
  performanceId: 100 + rank,
  group: { id: rank, name, location: 'Valley' },
  rank,
  total,
});
const AWARDS = {
  competition: { id: COMPETITION_ID, guid: GUID, name: 'Valley Classic' },
  data: [
    {
      division,
      round: { number: 1, name: 'Finals' },
      placements: [placement('Alpha HS', 1, 88.45), placement('Bravo HS', 2, 80.1), placement('Charlie HS', 3, 71)],
    },
  ],
  notReleased: [{ division: { id: 5, name: 'Scholastic Open' }, round: { number: 1, name: 'Finals' } }],
};

/** The BFF as the awards read it: who is signed in, the competition and its awards (`awards`, one answer a call). */
function fakeBff(me: unknown, awards: () => Response = () => json(AWARDS)) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = String(input);
      urls.push(url);
      if (url === '/api/me') return Promise.resolve(json(me));
      if (url === `/api/bff/competitions/${GUID}`) return Promise.resolve(json(SUMMARY));
      if (url === `/api/competitions/${COMPETITION_ID}/awards`) return Promise.resolve(awards());
      return Promise.resolve(problem(404, 'not_found', `no ${url} in this fake`));
    }),
  );
  return urls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AWARDS_PAGE = `/manage/competitions/${GUID}/awards`;
const stage = () => screen.findByRole('region', { name: 'Announcing Scholastic A Finals' });

describe('the awards', () => {
  it('reads a released division out last place first, a key or a tap at a time, and back', async () => {
    fakeBff(ME_TABULATOR);
    renderApp(AWARDS_PAGE);
    const region = await stage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Awards: Valley Classic');
    expect(screen.getByText('Not released yet: Scholastic Open Finals.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(region));
    const status = within(region).getByRole('status');
    expect(status.textContent).toBe('Ready: 3 groups to read out, last place first.');
    fireEvent.keyDown(region, { key: ' ' });
    expect(status.textContent).toContain('3rd place');
    expect(status.textContent).toContain('Charlie HS');
    expect(status.textContent).toContain('71.000');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(status.textContent).toContain('2nd placeBravo HS80.100');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(status.textContent).toContain('Charlie HS');
    fireEvent.keyDown(region, { key: 'Enter' });
    fireEvent.click(region);
    expect(status.textContent).toContain('1st placeAlpha HS88.450');
    expect(status.textContent).toContain('That is every group of Scholastic A Finals.');
    // at the end a key reads nothing more
    fireEvent.keyDown(region, { key: ' ' });
    expect(status.textContent).toContain('Alpha HS');
  });

  it('prints every placement of every released division, last place first', async () => {
    fakeBff(ME_CHIEF);
    renderApp(AWARDS_PAGE);
    await stage();
    const sheet = screen.getByRole('region', { name: 'Awards sheet', hidden: true });
    const table = within(sheet).getByRole('table', { name: 'Scholastic A Finals', hidden: true });
    expect(
      within(table)
        .getAllByRole('rowheader', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['Charlie HS', 'Bravo HS', 'Alpha HS']);
  });

  it('says nothing is released yet, naming what waits', async () => {
    fakeBff(ME_TABULATOR, () => json({ ...AWARDS, data: [] }));
    renderApp(AWARDS_PAGE);
    expect(await screen.findByText('Nothing released yet')).toBeTruthy();
    expect(screen.getByText('Not released yet: Scholastic Open Finals.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Announcing/ })).toBeNull();
  });

  it('says why the awards could not load, and tries again', async () => {
    let failing = true;
    fakeBff(ME_TABULATOR, () =>
      failing ? problem(503, 'upstream_unavailable', 'The results service is not answering.') : json(AWARDS),
    );
    renderApp(AWARDS_PAGE);
    expect((await screen.findByRole('alert')).textContent).toContain('The awards could not load');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await stage();
  });

  it('tells a judge the awards are not for their role, and reads nothing', async () => {
    const urls = fakeBff(ME_JUDGE);
    renderApp(AWARDS_PAGE);
    expect(await screen.findByText('The awards are not for your role')).toBeTruthy();
    expect(urls.some((url) => url.includes('/awards'))).toBe(false);
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/react-query';
import { makeCompetitionScores } from '../../test/factories';
import { appRoutes } from '../router';

function serve(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })),
  );
}

function renderAt(url: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('recap page', () => {
  it('shows each group with rank and total, and the group that did not perform last', async () => {
    serve(200, makeCompetitionScores());
    renderAt('/competitions/12');
    const list = await screen.findByRole('list', { name: 'Scholastic A — Finals' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(cards[0].textContent).toContain('47.000');
    expect(cards[2].textContent).toContain('Withdrew');
  });

  it('says when no scores are released yet', async () => {
    serve(200, makeCompetitionScores({ data: [], rounds: [{ number: 1, name: 'Finals', scoresReleased: false }] }));
    renderAt('/competitions/12');
    expect(await screen.findByText('No scores released yet')).toBeTruthy();
    expect(screen.getByText('Scores not released yet: Finals.')).toBeTruthy();
  });

  it('tells the reader when the results are a saved copy', async () => {
    serve(200, makeCompetitionScores(), { 'x-bff-stale': '1' });
    renderAt('/competitions/12');
    expect(await screen.findByText('Showing saved results, the results service is not answering.')).toBeTruthy();
  });

  it('names what was not found on a 404', async () => {
    serve(404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found', detail: 'no competition 12' });
    renderAt('/competitions/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Competition not found' })).toBeTruthy();
  });
});

describe('judges page', () => {
  it('sets each judge beside the final ranks in a captioned table and marks disagreements', async () => {
    serve(200, makeCompetitionScores());
    renderAt('/competitions/12/judges');
    const kim = await screen.findByRole('table', { name: /Equipment Analysis — Bo Kim/ });
    expect(within(kim).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Final rank', 'Group', 'Judge score', 'Judge rank', 'Panel score', 'Panel rank',
    ]);
    const alpha = within(kim).getByRole('rowheader', { name: 'Alpha' }).closest('tr')!;
    expect(alpha.textContent).toContain('differs from final rank 1');
  });
});

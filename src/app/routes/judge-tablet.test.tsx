import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, MySeat } from '../../lib/api-models';
import { clearJudgeData } from '../../lib/judge-data';
import { FakeScoreApi, JUDGE } from '../../test/fake-score-api';
import { renderApp } from '../../test/render-app';

const ME: Me = {
  user: { id: Number(JUDGE.id), email: 'jo@example.org', firstName: 'Jo', lastName: 'Judge' },
  role: 'judge',
  key: { clientId: 'web', name: 'Web', readOnly: false },
  organization: { id: 1, guid: '00000000-0000-4000-8000-000000000001', name: 'Circuit' },
  permissions: ['read', 'enter-seated-scores'],
  groups: [],
};

const empty = (performanceId: number) => ({
  performanceId,
  captionKey: 'ge1',
  scores: [],
  state: null,
  version: 0,
  by: null,
  at: null,
});

const SEAT: MySeat = {
  competition: {
    id: 7,
    guid: '00000000-0000-4000-8000-000000000007',
    name: 'Kingwood Invitational',
    date: '2026-11-28',
    commentaryEnabled: false,
  },
  round: { number: 1, name: 'Finals', released: false },
  division: { id: 3, name: 'Scholastic A', initials: 'SA' },
  category: { key: 'ge', name: 'General Effect' },
  caption: {
    key: 'ge1',
    name: 'General Effect 1',
    initials: 'GE1',
    subcaptions: [
      { key: 'rep', name: 'Repertoire', initials: 'Rep', max: 20, step: 0.1, weight: 1 },
      { key: 'perf', name: 'Performance', initials: 'Perf', max: 20, step: 0.1, weight: 1 },
    ],
    digits: 3,
  },
  performances: [
    { id: 101, order: 1, time: null, performed: true, group: { id: 1, name: 'Alpha HS' }, entry: empty(101) },
    { id: 102, order: 2, time: null, performed: true, group: { id: 2, name: 'Kingwood HS' }, entry: empty(102) },
  ],
};

/** The BFF as a signed-in judge's browser sees it: its own reads and the score writes (or 401 signed out). */
function stubBff(api: FakeScoreApi, seats: MySeat[] = [SEAT]) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') return api.transport(url, init);
    if (api.network === 'down') throw new TypeError('Failed to fetch');
    // Without a session the BFF reads with its own read-only key: nobody, seated nowhere (server/bff/app.ts).
    if (!api.signedIn && url === '/api/me') return Response.json({ ...ME, user: null, role: null });
    if (!api.signedIn && url === '/api/me/seats') return Response.json({ data: [] });
    if (url === '/api/me') return Response.json(ME);
    if (url === '/api/me/seats') return Response.json({ data: seats });
    return Response.json({ status: 404, title: 'Not found', code: 'not_found', detail: url }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(async () => {
  await clearJudgeData();
});

afterEach(() => {
  // Unmounting the page closes its store (use-judge-device.ts), as leaving the page does.
  cleanup();
  vi.unstubAllGlobals();
});

/** The browser's "online" after "offline": jsdom's navigator never changes, so the query layer is told as well. */
function backOnline() {
  act(() => {
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    dispatchEvent(new Event('online'));
  });
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

describe("the judge's page", () => {
  it('lists the seats and opens the next performance to score', async () => {
    stubBff(new FakeScoreApi());
    renderApp('/judge');
    const seat = await screen.findByRole('link', { name: /General Effect 1\s*Scholastic A · Finals/ });
    fireEvent.click(seat);
    expect(await screen.findByRole('heading', { name: '1. Alpha HS' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Running order' })).toBeTruthy();
    expect(field('Repertoire').getAttribute('inputmode')).toBe('decimal');
    const hint = field('Repertoire').getAttribute('aria-describedby')!.split(' ')[0];
    expect(document.getElementById(hint)?.textContent).toBe('max 20 · step 0.1');
  });

  it('adds the total, re-ranks as the judge types, says a wrong number at once and never sends it', async () => {
    const api = new FakeScoreApi();
    stubBff(api);
    renderApp('/judge?seat=7.3.1.ge1&performance=101');
    await screen.findByRole('heading', { name: '1. Alpha HS' });
    fireEvent.change(field('Repertoire'), { target: { value: '17.5' } });
    fireEvent.change(field('Performance'), { target: { value: '16' } });
    expect(screen.getByText('33.5', { selector: 'output' })).toBeTruthy();
    await waitFor(() =>
      expect(api.entry(101, 'ge1')?.scores).toEqual([
        { subcaptionKey: 'rep', score: 17.5 },
        { subcaptionKey: 'perf', score: 16 },
      ]),
    );

    fireEvent.change(field('Performance'), { target: { value: '21' } });
    expect(screen.getByText('Above the maximum 20')).toBeTruthy();
    expect(field('Performance').getAttribute('aria-invalid')).toBe('true');
    const requests = api.requests;
    fireEvent.submit(field('Performance').form!);
    expect(await screen.findByText(/Every line needs a valid number/)).toBeTruthy();
    // The queue sends in order: the next valid number arriving alone shows nothing was sent before it.
    fireEvent.change(field('Performance'), { target: { value: '15' } });
    await waitFor(() => expect(api.entry(101, 'ge1')?.scores[1]).toEqual({ subcaptionKey: 'perf', score: 15 }));
    expect(api.requests).toBe(requests + 1);

    // The own-rank list moves with the keystroke.
    fireEvent.change(field('Performance'), { target: { value: '16' } });
    const ranks = screen.getByRole('table');
    expect(
      within(ranks)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RankGroupScore', '1Alpha HS33.5']);
  });

  it('submits the sheet (Enter in a field submits its form), locks the entry, and sends the draft before the submit', async () => {
    const api = new FakeScoreApi();
    stubBff(api);
    renderApp('/judge?seat=7.3.1.ge1&performance=102');
    await screen.findByRole('heading', { name: '2. Kingwood HS' });
    fireEvent.change(field('Repertoire'), { target: { value: '18' } });
    fireEvent.change(field('Performance'), { target: { value: '17.9' } });
    fireEvent.submit(field('Performance').form!);
    await waitFor(() => expect(api.entry(102, 'ge1')?.state).toBe('submitted'));
    expect(api.applied.map(({ state }) => state).at(-1)).toBe('submitted');
    expect(api.applied.filter(({ state }) => state === 'submitted')).toHaveLength(1);
    expect(field('Repertoire').readOnly).toBe(true);
    expect(await screen.findByText('Every entry sent')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('keeps what is typed without a network and says how many entries wait', async () => {
    const api = new FakeScoreApi();
    stubBff(api);
    renderApp('/judge?seat=7.3.1.ge1&performance=101');
    await screen.findByRole('heading', { name: '1. Alpha HS' });
    api.network = 'down';
    fireEvent.change(field('Repertoire'), { target: { value: '15' } });
    expect(await screen.findByText('1 entry waiting to send')).toBeTruthy();
    expect(api.applied).toHaveLength(0);
  });

  it('opens offline after a reload with the seats and everything typed, then sends it once back online', async () => {
    const api = new FakeScoreApi();
    stubBff(api);
    renderApp('/judge?seat=7.3.1.ge1&performance=101');
    await screen.findByRole('heading', { name: '1. Alpha HS' });
    api.network = 'down';
    fireEvent.change(field('Repertoire'), { target: { value: '15.5' } });
    await screen.findByText('1 entry waiting to send');
    // The tab is reloaded without a network: a new page, the same device.
    cleanup();
    renderApp('/judge?seat=7.3.1.ge1&performance=101');
    await screen.findByRole('heading', { name: '1. Alpha HS' });
    expect(field('Repertoire').value).toBe('15.5');
    expect(screen.getByText('1 entry waiting to send')).toBeTruthy();
    expect(await screen.findByText(/Not connected: showing your seats as saved on this device/)).toBeTruthy();

    api.network = 'up';
    backOnline();
    expect(await screen.findByText('Every entry sent')).toBeTruthy();
    expect(api.applied.map(({ scores }) => scores)).toEqual([[{ subcaptionKey: 'rep', score: 15.5 }]]);
  });

  it("shows a tabulator's change made while the judge was offline with both numbers", async () => {
    const api = new FakeScoreApi();
    stubBff(api);
    renderApp('/judge?seat=7.3.1.ge1&performance=101');
    await screen.findByRole('heading', { name: '1. Alpha HS' });
    api.network = 'down';
    fireEvent.change(field('Repertoire'), { target: { value: '15.5' } });
    await screen.findByText('1 entry waiting to send');
    api.correct(101, 'ge1', [{ subcaptionKey: 'rep', score: 14 }]);
    api.network = 'up';
    backOnline();
    const conflict = await screen.findByText(/Tab Ulator changed this entry/);
    const panel = conflict.closest('[role="alert"]') as HTMLElement;
    const repertoire = within(panel).getByRole('row', { name: /Repertoire/ });
    expect(repertoire.textContent).toBe('Repertoire15.514');
    expect(screen.getByText('1 entry needs your decision', { exact: false })).toBeTruthy();
    expect(api.entry(101, 'ge1')?.scores).toEqual([{ subcaptionKey: 'rep', score: 14 }]);
  });

  it('asks to sign in when the BFF reads as nobody, linking to the sign-in that comes back here', async () => {
    const api = new FakeScoreApi();
    api.signedIn = false;
    stubBff(api);
    renderApp('/judge');
    const prompt = await screen.findByRole('alert');
    // A first visit: nobody has judged on this device, so nothing is "again" and nothing was typed.
    expect(within(prompt).getByText('Sign in to judge.')).toBeTruthy();
    expect(within(prompt).queryByText('Nothing you typed is lost.')).toBeNull();
    expect(within(prompt).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/sign-in?returnTo=/judge',
    );
    expect(screen.queryByText('You are not seated on any caption')).toBeNull();
  });

  it('stops sending at 401 and keeps the entry, asking to sign in again', async () => {
    const api = new FakeScoreApi();
    stubBff(api);
    renderApp('/judge?seat=7.3.1.ge1&performance=101');
    await screen.findByRole('heading', { name: '1. Alpha HS' });
    api.signedIn = false;
    fireEvent.change(field('Repertoire'), { target: { value: '15' } });
    expect(await screen.findByText('Sign in again to go on judging.')).toBeTruthy();
    expect(screen.getByText('1 entry waiting to send')).toBeTruthy();
    expect(api.applied).toHaveLength(0);
  });
});

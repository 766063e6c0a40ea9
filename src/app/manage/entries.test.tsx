import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPETITION_ID, DIVISION, GUID, ME_CHIEF, ME_TABULATOR, schedule } from '../../test/console-fixtures';
import { renderApp } from '../../test/render-app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const problem = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) =>
  json({ type: 'about:blank', title: code, status, code, detail, ...extra }, status);

const SUMMARY = {
  competition: {
    guid: GUID,
    name: 'Valley Finals',
    date: '2026-03-28T12:00:00.000Z',
    chiefJudge: '',
    groupTypeId: 1,
    scoresReleased: false,
    categoryRecapReleased: false,
    recapReleased: false,
    id: COMPETITION_ID,
    scheduleUrl: null,
    scheduleData: true,
  },
  event: { guid: 'e', name: 'Valley Classic', location: 'Valley', id: 2 },
  season: { id: 3, name: '2026 Season' },
  groups: [],
};

type Call = { url: string; method: string; body: unknown };

/** The BFF as the entries page reads it: GETs answered here, POSTs by `write`; every call recorded. */
const OPEN_CLASS = {
  id: 4,
  name: 'Independent Open',
  initials: 'IO',
  groupType: { id: 1, name: 'Color Guard' },
  sortOrder: 2,
};

function fakeBff(me: unknown, write: (call: Call) => Response = () => json({})) {
  const calls: Call[] = [];
  const answer = (input: string, init: RequestInit = {}): Response => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call = { url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    if (method === 'POST') return write(call);
    if (url === '/api/me') return json(me);
    if (url === `/api/bff/competitions/${GUID}`) return json(SUMMARY);
    if (url === `/api/competitions/${COMPETITION_ID}/schedule`) return json(schedule());
    if (url === `/api/competitions/${COMPETITION_ID}/scores`)
      return json({ competition: { chiefJudge: '' }, rounds: [{ number: 1, name: 'Prelims' }], data: [] });
    if (url === '/api/divisions/')
      return json({ data: [{ ...DIVISION, groupType: { id: 1, name: 'Color Guard' }, sortOrder: 1 }, OPEN_CLASS] });
    if (url === '/api/groups/') return json({ data: [] });
    return problem(404, 'not_found', `no ${url} in this fake`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => Promise.resolve(answer(input, init))),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const runningOrder = () => screen.findByRole('region', { name: 'Running order: Scholastic A Prelims' });

describe('the entries page', () => {
  it('moves a group by keyboard, saves row by row, and names the refused row keeping the draft', async () => {
    const calls = fakeBff(ME_TABULATOR, (call) =>
      call.url === '/api/performances/102'
        ? problem(400, 'invalid_request', 'The request is not valid.', {
            errors: [{ name: 'time', message: 'The time is outside the event.' }],
          })
        : json({}),
    );
    renderApp(`/manage/competitions/${GUID}/entries`);
    const region = await runningOrder();
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Charlie HS'),
      expect.stringContaining('Bravo HS'),
      expect.stringContaining('Alpha HS'),
    ]);

    // Alt+Up on the focused last row: Alpha takes Bravo's place and time; announced, not saved yet.
    fireEvent.keyDown(rows[2], { key: 'ArrowUp', altKey: true });
    expect(screen.getByText('Alpha HS moved to position 2 of 3. Not saved yet.')).toBeTruthy();
    const moved = within(region).getAllByRole('listitem');
    expect(moved[1].textContent).toContain('Alpha HS');
    expect(document.activeElement).toBe(moved[1]);

    fireEvent.click(within(region).getByRole('button', { name: 'Save running order (2 changed)' }));
    const refusal = await within(region).findByText(/Row 3 \(Bravo HS\) was refused/);
    expect(refusal.textContent).toContain('The time is outside the event.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      { url: '/api/performances/101', method: 'POST', body: { order: 2, time: '2026-03-28T12:00:00.000Z' } },
      { url: '/api/performances/102', method: 'POST', body: { order: 3, time: '2026-03-28T13:00:00.000Z' } },
    ]);
    // The draft stays as typed: Alpha still second, the save still offered.
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Save running order (2 changed)' })).toBeTruthy(),
    );
    expect(within(region).getAllByRole('listitem')[1].textContent).toContain('Alpha HS');
    expect(within(region).getAllByRole('listitem')[2].textContent).toContain(
      'Not saved: The time is outside the event.',
    );
  });

  it("starts a new group in the division shown, after a switch too, not in the first one's", async () => {
    fakeBff(ME_TABULATOR);
    renderApp(`/manage/competitions/${GUID}/entries`);
    await runningOrder();
    const itsDivision = async () => {
      const open = screen.queryByRole('button', { name: 'Create a new group' });
      if (open) fireEvent.click(open);
      return (await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Its division' })).value;
    };
    expect(await itsDivision()).toBe(String(DIVISION.id));
    fireEvent.change(screen.getByRole('combobox', { name: /^Division/ }), { target: { value: String(OPEN_CLASS.id) } });
    await screen.findByRole('region', { name: 'Running order: Independent Open Prelims' });
    expect(await itsDivision()).toBe(String(OPEN_CLASS.id));
  });

  it('shows a chief judge the running order read-only', async () => {
    const calls = fakeBff(ME_CHIEF);
    renderApp(`/manage/competitions/${GUID}/entries`);
    const region = await runningOrder();
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(/Read only: as Chief judge/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save running order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move .* up/ })).toBeNull();
    expect(screen.queryByLabelText('Find a group')).toBeNull();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPETITION_ID, DIVISION, GUID, ME_CHIEF, ME_TABULATOR } from '../../test/console-fixtures';
import { renderApp } from '../../test/render-app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

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

const WINDOW = {
  competition: { id: COMPETITION_ID, guid: GUID, name: 'Valley Finals', date: '2026-03-28T12:00:00.000Z' },
  opensAt: '2026-03-01T12:00:00.000Z',
  closesAt: '2026-03-20T12:00:00.000Z',
  open: true,
  note: 'Fees at the door',
  divisions: [
    { divisionId: DIVISION.id, divisionName: DIVISION.name, capacity: 1, feeCents: 15000, accepted: 0, waitlisted: 1 },
  ],
};
const registration = (id: number, group: string, state: string, reason = '') => ({
  id,
  competition: { id: COMPETITION_ID, name: 'Valley Finals' },
  division: { id: DIVISION.id, name: DIVISION.name },
  group: { id: id + 1000, name: group },
  state,
  reason,
  paid: false,
  performanceId: state === 'accepted' ? 77 : null,
  registeredAt: '2026-03-02T12:00:00.000Z',
  updatedAt: '2026-03-02T12:00:00.000Z',
});

type Call = { url: string; method: string; body: unknown };

function fakeBff(me: unknown, read: () => unknown, write: (call: Call) => Response) {
  const calls: Call[] = [];
  const answer = (url: string, init: RequestInit = {}): Response => {
    const method = init.method ?? 'GET';
    const call = { url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    if (method === 'POST') return write(call);
    if (url === '/api/me') return json(me);
    if (url === `/api/bff/competitions/${GUID}`) return json(SUMMARY);
    if (url === `/api/competitions/${COMPETITION_ID}/registration`) return json(read());
    if (url === '/api/divisions/')
      return json({ data: [{ ...DIVISION, groupType: { id: 1, name: 'Color Guard' }, sortOrder: 1 }] });
    return json({ type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found', detail: url }, 404);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => Promise.resolve(answer(String(input), init))),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the registration page', () => {
  it('opens registration with a division’s places and fee, and shows the API’s refusal at its field', async () => {
    let saved: unknown = null;
    const calls = fakeBff(
      ME_TABULATOR,
      () => ({ registration: saved, registrations: [] }),
      (call) => {
        const body = call.body as { closesAt: string };
        if (body.closesAt.startsWith('2020'))
          return json(
            {
              type: 'about:blank',
              title: 'Unprocessable Content',
              status: 422,
              code: 'rule_violation',
              detail: 'no',
              errors: [{ name: 'closesAt', in: 'body', message: 'closes after the contest' }],
            },
            422,
          );
        saved = WINDOW;
        return json({ registration: WINDOW, registrations: [] });
      },
    );
    renderApp(`/manage/competitions/${GUID}/registration`);
    await screen.findByRole('heading', { name: 'Registration: Valley Classic · Valley Finals' });
    expect(screen.getByTestId('registration-state').textContent).toMatch(/not open/);
    fireEvent.click(screen.getByRole('checkbox', { name: DIVISION.name }));
    fireEvent.change(screen.getByLabelText(`Places in ${DIVISION.name}`), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(`Fee, $ for ${DIVISION.name}`), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Registration opens'), { target: { value: '2020-01-01T10:00' } });
    fireEvent.change(screen.getByLabelText('Registration closes'), { target: { value: '2020-01-02T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open registration' }));
    expect(await screen.findByText('closes after the contest')).toBeTruthy();
    expect(screen.getByLabelText('Registration closes').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Registration closes'), { target: { value: '2030-01-02T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open registration' }));
    expect(await screen.findByText(/Open now, until/)).toBeTruthy();
    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent[1]).toEqual({
      opensAt: new Date('2020-01-01T10:00').toISOString(),
      closesAt: new Date('2030-01-02T10:00').toISOString(),
      divisions: [{ divisionId: DIVISION.id, capacity: 1, feeCents: 15000 }],
    });
  });

  it('decides the requests: accept, refuse with a reason, mark paid; an accepted one links to the running order', async () => {
    let rows = [registration(1, 'Alpha HS', 'requested'), registration(2, 'Bravo HS', 'waitlisted')];
    const calls = fakeBff(
      ME_TABULATOR,
      () => ({ registration: WINDOW, registrations: rows }),
      (call) => {
        if (call.url === '/api/registrations/1/decision') rows = [registration(1, 'Alpha HS', 'accepted'), rows[1]];
        if (call.url === '/api/registrations/2/decision')
          rows = [rows[0], registration(2, 'Bravo HS', 'refused', 'Late')];
        return json(rows[0]);
      },
    );
    renderApp(`/manage/competitions/${GUID}/registration`);
    const division = await screen.findByRole('region', { name: DIVISION.name });
    expect(within(division).getByRole('heading').textContent).toMatch(/0 of 1 places taken · 1 waitlisted · \$150\.00/);
    fireEvent.click(await screen.findByRole('button', { name: /^Accept ?Alpha HS$/ }));
    // to the running order of the registration's division (the entries page shows the first division otherwise)
    expect(
      (await screen.findByRole('link', { name: /^In the running order ?for Alpha HS$/ })).getAttribute('href'),
    ).toBe(`/manage/competitions/${GUID}/entries?division=${DIVISION.id}`);
    fireEvent.click(screen.getByRole('button', { name: /^Refuse ?Bravo HS$/ }));
    fireEvent.change(screen.getByLabelText('Why it is refused'), { target: { value: 'Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse with this reason' }));
    await waitFor(() => expect(screen.getAllByTestId('registration-row')[1].textContent).toMatch(/Refused: Late/));
    fireEvent.click(screen.getByRole('button', { name: /^Mark paid ?Alpha HS$/ }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/registrations/1/paid')).toBe(true));
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/registrations/1/decision', { state: 'accepted' }],
      ['/api/registrations/2/decision', { state: 'refused', reason: 'Late' }],
      ['/api/registrations/1/paid', { paid: true }],
    ]);
  });

  it('is not for a chief judge', async () => {
    fakeBff(
      ME_CHIEF,
      () => ({ registration: null, registrations: [] }),
      () => json({}),
    );
    renderApp(`/manage/competitions/${GUID}/registration`);
    expect(await screen.findByText('Registration is not for your role')).toBeTruthy();
  });
});

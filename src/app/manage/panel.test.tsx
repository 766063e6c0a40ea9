import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPETITION_ID, GUID, ME_JUDGE, ME_TABULATOR, progressSection } from '../../test/console-fixtures';
import { renderApp } from '../../test/render-app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const SUMMARY = {
  competition: { guid: GUID, name: 'Valley Classic', date: '2026-03-28T12:00:00.000Z', id: COMPETITION_ID },
  event: { guid: 'e', name: 'Valley Classic', location: 'Valley', id: 2 },
  season: { id: 3, name: '2026 Season' },
  groups: [],
};

/** The Prelims as the fixture has them, and Finals of the same sheet with nobody seated. */
const PRELIMS = progressSection();
const FINALS = progressSection({
  round: { number: 2, name: 'Finals' },
  captions: PRELIMS.captions.map((caption) => ({ ...caption, judge: null })),
});

type Call = { url: string; method: string; body: unknown };

function fakeBff(me: unknown, write: (call: Call) => Response) {
  const calls: Call[] = [];
  const answer = (input: string, init: RequestInit = {}): Response => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call = { url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    if (method !== 'GET') return write(call);
    if (url === '/api/me') return json(me);
    if (url === `/api/bff/competitions/${GUID}`) return json(SUMMARY);
    if (url === `/api/competitions/${COMPETITION_ID}/progress`)
      return json({
        competition: { id: COMPETITION_ID, name: 'Valley Classic' },
        requireSignOff: false,
        data: [PRELIMS, FINALS],
      });
    return json({ code: 'not_found', detail: `no ${url} in this fake` }, 404);
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

describe('the panel page', () => {
  it('lists each caption’s judge, numbers a doubled panel, and copies the Prelims to the Finals keeping users', async () => {
    const calls = fakeBff(ME_TABULATOR, (call) =>
      (call.body as { captionKey: string }).captionKey === 'ea2'
        ? json(
            {
              type: 'about:blank',
              title: 'Unprocessable',
              status: 422,
              code: 'validation_failed',
              detail: 'The seat breaks a rule.',
              errors: [{ name: 'userId', in: 'body', message: 'user 12 is disabled' }],
            },
            422,
          )
        : json(call.body),
    );
    renderApp(`/manage/competitions/${GUID}/panel`);
    const prelims = await screen.findByRole('region', { name: 'Scholastic A Prelims' });
    expect(within(prelims).getByText('Equipment (judge 1)')).toBeTruthy();
    expect(within(prelims).getByText('Equipment (judge 2)')).toBeTruthy();
    expect(within(prelims).getByText(/Bo Lee · name only/)).toBeTruthy();
    expect(within(prelims).getByText(/Ana Ruiz · judge user/)).toBeTruthy();

    const finals = screen.getByRole('region', { name: 'Scholastic A Finals' });
    fireEvent.click(within(finals).getByRole('button', { name: 'Copy to Scholastic A Finals' }));
    await within(finals).findByText(/Copied 2 of 3 seats/);
    expect(within(finals).getByRole('alert').textContent).toContain(
      'Equipment (judge 2): The seat breaks a rule. (userId: user 12 is disabled)',
    );
    const seats = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(seats).toEqual([
      { round: 2, divisionId: PRELIMS.division.id, captionKey: 'ge1', userId: 11, firstName: 'Ana', lastName: 'Ruiz' },
      { round: 2, divisionId: PRELIMS.division.id, captionKey: 'ea1', firstName: 'Bo', lastName: 'Lee' },
      { round: 2, divisionId: PRELIMS.division.id, captionKey: 'ea2', userId: 12, firstName: 'Cy', lastName: 'Park' },
    ]);
  });

  it('seats by name for a tabulator, refusing an empty name on the page and keeping what was typed', async () => {
    const calls = fakeBff(ME_TABULATOR, (call) => json(call.body));
    renderApp(`/manage/competitions/${GUID}/panel`);
    const finals = await screen.findByRole('region', { name: 'Scholastic A Finals' });
    fireEvent.click(within(finals).getByRole('button', { name: 'Seat Effect, Scholastic A Finals' }));
    const dialog = screen.getByRole('dialog', { name: 'Seat Effect' });
    expect(within(dialog).queryByLabelText('Judge user')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Pat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText<HTMLInputElement>('First name').value).toBe('Pat');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Paper' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      round: 2,
      divisionId: PRELIMS.division.id,
      captionKey: 'ge1',
      firstName: 'Pat',
      lastName: 'Paper',
    });
  });

  it('tells a judge the set-up pages are not theirs', async () => {
    fakeBff(ME_JUDGE, () => json({}, 500));
    renderApp(`/manage/competitions/${GUID}/panel`);
    expect(await screen.findByText('The console is not for your role')).toBeTruthy();
  });
});

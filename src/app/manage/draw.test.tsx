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

// The fixtures' schedule: Alpha HS is group 1010, Bravo HS 1020, Charlie HS 1030.
const ENTRIES = [
  { groupId: 1010, name: 'Alpha HS', tier: 2 },
  { groupId: 1020, name: 'Bravo HS', tier: 1 },
  { groupId: 1030, name: 'Charlie HS', tier: 2 },
];
const record = (seed: number, order: number[]) => ({
  procedure: 'splitmix64-durstenfeld/1',
  input: { rule: 'random', seed, tiers: true, entries: ENTRIES },
  order: order.map((groupId, i) => ({
    groupId,
    position: i + 1,
    tier: ENTRIES.find((entry) => entry.groupId === groupId)!.tier,
  })),
});
const PAGE = `https://api.example/published/org/draws/${GUID}.htm`;
const drawn = (seed: number, order: number[]) => ({
  id: 9,
  guid: 'draw-guid',
  round: { number: 1, name: 'Prelims' },
  division: { id: DIVISION.id, name: DIVISION.name },
  drawnAt: '2026-03-20T10:00:00.000Z',
  drawnBy: 'Ana Ruiz',
  current: true,
  verified: true,
  pageUrl: `${PAGE}#draw-draw-guid`,
  record: record(seed, order),
});

type Call = { url: string; method: string; body: unknown };

/** The BFF as the draw page reads it: GETs answered here, POSTs by `write`; every call recorded. */
function fakeBff(me: unknown, write: (call: Call) => Response, draws: () => unknown[] = () => []) {
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
    if (url === `/api/competitions/${COMPETITION_ID}/draws`) return json({ data: draws() });
    if (url === `/api/competitions/${COMPETITION_ID}/scores`)
      return json({ competition: { chiefJudge: '' }, rounds: [{ number: 1, name: 'Prelims' }], data: [] });
    if (url === '/api/divisions/')
      return json({ data: [{ ...DIVISION, groupType: { id: 1, name: 'Color Guard' }, sortOrder: 1 }] });
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

const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

describe('the draw page', () => {
  it('previews a random draw in tiers from the seed shown, then commits that seed, and lists the draw made', async () => {
    let made: unknown[] = [];
    const calls = fakeBff(
      ME_TABULATOR,
      (call) => {
        const seed = Number((call.body as { seed: string }).seed);
        if (call.url.endsWith('/draws/preview'))
          return json({
            round: { number: 1, name: 'Prelims' },
            division: DIVISION,
            record: record(seed, [1020, 1030, 1010]),
          });
        made = [drawn(seed, [1020, 1030, 1010])];
        return json(made[0], 201);
      },
      () => made,
    );
    renderApp(`/manage/competitions/${GUID}/draw`);
    await screen.findByRole('heading', { name: 'Draw Scholastic A Prelims' });
    expect(screen.getByText(/No draw made for this competition yet/)).toBeTruthy();
    const seed = screen.getByLabelText<HTMLInputElement>('Seed');
    expect(seed.value).toMatch(/^\d+$/);
    expect(Number(seed.value)).toBeLessThan(2 ** 48);

    fireEvent.click(screen.getByLabelText('Draw in tiers (e.g. paid by the deadline, non-members first)'));
    fireEvent.change(screen.getByLabelText('Tier of Alpha HS'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Tier of Charlie HS'), { target: { value: '2' } });
    fireEvent.change(seed, { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview: Scholastic A Prelims' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      expect.stringContaining('Bravo HS'),
      expect.stringContaining('Charlie HS'),
      expect.stringContaining('Alpha HS'),
    ]);
    expect(within(preview).getByText(/Not saved/)).toBeTruthy();
    const sent = posts(calls, `/api/competitions/${COMPETITION_ID}/draws/preview`);
    expect(sent.map((call) => call.body)).toEqual([
      {
        round: 1,
        divisionId: DIVISION.id,
        rule: 'random',
        seed: '2026',
        tiers: [
          { groupId: 1010, tier: 2 },
          { groupId: 1020, tier: 1 },
          { groupId: 1030, tier: 2 },
        ],
      },
    ]);
    expect(posts(calls, `/api/competitions/${COMPETITION_ID}/draws`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    const committed = await screen.findByRole('region', { name: 'Committed: Scholastic A Prelims' });
    expect(within(committed).getByRole('link', { name: 'The published record' }).getAttribute('href')).toBe(
      `${PAGE}#draw-draw-guid`,
    );
    // the same request, with the order the preview showed: the API refuses (409) a draw changed since
    expect(posts(calls, `/api/competitions/${COMPETITION_ID}/draws`).map((call) => call.body)).toEqual(
      sent.map((call) => ({ ...(call.body as object), previewedOrder: [1020, 1030, 1010] })),
    );
    const list = await screen.findByRole('region', { name: 'Draws made' });
    await waitFor(() => expect(within(list).getByText(/Random draw in tiers/).textContent).toContain('seed 2026'));
    expect(
      within(list)
        .getByRole('link', { name: 'Published record of Scholastic A Prelims, seed 2026' })
        .getAttribute('href'),
    ).toBe(`${PAGE}#draw-draw-guid`);
  });

  it('refuses a seed that is not a number before sending, and shows the API’s refusal beside the field it names', async () => {
    const calls = fakeBff(ME_TABULATOR, () =>
      problem(422, 'rule_violation', 'The draw cannot be made.', {
        errors: [{ name: 'tiers[1].tier', message: 'a tier from 1 to 20' }],
      }),
    );
    renderApp(`/manage/competitions/${GUID}/draw`);
    const seed = await screen.findByLabelText<HTMLInputElement>('Seed');
    fireEvent.change(seed, { target: { value: 'twelve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/The seed is a whole number from 0 to 9007199254740991/)).toBeTruthy();
    expect(seed.getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls, `/api/competitions/${COMPETITION_ID}/draws/preview`)).toHaveLength(0);

    fireEvent.change(seed, { target: { value: '7' } });
    fireEvent.click(screen.getByLabelText('Draw in tiers (e.g. paid by the deadline, non-members first)'));
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    // tiers[1] of the request is Bravo HS (the entries go in ascending group id).
    expect(await screen.findByText('a tier from 1 to 20')).toBeTruthy();
    expect(screen.getByLabelText('Tier of Bravo HS').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('The draw cannot be made.');
    expect(seed.value).toBe('7');
  });

  it('draws by hand in the order set by keyboard', async () => {
    const calls = fakeBff(ME_TABULATOR, () => problem(409, 'conflict', 'The entries changed: read them again.'));
    renderApp(`/manage/competitions/${GUID}/draw`);
    fireEvent.click(await screen.findByLabelText('By hand'));
    fireEvent.click(screen.getByRole('button', { name: 'Move Charlie HS earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The entries changed: read them again.');
    expect(posts(calls, `/api/competitions/${COMPETITION_ID}/draws/preview`)[0].body).toMatchObject({
      rule: 'hand',
      order: [1010, 1030, 1020],
    });
  });

  it('is not for a chief judge', async () => {
    fakeBff(ME_CHIEF, () => json({}));
    renderApp(`/manage/competitions/${GUID}/draw`);
    expect(await screen.findByText('The draw is not for your role')).toBeTruthy();
  });
});

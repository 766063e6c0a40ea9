import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  auditEntry,
  COMPETITION_ID,
  GUID,
  ME_CHIEF,
  ME_JUDGE,
  ME_TABULATOR,
  previewSection,
  progressSection,
  schedule,
} from '../../test/console-fixtures';
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
    name: 'Valley Classic',
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

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const automaticBackups = (last: { at: string } | null, lastFailure: { at: string; message: string } | null = null) => ({
  automatic: true,
  everyMinutes: 5,
  keep: 48,
  last: last && { file: 'marching-results-backup-x.tar.gz', bytes: 5_800_000, automatic: true, ...last },
  lastFailure,
});
/** What GET /backups/status answers in the fake below; each test of backups sets its own. */
let backupStatus: unknown = automaticBackups({ at: minutesAgo(1) });

/** The BFF as the console reads it: GETs answered from `reads`, POSTs by `write`; every call recorded. */
function fakeBff(me: unknown, write: (call: Call) => Response = () => json({})) {
  const calls: Call[] = [];
  const answer = (input: string, init: RequestInit = {}): Response => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call = { url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    if (method === 'POST') return write(call);
    if (url === '/api/me') return me instanceof Response ? me.clone() : json(me);
    if (url === `/api/bff/competitions/${GUID}`) return json(SUMMARY);
    if (url === `/api/competitions/${COMPETITION_ID}/progress`)
      return json({
        competition: { id: COMPETITION_ID, name: 'Valley Classic' },
        requireSignOff: false,
        data: [progressSection()],
      });
    if (url === `/api/competitions/${COMPETITION_ID}/scores?preview=true`)
      return json({ competition: {}, rounds: [], data: [previewSection()] });
    if (url.startsWith(`/api/audit/?competitionId=${COMPETITION_ID}`))
      return json({
        data: [
          auditEntry(102, {
            entries: [
              { captionKey: 'ge1', state: 'draft', version: 2 },
              { captionKey: 'ea1', state: 'submitted', version: 1 },
            ],
          }),
          auditEntry(
            101,
            { entries: [{ captionKey: 'ge1', state: 'submitted', version: 4 }] },
            { who: 'Tess Tab', reason: 'Sheet misread' },
          ),
        ],
      });
    if (url === `/api/competitions/${COMPETITION_ID}/schedule`) return json(schedule());
    if (url === '/api/backups/status') return json(backupStatus);
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
  document.documentElement.removeAttribute('data-sign-in');
});

const grid = () => screen.findByRole('region', { name: 'Scholastic A Prelims entry grid' });

describe("the tabulator's console", () => {
  it('shows each cell as empty, draft, submitted or did not perform, in running order', async () => {
    fakeBff(ME_TABULATOR);
    renderApp(`/manage/competitions/${GUID}`);
    const region = await grid();
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1.Charlie HS',
      '2.Bravo HS',
      '3.Alpha HS',
    ]);
    expect(within(region).getByRole('button', { name: 'Bravo HS, Effect: draft. Correct' })).toBeTruthy();
    expect(
      within(region).getByRole('button', { name: 'Bravo HS, Equipment (judge 2): not entered. Correct' }),
    ).toBeTruthy();
    expect(
      within(region).getByRole('button', { name: 'Alpha HS, Equipment (judge 1): submitted 17. Correct' }),
    ).toBeTruthy();
    expect(within(rows[0]).getAllByText('DNP')).toHaveLength(4);
    expect(screen.getByText(/Updated \d+ s ago/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Preview: not released' })).toBeTruthy();
  });

  it('lists what a refused release lacks by caption and group, then releases anyway with a reason', async () => {
    let forced: unknown;
    const calls = fakeBff(ME_TABULATOR, (call) => {
      const body = call.body as { force?: boolean };
      if (!body.force)
        return problem(409, 'release_refused', 'Not released: Scholastic A, round 1, lacks Effect', {
          sections: [
            {
              round: 1,
              divisionId: 3,
              division: 'Scholastic A',
              noSheet: false,
              notSignedOff: false,
              missing: [
                { captionKey: 'ge1', captionName: 'Effect', performances: [{ id: 102, group: 'Bravo HS' }] },
                {
                  captionKey: 'ea2',
                  captionName: 'Equipment Analysis',
                  performances: [{ id: 102, group: 'Bravo HS' }],
                },
              ],
            },
          ],
        });
      forced = call.body;
      return json({ rounds: [], sections: [] });
    });
    renderApp(`/manage/competitions/${GUID}`);
    await grid();
    fireEvent.click(screen.getByRole('button', { name: 'Release Scholastic A Prelims' }));
    const refusal = await screen.findByText('Not released: Scholastic A Prelims is not complete.');
    const box = refusal.parentElement!;
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
      // named as the grid names its columns: the list follows the grid from the refusal on
    ).toEqual(['Effect missing for Bravo HS', 'Equipment (judge 2) missing for Bravo HS']);
    fireEvent.click(within(box).getByRole('button', { name: 'Release anyway…' }));
    fireEvent.click(within(box).getByRole('button', { name: 'Release Scholastic A Prelims anyway' }));
    expect(await within(box).findByText(/Say why it goes out as it is/)).toBeTruthy();
    fireEvent.change(within(box).getByLabelText(/Why release it anyway/), { target: { value: 'Judge left ill' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Release Scholastic A Prelims anyway' }));
    await waitFor(() =>
      expect(forced).toEqual({ round: 1, divisionId: 3, released: true, force: true, reason: 'Judge left ill' }),
    );
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual([
      `/api/competitions/${COMPETITION_ID}/release`,
      `/api/competitions/${COMPETITION_ID}/release`,
    ]);
  });

  it("asks a correction's reason, shows the API's refusal at the field it names, and keeps what was typed", async () => {
    const sent: unknown[] = [];
    fakeBff(ME_TABULATOR, (call) => {
      sent.push(call.body);
      return problem(422, 'invalid_body', 'scores[0].score: 25 is above the line maximum 20', {
        errors: [{ name: 'scores[0].score', in: 'body', message: '25 is above the line maximum 20' }],
      });
    });
    renderApp(`/manage/competitions/${GUID}`);
    const region = await grid();
    fireEvent.click(within(region).getByRole('button', { name: 'Alpha HS, Effect: submitted 31. Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Effect: Alpha HS' });
    const repertoire = within(dialog).getByLabelText<HTMLInputElement>('Repertoire');
    expect(repertoire.value).toBe('15');
    fireEvent.change(repertoire, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Submitted: no reason, nothing sent.
    expect(await within(dialog).findByText(/Say why this changes/)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason (required)'), { target: { value: 'Misread' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('25 is above the line maximum 20')).toBeTruthy();
    expect(sent).toEqual([
      {
        captionKey: 'ge1',
        scores: [
          { subcaptionKey: 'rep', score: 25 },
          { subcaptionKey: 'exc', score: 16 },
        ],
        baseVersion: 4,
        reason: 'Misread',
      },
    ]);
    expect(repertoire.value).toBe('25');
    expect(repertoire.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Reason (required)').value).toBe('Misread');
  });

  it('sends a conflicting correction again on the version the 409 gives', async () => {
    const sent: { baseVersion?: number }[] = [];
    fakeBff(ME_TABULATOR, (call) => {
      sent.push(call.body as { baseVersion?: number });
      if (sent.length === 1)
        return problem(409, 'score_conflict', 'The entry changed', {
          current: {
            performanceId: 102,
            captionKey: 'ge1',
            scores: [],
            state: 'submitted',
            version: 3,
            by: { kind: 'user', id: '5', name: 'Ana Ruiz' },
            at: '2026-03-28T15:00:00.000Z',
          },
        });
      return json({});
    });
    renderApp(`/manage/competitions/${GUID}`);
    const region = await grid();
    fireEvent.click(within(region).getByRole('button', { name: 'Bravo HS, Effect: draft. Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Effect: Bravo HS' });
    fireEvent.change(within(dialog).getByLabelText('Repertoire'), { target: { value: '14' } });
    fireEvent.change(within(dialog).getByLabelText('Excellence'), { target: { value: '13' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Ana Ruiz changed this entry meanwhile/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.map((body) => body.baseVersion)).toEqual([2, 3]));
  });

  it('gives a chief judge sign-off but no release and no score correction', async () => {
    const calls = fakeBff(ME_CHIEF, () => json({ round: 1, divisionId: 3, signedOff: true, signOff: null }));
    renderApp(`/manage/competitions/${GUID}`);
    const region = await grid();
    expect(screen.queryByRole('button', { name: /^Release / })).toBeNull();
    expect(within(region).queryByRole('button', { name: /Correct$/ })).toBeNull();
    expect(within(region).getByRole('img', { name: 'Bravo HS, Effect: draft' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign off Scholastic A Prelims' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        url: `/api/competitions/${COMPETITION_ID}/signoff`,
        method: 'POST',
        body: { round: 1, divisionId: 3, signedOff: true },
      }),
    );
  });

  it('lists the audit trail, filterable by who wrote', async () => {
    fakeBff(ME_TABULATOR);
    renderApp(`/manage/competitions/${GUID}`);
    await grid();
    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText('Why: Sheet misread')).toBeTruthy();
    fireEvent.change(within(trail).getByLabelText('Judge or person'), { target: { value: 'Ana Ruiz' } });
    await waitFor(() => expect(within(trail).queryByText('Why: Sheet misread')).toBeNull());
    expect(within(trail).getByText('ge1 entry: none → draft')).toBeTruthy();
  });
});

describe('/manage', () => {
  it('asks a signed-out visitor to sign in, coming back to the page', async () => {
    fakeBff(problem(401, 'sign_in_required', 'Sign in first'));
    renderApp('/manage');
    const link = await within(await screen.findByRole('main')).findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/auth/sign-in?returnTo=%2Fmanage');
  });

  const fansKey = { ...ME_TABULATOR, user: null, role: null, permissions: ['read' as const] };

  it("reads the BFF's own key as nobody signed in where people can sign in", async () => {
    document.documentElement.setAttribute('data-sign-in', '');
    fakeBff(fansKey);
    renderApp(`/manage/competitions/${GUID}`);
    const link = await within(await screen.findByRole('main')).findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(
      `/auth/sign-in?returnTo=${encodeURIComponent(`/manage/competitions/${GUID}`)}`,
    );
  });

  it('says so where signing in is not set up', async () => {
    fakeBff(fansKey);
    renderApp('/manage');
    expect(await screen.findByText('Signing in is not set up on this site')).toBeTruthy();
  });

  it('tells a judge the console is not for their role, with a link to their page', async () => {
    fakeBff(ME_JUDGE);
    renderApp(`/manage/competitions/${GUID}`);
    expect(await screen.findByText('The console is not for your role')).toBeTruthy();
    expect(screen.getByRole('link', { name: "the judge's page" }).getAttribute('href')).toBe('/judge');
  });

  it('says contests are managed on the hosted service where the upstream is that service', async () => {
    fakeBff(problem(404, 'not_found', 'Not found'));
    renderApp('/manage');
    expect(await screen.findByText('Contests are managed on the hosted service')).toBeTruthy();
  });
});

describe('backups on the console', () => {
  const backupNotice = async () => (await screen.findByText('Backups:')).parentElement!;

  it('says when the last automatic backup was made, and how often they are made', async () => {
    backupStatus = automaticBackups({ at: minutesAgo(3) });
    fakeBff(ME_TABULATOR);
    renderApp(`/manage/competitions/${GUID}`);
    const line = await backupNotice();
    expect(line.textContent).toMatch(/^Backups: last made 3 min ago \(.+\); one every 5 min to the backup folder\.$/);
    expect(line.textContent).not.toContain('⚠');
  });

  it('warns when the last is older than twice the interval', async () => {
    backupStatus = automaticBackups({ at: minutesAgo(11) });
    fakeBff(ME_CHIEF);
    renderApp(`/manage/competitions/${GUID}`);
    const notice = await backupNotice();
    expect(notice.textContent).toMatch(
      /^⚠ Backups: last made 11 min ago \(.+\)\. One is due every 5 min\. Check the backup folder \(BACKUP_DIR\)/,
    );
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('warns when automatic backups are on and none was made, saying why the last attempt failed', async () => {
    backupStatus = automaticBackups(null, {
      at: minutesAgo(2),
      message: 'BACKUP_DIR /media/usb/backups is not there (a USB stick taken out, a folder moved?)',
    });
    fakeBff(ME_TABULATOR);
    renderApp(`/manage/competitions/${GUID}`);
    const notice = await backupNotice();
    expect(notice.textContent).toContain('Backups: none made yet. One is due every 5 min.');
    expect(notice.textContent).toContain('The last attempt failed at ');
    expect(notice.textContent).toContain('is not there (a USB stick taken out, a folder moved?).');
  });

  it('says automatic backups are off when BACKUP_DIR is not set, without a warning', async () => {
    backupStatus = { automatic: false, everyMinutes: null, keep: null, last: null, lastFailure: null };
    fakeBff(ME_TABULATOR);
    renderApp(`/manage/competitions/${GUID}`);
    expect((await backupNotice()).textContent).toBe(
      'Backups: automatic backups are off (BACKUP_DIR is not set), and none was made since the server started.',
    );
  });

  it('is not asked for by a role without read-backups', async () => {
    const calls = fakeBff({
      ...ME_TABULATOR,
      permissions: ME_TABULATOR.permissions.filter((p) => p !== 'read-backups'),
    });
    renderApp(`/manage/competitions/${GUID}`);
    await grid();
    expect(screen.queryByText('Backups:')).toBeNull();
    expect(calls.some((call) => call.url === '/api/backups/status')).toBe(false);
  });
});

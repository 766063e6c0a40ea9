import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_TABULATOR } from '../../test/console-fixtures';
import { renderApp } from '../../test/render-app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const ME_ADMIN = {
  ...ME_TABULATOR,
  role: 'administrator',
  permissions: [...ME_TABULATOR.permissions, 'sign-off', 'manage-users'],
};
const USERS = [
  {
    id: 5,
    email: 'tab@valley.example',
    firstName: 'Tess',
    lastName: 'Tab',
    role: 'administrator',
    disabled: false,
    passwordSet: true,
  },
  {
    id: 8,
    email: 'jo@valley.example',
    firstName: 'Jo',
    lastName: 'Judge',
    role: 'judge',
    disabled: false,
    passwordSet: false,
  },
];

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
    if (url === '/api/users/') return json({ data: USERS });
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

describe('the users page', () => {
  it('refuses a tabulator clearly', async () => {
    fakeBff(ME_TABULATOR, () => json({}, 500));
    renderApp('/manage/users');
    expect(await screen.findByText('Only an administrator manages users')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a user' })).toBeNull();
  });

  it('keeps what was typed when an add is refused, then shows the one-time link once', async () => {
    let refuse = true;
    const calls = fakeBff(ME_ADMIN, (call) => {
      if (call.url === '/api/users/' && refuse)
        return json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'user_exists',
            detail: 'A user with email jo@valley.example already exists in this organization',
            errors: [{ name: 'email', in: 'body', message: 'taken' }],
          },
          409,
        );
      return json(
        {
          id: 9,
          firstName: '',
          lastName: '',
          ...(call.body as object),
          disabled: false,
          passwordLink: {
            url: 'https://api.example/v3/users/set-password?token=abc',
            expiresAt: '2026-11-28T06:00:00Z',
          },
        },
        201,
      );
    });
    renderApp('/manage/users');
    const form = await screen.findByRole('form', { name: 'Add a user' });
    expect(await screen.findByText('jo@valley.example')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'jo@valley.example' } });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Jo' } });
    // No role is chosen for the administrator: asked at the field, nothing sent.
    expect(within(form).getByLabelText<HTMLSelectElement>('Role').value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(within(form).getByText('Choose a role: what may they do?')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'judge' } });
    expect(within(form).queryByText('Choose a role: what may they do?')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(/already exists in this organization/)).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('First name').value).toBe('Jo');

    refuse = false;
    fireEvent.change(email, { target: { value: 'kim@valley.example' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'chief-judge' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    const handOver = await screen.findByRole('region', { name: /Jo is added/ });
    expect(within(handOver).getByLabelText<HTMLInputElement>('One-time password link for Jo').value).toBe(
      'https://api.example/v3/users/set-password?token=abc',
    );
    expect(handOver.textContent).toMatch(/24 hours/);
    expect(handOver.textContent).toMatch(/shown only now/);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      email: 'kim@valley.example',
      role: 'chief-judge',
      firstName: 'Jo',
    });
    // the form is empty for the next one, whose role is asked again
    expect(within(form).getByLabelText<HTMLSelectElement>('Role').value).toBe('');
    fireEvent.click(within(handOver).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Jo is added/ })).toBeNull();
  });

  it('makes a new link for a listed user once asked, shown under the user beside any other link', async () => {
    const calls = fakeBff(ME_ADMIN, (call) =>
      json(
        {
          ...USERS[1],
          passwordLink: {
            url: `https://api.example/v3/users/set-password?token=${call.url.length}`,
            expiresAt: '2026-11-28T06:00:00Z',
          },
        },
        201,
      ),
    );
    renderApp('/manage/users');
    const row = (await screen.findByText('jo@valley.example')).closest('tr')!;
    expect(row.textContent).toContain('Has not set a password yet');
    fireEvent.click(within(row).getByRole('button', { name: 'New password link for Jo Judge' }));
    const dialog = screen.getByRole('dialog', { name: 'A new password link for Jo Judge?' });
    expect(dialog.textContent).toContain('The link made before stops working');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    const handOver = await screen.findByRole('region', { name: 'A new password link for Jo Judge' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { url: '/api/users/8/password-link', method: 'POST', body: {} },
    ]);
    // in the list, in the row after the user's own
    expect(row.nextElementSibling?.contains(handOver)).toBe(true);
    expect(handOver.textContent).toContain('the link made before no longer works');
  });

  it('asks before disabling, and sends the role change only when asked', async () => {
    const calls = fakeBff(ME_ADMIN, (call) => json({ ...USERS[1], ...(call.body as object) }));
    renderApp('/manage/users');
    const row = (await screen.findByText('jo@valley.example')).closest('tr')!;
    fireEvent.change(within(row).getByLabelText('Role of Jo Judge'), { target: { value: 'tabulator' } });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: "Change Jo Judge's role to Tabulator" }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'POST')[0]).toMatchObject({
      url: '/api/users/8',
      body: { role: 'tabulator' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Disable Jo Judge' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Jo Judge?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable Jo Judge' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      url: '/api/users/8',
      body: { disabled: true },
    });
    // The own row has no Disable: an administrator cannot lock themselves out here.
    const mine = screen.getByText('tab@valley.example').closest('tr')!;
    expect(within(mine).queryByRole('button', { name: /Disable/ })).toBeNull();
  });
});

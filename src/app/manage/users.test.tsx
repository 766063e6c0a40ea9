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
  { id: 5, email: 'tab@valley.example', firstName: 'Tess', lastName: 'Tab', role: 'administrator', disabled: false },
  { id: 8, email: 'jo@valley.example', firstName: 'Jo', lastName: 'Judge', role: 'judge', disabled: false },
];

type Call = { url: string; method: string; body: unknown };

function fakeBff(me: unknown, write: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const call = { url, method, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (method !== 'GET') return write(call);
      if (url === '/api/me') return json(me);
      if (url === '/api/users/') return json({ data: USERS });
      return json({ code: 'not_found', detail: `no ${url} in this fake` }, 404);
    }),
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
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(/already exists in this organization/)).toBeTruthy();
    expect((within(form).getByLabelText('First name') as HTMLInputElement).value).toBe('Jo');

    refuse = false;
    fireEvent.change(email, { target: { value: 'kim@valley.example' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'chief-judge' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    const handOver = await screen.findByRole('region', { name: /Jo is added/ });
    expect((within(handOver).getByLabelText('One-time password link') as HTMLInputElement).value).toBe(
      'https://api.example/v3/users/set-password?token=abc',
    );
    expect(handOver.textContent).toMatch(/24 hours/);
    expect(handOver.textContent).toMatch(/shown only now/);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      email: 'kim@valley.example',
      role: 'chief-judge',
      firstName: 'Jo',
    });
    fireEvent.click(within(handOver).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Jo is added/ })).toBeNull();
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

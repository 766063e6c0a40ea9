import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from './get-me';
import { isSignOutPending, markSignOutPending } from './pending-sign-out';

const me = (user: unknown) =>
  Response.json({ user, role: user ? 'judge' : null, permissions: [], organization: null }, { status: 200 });
const judge = { id: 'u1', email: 'judge@example.test', firstName: 'Ada', lastName: 'Judge' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a sign-out made offline', () => {
  it('leaves nobody signed in on this device while it cannot be sent, without asking who is', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    markSignOutPending();
    await expect(getSession()).resolves.toEqual({ kind: 'signed-out', expired: false });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/auth/sign-out']);
    expect(isSignOutPending()).toBe(true);
  });

  it('is sent as a non-HTML POST before /me is asked once the network is back, and is done at its 204', async () => {
    document.documentElement.setAttribute('data-sign-in', '');
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(me(null));
    vi.stubGlobal('fetch', fetchMock);
    markSignOutPending();
    await expect(getSession()).resolves.toEqual({ kind: 'signed-out', expired: false });
    const [[signOutUrl, signOut], [meUrl]] = fetchMock.mock.calls;
    expect(signOutUrl).toBe('/auth/sign-out');
    expect(signOut).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    expect(meUrl).toBe('/api/me');
    expect(isSignOutPending()).toBe(false);
  });

  it('stays pending while the API has not revoked the token (503), so the session never outlives it', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    markSignOutPending();
    await expect(getSession()).resolves.toEqual({ kind: 'signed-out', expired: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isSignOutPending()).toBe(true);
  });

  it('is nothing to send when none was made: /me answers alone', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(me(judge));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getSession()).resolves.toMatchObject({ kind: 'signed-in', me: { user: judge } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me']);
  });
});

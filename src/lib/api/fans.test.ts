import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './core';
import { getUpstream, getView, upstreamUrl, viewUrl } from './fans';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type =
    typeof body === 'string' ? 'text/plain' : status >= 400 ? 'application/problem+json' : 'application/json';
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(text, { status, headers: { 'content-type': type, ...headers } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the fetch layer', () => {
  it('asks the BFF at a relative /api path with the query', async () => {
    const fetchMock = respond(200, { data: [] });
    await getUpstream('/events/', { query: { seasonId: 3, q: undefined, practice: 'false' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/events/?seasonId=3&practice=false', expect.anything());
    expect(upstreamUrl('/seasons/')).toBe('/api/seasons/');
  });

  it('returns the body, not stale, on 200', async () => {
    respond(200, { data: [{ id: 1 }] });
    await expect(getUpstream('/seasons/')).resolves.toEqual({
      body: { data: [{ id: 1 }] },
      stale: false,
      savedAt: null,
    });
  });

  it("hands on the service worker's mark on its saved copy", async () => {
    respond(200, { data: [] }, { 'x-saved': '2026-11-24T12:30:00.000Z' });
    await expect(getUpstream('/seasons/')).resolves.toMatchObject({ savedAt: '2026-11-24T12:30:00.000Z' });
  });

  it('flags a saved copy served by the BFF', async () => {
    respond(200, { data: [] }, { 'x-bff-stale': '1' });
    await expect(getUpstream('/seasons/')).resolves.toMatchObject({ stale: true });
  });

  it('throws an ApiError with status, code and problem body', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      detail: 'No competition 99',
    };
    respond(404, problem);
    const error = await getUpstream('/competitions/{competitionId}/scores', { path: { competitionId: 99 } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', body: problem, stale: false });
  });

  it('keeps a non-JSON error body as text', async () => {
    respond(502, 'Bad Gateway');
    await expect(getUpstream('/seasons/')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      body: 'Bad Gateway',
    });
  });

  it('turns a dropped connection into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getUpstream('/seasons/')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(getUpstream('/seasons/', { signal: controller.signal })).rejects.toHaveProperty('name', 'AbortError');
  });

  it('builds typed reads from their templates: path values and query escaped, views under /bff', async () => {
    expect(viewUrl('/seasons/{seasonId}/group', { path: { seasonId: 3 }, query: { name: 'A/B & C', id: '12' } })).toBe(
      '/api/bff/seasons/3/group?name=A%2FB+%26+C&id=12',
    );
    expect(upstreamUrl('/2018-03/performances', { query: { c: '9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b11' } })).toBe(
      '/api/2018-03/performances?c=9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b11',
    );
    expect(viewUrl('/competitions/{guid}', { path: { guid: 'a b' } })).toBe('/api/bff/competitions/a%20b');
    const fetchMock = respond(200, { data: [] });
    await getView('/seasons');
    await getUpstream('/events/{eventId}', { path: { eventId: 7 } });
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['/api/bff/seasons', '/api/events/7']);
  });

  it('names only reads the document declares with a JSON answer (the type check fails otherwise)', () => {
    const unreadable = () => [
      // @ts-expect-error the sign-in page answers HTML: not a read the BFF forwards
      upstreamUrl('/v3/oauth2/authorize'),
      // @ts-expect-error not an operation of the API's document
      upstreamUrl('/events/{eventId}/competitions', { path: { eventId: 1 } }),
      // @ts-expect-error a path's parameters come with it
      upstreamUrl('/events/{eventId}', { path: { groupId: 1 } }),
    ];
    expect(typeof unreadable).toBe('function');
  });
});

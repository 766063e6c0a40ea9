import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './core';
import { deleteAsUser, getAsUser, postAsUser } from './signed-in';

const problem = { type: 'about:blank', title: 'Conflict', status: 409, code: 'score_conflict', detail: 'Changed.' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': type, ...headers },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the signed-in user's calls", () => {
  it('read with the session cookie only, kept by no cache, and answer a 304 with the previous answer', async () => {
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(answer(200, { data: [] }, { etag: '"v1"' }))
      .mockResolvedValueOnce(answer(304, null));
    vi.stubGlobal('fetch', fetchMock);
    const first = await getAsUser('/competitions/{competitionId}/progress', { path: { competitionId: 7 } });
    expect(first).toMatchObject({ body: { data: [] }, etag: '"v1"' });
    const second = await getAsUser('/competitions/{competitionId}/progress', {
      path: { competitionId: 7 },
      previous: first,
    });
    expect(second).toBe(first);
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/competitions/7/progress');
    expect(init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    expect(init.headers).toMatchObject({ 'if-none-match': '"v1"' });
  });

  it('write the typed body as JSON through the transport given, a refusal an ApiError with the whole problem', async () => {
    const transport = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(answer(409, { ...problem, current: null })),
    );
    const error = await postAsUser('/performances/{performanceId}/scores', {
      path: { performanceId: 12 },
      body: { captionKey: 'ge1', scores: [], state: 'draft', baseVersion: 0 },
      headers: { 'idempotency-key': 'k-1' },
      transport,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'score_conflict', body: { current: null } });
    const [url, init] = transport.mock.calls[0];
    expect(url).toBe('/api/performances/12/scores');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init.headers).toMatchObject({ 'idempotency-key': 'k-1', 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ captionKey: 'ge1', scores: [], state: 'draft', baseVersion: 0 });
  });

  it('remove with the query given, and turn a dropped connection into status 0', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    await deleteAsUser('/competitions/{competitionId}/judges', {
      path: { competitionId: 7 },
      query: { round: 1, divisionId: 3, captionKey: 'ge1' },
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/competitions/7/judges?round=1&divisionId=3&captionKey=ge1');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'DELETE' });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getAsUser('/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

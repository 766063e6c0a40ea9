import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { readRecapFixture } from '../fixtures/recaps/load.js';
import { loadRecaps } from '../../server/api/recap-import/load-recap.js';
import { CHUNK_BYTES, sharedBody } from '../../server/api/http/shared-body.js';

/**
 * Cached reads are sent from the one buffer the response cache holds: small ones whole, big ones as views of it,
 * chunk by chunk as the socket drains. What a client sees must not change: the same bytes, their length, the ETag
 * and its 304, no compression (the API sends identity; the BFF compresses for browsers).
 */
// A real recap whose v2 performances answer is several chunks long.
const RECAP = '0a83b7be-be32-4811-a4ff-3af8fdedefa3.htm';

let api: TestApi;
let orgId: number;
let auth: Record<string, string>;
let route: string;

beforeAll(async () => {
  api = await startTestApi();
  const org = await api.createOrg('Shared bodies');
  orgId = org.id;
  await loadRecaps(api.services.database.db, org.id, [{ name: RECAP, html: readRecapFixture(RECAP) }]);
  const key = await api.createKey(org.guid);
  auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
  const [competition] = (await (
    await api.fetch('/2018-03/competitions?includePractice=true', { headers: auth })
  ).json()) as { CompetitionGuid: string }[];
  route = `/2018-03/performances?c=${competition.CompetitionGuid}`;
}, 120_000);
afterAll(() => api?.stop());

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('cached bodies sent from one shared buffer', () => {
  it('keeps one buffer per entry and hands out views of it, never copies', async () => {
    const compute = () => Promise.resolve({ status: 200, value: { data: 'x'.repeat(3 * CHUNK_BYTES) } });
    const first = await api.services.cache.get(orgId, 'shared-body-test', compute);
    const second = await api.services.cache.get(orgId, 'shared-body-test', compute);
    expect(first.body).toBeInstanceOf(Uint8Array);
    expect(second.body).toBe(first.body);

    const small = first.body.subarray(0, CHUNK_BYTES);
    expect(sharedBody(small)).toBe(small);
    const streamed = sharedBody(first.body);
    expect(streamed).toBeInstanceOf(ReadableStream);
    const chunks: Uint8Array[] = [];
    const reader = (streamed as ReadableStream<Uint8Array>).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.length).toBe(Math.ceil(first.body.length / CHUNK_BYTES));
    for (const chunk of chunks) expect(chunk.buffer).toBe(first.body.buffer);
    expect(Buffer.concat(chunks).equals(first.body)).toBe(true);
  });

  it('sends a big answer whole, with its length, the same bytes every time, uncompressed', async () => {
    const first = await api.fetch(route, { headers: { ...auth, 'accept-encoding': 'gzip, br' } });
    const body = await bytesOf(first);
    expect(first.status).toBe(200);
    expect(body.length).toBeGreaterThan(2 * CHUNK_BYTES);
    expect(first.headers.get('content-length')).toBe(String(body.length));
    expect(first.headers.get('transfer-encoding')).toBeNull();
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((JSON.parse(body.toString('utf8')) as unknown[]).length).toBe(78);

    const again = await Promise.all(Array.from({ length: 20 }, () => api.fetch(route, { headers: auth })));
    for (const answer of again) {
      expect(answer.headers.get('etag')).toBe(first.headers.get('etag'));
      expect((await bytesOf(answer)).equals(body)).toBe(true);
    }
  });

  it('answers 304 without a body to its ETag, weak or not, and 200 to another', async () => {
    const etag = (await api.fetch(route, { headers: auth })).headers.get('etag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const answer = await api.fetch(route, { headers: { ...auth, 'if-none-match': ifNoneMatch } });
      expect(answer.status).toBe(304);
      expect((await bytesOf(answer)).length).toBe(0);
    }
    const other = await api.fetch(route, { headers: { ...auth, 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
  });

  it('a client that stops reading mid-answer, then goes away, costs no one else anything', async () => {
    const expected = await bytesOf(await api.fetch(route, { headers: auth }));
    const { port } = new URL(api.url);
    const socket = tls.connect({ host: '127.0.0.1', port: Number(port), ca: api.ca, servername: 'localhost' });
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    socket.write(`GET ${route} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth.authorization}\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();

    // while it holds its answer half-sent, others are served in full
    const others = await Promise.all(Array.from({ length: 5 }, () => api.fetch(route, { headers: auth })));
    for (const answer of others) expect((await bytesOf(answer)).equals(expected)).toBe(true);

    socket.destroy();
    const after = await api.fetch(route, { headers: auth });
    expect((await bytesOf(after)).equals(expected)).toBe(true);
  });
});

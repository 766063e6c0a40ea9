/**
 * GET /changes (issue 41): the caller's organization's committed changes, pushed, over the real HTTPS server. A
 * stream says the version now, then each committed write's; never another organization's; catches a reconnect up
 * from its Last-Event-ID; refuses a caller without a token.
 */
import https from 'node:https';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { startTestApi } from '../helpers/api-server.js';
import { apiClient } from './client.js';

let api: TestApi;
const tokens: Record<'ours' | 'theirs' | 'fans', string> = {} as never;

beforeAll(async () => {
  api = await startTestApi();
  const ours = await api.createOrg('Ours');
  const theirs = await api.createOrg('Theirs');
  const token = async (guid: string, readOnly: boolean) => {
    const key = await api.createKey(guid, { name: readOnly ? 'Fans' : 'Tabulation', readOnly });
    return api.token(key.clientId, key.clientSecret);
  };
  tokens.ours = await token(ours.guid, false);
  tokens.theirs = await token(theirs.guid, false);
  tokens.fans = await token(ours.guid, true);
}, 120_000);
afterAll(() => api?.stop());

interface Event {
  event: string;
  id?: string;
  data: string;
}

/** The stream as a client holds it: its status, then each event as it comes. */
function openStream(token: string | undefined, lastEventId?: string) {
  const events: Event[] = [];
  let wake: (() => void) | undefined;
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  let request: ReturnType<typeof https.get> | undefined;
  const status = new Promise<number>((resolve, reject) => {
    request = https.get(new URL('/changes', api.url), { ca: api.ca, headers }, (response) => {
      resolve(response.statusCode ?? 0);
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          if (field('event')) events.push({ event: field('event')!, id: field('id'), data: field('data') ?? '' });
          wake?.();
        }
      });
    });
    request.on('error', reject);
  });
  return {
    status,
    /** the next event, within a few seconds */
    async next(): Promise<Event> {
      const deadline = Date.now() + 10_000;
      while (events.length === 0) {
        if (Date.now() > deadline) throw new Error('no event within 10 s');
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 250);
        });
      }
      return events.shift()!;
    },
    pending: () => events.length,
    close: () => request?.destroy(),
  };
}

const season = (name: string) => ({ name, startDate: '2027-01-01', endDate: '2027-12-31' });

it('says the version now, then the version of each committed write of its own organization only', async () => {
  const stream = openStream(tokens.ours);
  expect(await stream.status).toBe(200);
  const ready = await stream.next();
  expect(ready.event).toBe('ready');
  const version = Number(ready.id);
  expect(JSON.parse(ready.data)).toEqual({ version });

  const ours = apiClient(api, { authorization: `Bearer ${tokens.ours}` });
  const theirs = apiClient(api, { authorization: `Bearer ${tokens.theirs}` });
  // another organization's write is not told; a refused write changes nothing and is not told either
  expect((await theirs.send('POST', '/seasons/', season('Their Season'))).status).toBe(201);
  expect((await ours.send('POST', '/seasons/', { name: '' })).status).toBe(400);
  // refused inside the write unit, after its version bump: rolled back with it, so nothing is told
  expect(
    (await ours.send('POST', '/seasons/', { name: 'Backwards', startDate: '2027-12-31', endDate: '2027-01-01' }))
      .status,
  ).toBe(422);
  expect((await ours.send('POST', '/seasons/', season('Our Season'))).status).toBe(201);
  const change = await stream.next();
  expect(change).toMatchObject({ event: 'change', id: String(version + 1) });
  expect(JSON.parse(change.data)).toEqual({ version: version + 1 });
  expect(stream.pending()).toBe(0);
  stream.close();
});

it('catches a reconnect up: a Last-Event-ID behind the version now gets a change at once', async () => {
  const first = openStream(tokens.ours);
  const version = Number((await first.next()).id);
  first.close();
  const ours = apiClient(api, { authorization: `Bearer ${tokens.ours}` });
  expect((await ours.send('POST', '/seasons/', season('Meanwhile'))).status).toBe(201);
  const again = openStream(tokens.ours, String(version));
  expect((await again.next()).event).toBe('ready');
  expect(await again.next()).toMatchObject({ event: 'change', id: String(version + 1) });
  again.close();
});

it("is a read: a read-only key's token may hold it, a caller without a token may not", async () => {
  const fans = openStream(tokens.fans);
  expect(await fans.status).toBe(200);
  expect((await fans.next()).event).toBe('ready');
  fans.close();
  const nobody = openStream(undefined);
  expect(await nobody.status).toBe(401);
  nobody.close();
});

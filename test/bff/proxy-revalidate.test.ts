import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { clientCredentialsGrant } from '../../server/bff/upstream/client-credentials.js';
import { defineBffConfig } from '../../server/bff/config.js';
import { createReadProxy } from '../../server/bff/upstream/proxy.js';
import { createTokenCycler } from '../../server/bff/upstream/token-cycler.js';
import { createUpstreamHttp } from '../../server/bff/upstream/upstream-http.js';
import { gate, until } from './harness.js';
import { startFakeUpstream, testClock, testTls, type FakeUpstream } from './fake-upstream.js';

let upstream: FakeUpstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

/** The read proxy alone, over a real socket to the fake upstream (the BFF's views call it this way). */
async function proxyOnFake() {
  const clock = testClock();
  upstream = await startFakeUpstream(clock);
  const config = defineBffConfig({
    port: 0,
    apiBaseUrl: upstream.url,
    clientId: upstream.clientId,
    clientSecret: upstream.clientSecret,
    apiCa: (await testTls()).cert,
    upstreamTimeoutMs: 5000,
    cacheTtlMs: 60_000,
    staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
  });
  const http = createUpstreamHttp(config);
  const proxy = createReadProxy({
    config,
    http,
    tokens: createTokenCycler(clientCredentialsGrant(http, config), clock.now),
    now: clock.now,
    log: () => {},
  });
  const read = (revalidate: boolean) =>
    proxy.read({ path: '/events/', search: '', accept: 'application/json', requestId: randomUUID(), revalidate });
  return { upstream, read, close: () => http.close() };
}

const firstName = (answer: { body: unknown }) =>
  (JSON.parse(Buffer.from(answer.body as Uint8Array).toString('utf8')) as { data: { name: string }[] }).data[0].name;

it('a revalidating read that comes while an exchange is in flight gets the upstream as it is after it came, not that answer', async () => {
  const { upstream, read, close } = await proxyOnFake();
  const answers = gate();
  upstream.holdAnswers = answers.promise;
  // An ordinary read is answered upstream (version 1) but its answer is still on its way...
  const before = read(false);
  await until(() => upstream.readLog.some((read) => read.path === '/events/' && read.status === 200));
  expect(upstream.readsOf('/events/')).toBe(1);
  // ...when the data change and a read that must see the change comes (a competition made a moment ago).
  upstream.version = 2;
  const fresh = read(true);
  const alsoFresh = read(true);
  answers.open();
  upstream.holdAnswers = undefined;
  expect(firstName(await before)).toBe('Event 1 v1');
  expect(firstName(await fresh)).toBe('Event 1 v2');
  expect(firstName(await alsoFresh)).toBe('Event 1 v2');
  // the two revalidating reads shared one exchange after the first
  expect(upstream.readsOf('/events/')).toBe(2);
  close();
});

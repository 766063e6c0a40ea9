/**
 * Our API tells the BFF of a change as it commits (issue 41): the BFF keeps `GET /changes` open and reads again when
 * it speaks, so its live pages hear a change without the BFF polling our API. Two API instances on one PostgreSQL,
 * a BFF on each, their live timers set to a minute so that only the push can tell them in time: a write on either
 * instance reaches the BFF connected to the other; an API restarted misses nothing (the BFF reads again when its
 * stream is back). The hosted upstream has no change stream: there the BFF still polls.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createApp } from '../../server/api/app.js';
import { createApplication } from '../../server/api/auth/applications.js';
import { startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';
import { apiClient } from '../api/client.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { openChangeStream, type ChangeStream } from '../helpers/change-stream.js';
import { createLiveShow, type LiveShow } from '../helpers/live-show.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';

/** Longer than any wait below: a BFF that hears a change in time was told, not polling. */
const LIVE_INTERVAL_MS = 60_000;
const TOLD_WITHIN_MS = 15_000;
/** Pages open on one BFF at once: each hears the change, and the BFF reads as it would for one. */
const PAGES = 40;

const staticDir = () => mkdtempSync(path.join(os.tmpdir(), 'bff-changes-dist-'));

async function bffOn(
  api: { url: string; ca: string },
  key: { clientId: string; clientSecret: string },
  organization: string,
  liveIntervalMs = LIVE_INTERVAL_MS,
) {
  return startBff(
    defineBffConfig({
      port: 0,
      apiBaseUrl: api.url,
      apiCa: api.ca,
      clientId: key.clientId,
      clientSecret: key.clientSecret,
      organization,
      staticDir: staticDir(),
      liveIntervalMs,
    }),
    { log: () => {} },
  );
}

async function health(bff: RunningBff): Promise<{ upstream: { calls: number; changes: string } }> {
  return (await (await fetch(`${bff.url}/api/health`)).json()) as { upstream: { calls: number; changes: string } };
}

/** Waits for the BFF's change stream to reach `state` (asked each time the BFF answers: no fixed sleep). */
async function changesState(bff: RunningBff, state: string): Promise<void> {
  const deadline = Date.now() + TOLD_WITHIN_MS;
  while ((await health(bff)).upstream.changes !== state) {
    if (Date.now() > deadline) throw new Error(`the BFF's change stream is not ${state}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A live page's stream on `bff`, past its `ready`. */
async function livePage(bff: RunningBff, guid: string): Promise<ChangeStream> {
  const stream = await openChangeStream(`${bff.url}/api/bff/competitions/${guid}/live`, '');
  expect(stream.status).toBe(200);
  // written to Node's response past the app's middleware (decision 143): its own headers and the security headers
  expect(stream.headers.get('content-type')).toBe('text/event-stream');
  expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
  expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
  expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect((await stream.next(TOLD_WITHIN_MS)).event).toBe('ready');
  return stream;
}

describe('the change stream across two API instances on PostgreSQL', () => {
  let postgres: TestPostgres;
  let url: string;
  const apis: TestApi[] = [];
  const bffs: RunningBff[] = [];
  const streams: ChangeStream[] = [];
  let show: LiveShow;
  let writer: ReturnType<typeof apiClient>;
  let writerToken: string;
  /** the second instance's DATA_DIR (its certificate), kept across its restart: the BFF trusts that certificate */
  const secondDataDir = mkdtempSync(path.join(os.tmpdir(), 'api-changes-second-'));

  beforeAll(async () => {
    postgres = await startTestPostgres();
    url = await postgres.createDatabase('bff_changes');
    apis.push(
      await startTestApi({ env: { DATABASE_URL: url } }),
      await startTestApi({ dataDir: secondDataDir, env: { DATABASE_URL: url } }),
    );
    const [first, second] = apis;
    const org = await first.createOrg('Change Stream Circuit');
    const full = await first.createKey(org.guid, { name: 'Tabulation' });
    writerToken = await first.token(full.clientId, full.clientSecret);
    writer = apiClient(first, { authorization: `Bearer ${writerToken}` });
    show = await createLiveShow(writer, 3, 'Change Stream Show');
    await show.release();
    const fans = await first.createKey(org.guid, { name: 'Fans', readOnly: true });
    bffs.push(await bffOn(first, fans, org.guid), await bffOn(second, fans, org.guid));
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(bffs.map((bff) => bff.close()));
    await Promise.all(apis.map((api) => api.stop()));
    await postgres?.stop();
    rmSync(secondDataDir, { recursive: true, force: true });
  });

  it('tells a BFF on one instance of a write made on the other, and the other way round', async () => {
    const second = apis[1];
    const pages = [await livePage(bffs[0], show.guid), await livePage(bffs[1], show.guid)];
    streams.push(...pages);
    await Promise.all(bffs.map((bff) => changesState(bff, 'pushed')));
    const secondWriter = apiClient(second, { authorization: `Bearer ${writerToken}` });
    // a write on the first instance: the BFF on the second hears it
    await show.correct(show.performanceIds[0], 61, writer);
    expect((await pages[1].next(TOLD_WITHIN_MS)).event).toBe('change');
    expect((await pages[0].next(TOLD_WITHIN_MS)).event).toBe('change');
    // and one on the second: the BFF on the first hears it
    await show.correct(show.performanceIds[0], 62, secondWriter);
    expect((await pages[0].next(TOLD_WITHIN_MS)).event).toBe('change');
    expect((await pages[1].next(TOLD_WITHIN_MS)).event).toBe('change');
  });

  it('reads the changed competition once for every page that watches it, not once a page', async () => {
    const pages = await Promise.all(Array.from({ length: PAGES }, () => livePage(bffs[0], show.guid)));
    streams.push(...pages);
    await changesState(bffs[0], 'pushed');
    const before = (await health(bffs[0])).upstream.calls;
    await show.correct(show.performanceIds[2], 64, writer);
    for (const page of pages) expect((await page.next(TOLD_WITHIN_MS)).event).toBe('change');
    // one round: the season's listing and the competition's performances (a second round only if a change came
    // during the first); never one read per page
    const reads = (await health(bffs[0])).upstream.calls - before;
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(4);
  });

  it('misses nothing written while its API instance restarted: the BFF reads again when its stream is back', async () => {
    const second = apis[1];
    // the earlier tests' pages closed first: the live hub's timer, started with its first page, polls while the
    // stream is down, and on a slow machine it had run a minute by now and told the page before the stream was back
    for (const stream of streams.splice(0)) stream.close();
    await Promise.all(bffs.map((bff) => changesState(bff, 'idle')));
    const page = await livePage(bffs[1], show.guid);
    streams.push(page);
    await changesState(bffs[1], 'pushed');
    const { port } = new URL(second.url);
    await second.stop();
    await changesState(bffs[1], 'connecting');
    // written while the BFF's instance is down: no notification reaches it
    await show.correct(show.performanceIds[1], 63, writer);
    apis[1] = await startTestApi({ dataDir: secondDataDir, env: { DATABASE_URL: url, API_PORT: port } });
    expect((await page.next(TOLD_WITHIN_MS)).event).toBe('change');
    expect((await health(bffs[1])).upstream.changes).toBe('pushed');
  });
});

describe('the hosted upstream, which has no change stream', () => {
  let fake: FakeHosted;
  let bff: RunningBff;
  let show: LiveShow;

  beforeAll(async () => {
    fake = await startFakeHosted({
      // the show is made through the API inside the fake, in process: the hosted service's writes are not ours
      prepare: async (services, organization) => {
        const { application } = await createApplication(services.database.db, {
          orgId: organization.id,
          name: 'Tabulation',
        });
        const { access_token: token } = await services.tokens.issue({
          applicationId: application.id,
          orgId: organization.id,
          orgGuid: organization.guid,
          clientId: application.clientId,
        });
        const app = createApp(services);
        show = await createLiveShow(
          apiClient(
            {
              fetch: (target, init) =>
                Promise.resolve(
                  app.request(new URL(target, 'https://localhost').href, {
                    method: init?.method ?? 'GET',
                    headers: init?.headers,
                    body: init?.body as string | undefined,
                  }),
                ),
            },
            { authorization: `Bearer ${token}` },
          ),
          2,
          'Hosted Live Show',
        );
      },
    });
    bff = await bffOn(
      { url: fake.url, ca: readFileSync(fake.certPath, 'utf8') },
      { clientId: fake.clientId, clientSecret: fake.clientSecret },
      fake.organization,
      // polled: a short interval, as the hosted upstream always was
      250,
    );
  }, 180_000);
  afterAll(async () => {
    await bff?.close();
    await fake?.stop();
  });

  it('is polled: its stream is refused, and its live pages still hear a release', async () => {
    const page = await livePage(bff, show.guid);
    await changesState(bff, 'unsupported');
    await show.release();
    expect((await page.next(TOLD_WITHIN_MS)).event).toBe('change');
    page.close();
  });
});

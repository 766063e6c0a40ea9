/**
 * A stand-in for the hosted CompetitionSuite API, for tests, e2e and a person trying the app (`npm run fake-hosted`).
 * It serves real published recaps, imported by our own importer into an embedded database of our API that runs in
 * this process, and answers only the operations whose shapes are known on the hosted service (the ones its public clients are seen to use), cut down
 * to those shapes (reshape.ts), and the published recap and schedule pages (public HTML, our API's own pages):
 * everything else is 404, as the hosted service answers an unknown route. Its tokens
 * are opaque (not our API's JWTs), live 7200 s and are refused with a 401 once expired. It sends no ETags.
 * As the hosted service does for an organization that allows programmatic access (decision 026), v2's
 * competitions and performances also answer callers without a token; its errors are `{"Message": "..."}`.
 *
 * Not part of the app: only tests, e2e and the bench import it (the lint says so); it embeds our API, so it may
 * import server/api, and the recap pages it serves from test/fixtures/recaps.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { createApp } from '../api/app.js';
import { readApiConfig } from '../api/config.js';
import { createApplication } from '../api/auth/applications.js';
import { createOrganization, type Organization } from '../api/db/repositories/organizations.js';
import { listenHttps } from '../api/http/listen.js';
import { loadTls } from '../api/http/tls.js';
import { loadRecaps } from '../api/recap-import/load-recap.js';
import { createServices, type Services } from '../api/services.js';
import { loadRecapFixtures, type RecapFixture } from '../../test/fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../../test/fixtures/recaps/refused.js';
import { PAGE_FOLDERS, PUBLISHED_PREFIX } from '../api/routes/pages/addresses.js';
import { eventDetail, eventListItem, groupItem, seasonItem, v2Competition, v2Performance } from './reshape.js';

/** Pages that print no date are filed on this one, as the CLI's --date would. */
const UNDATED_PAGES_DATE = '2015-01-01';

export interface FakeHostedOptions {
  /** default 0: any free port */
  port?: number;
  /** loads the circuit's data into the organization; default: every importable recap page of test/fixtures/recaps */
  prepare?: (services: Services, organization: Organization) => Promise<void>;
  /** the organization allows anonymous v2 reads (the hosted service's "Programmatic - API: Allow Access"); default true */
  programmaticAccess?: boolean;
  /** access token lifetime, default 7200 (the hosted service's) */
  tokenTtlSeconds?: number;
  /** where the embedded database and the certificate go; default a temporary directory, removed on stop */
  dataDir?: string;
  now?: () => number;
}

export interface FakeHosted {
  /** API_BASE_URL */
  url: string;
  /** API_CA_FILE: the fake's self-signed certificate */
  certPath: string;
  clientId: string;
  clientSecret: string;
  /** the organization's guid (API_ORGANIZATION): the opaque tokens do not name it */
  organization: string;
  /** our API inside it (tests compare what the app shows with what it holds) */
  services: Services;
  /** a read of our API inside it, in our API's own shapes (for tests to compare with) */
  inner(pathAndQuery: string): Promise<Response>;
  /** every read that reached the front, path and query, in order */
  reads: string[];
  /** expires every token issued so far (the next read with one gets 401) */
  expireTokens(): void;
  stop(): Promise<void>;
}

/** Imports the fixture pages (all of them but the two the importer refuses, or those named). */
export function importRecapPages(names?: readonly string[]) {
  return async (services: Services, organization: Organization) => {
    const pages: RecapFixture[] = loadRecapFixtures().filter((page) =>
      names ? names.includes(page.name) : !REFUSED_RECAP_PAGES.has(page.name),
    );
    await loadRecaps(services.database.db, organization.id, pages, { date: UNDATED_PAGES_DATE });
  };
}

export async function startFakeHosted(options: FakeHostedOptions = {}): Promise<FakeHosted> {
  const now = options.now ?? Date.now;
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'fake-hosted-')));
  // A migrated template (vitest's global setup makes one) opens in seconds instead of running initdb.
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (ownsDir && template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  // The fake reads on behalf of many: the inner API's per-application limit is not the hosted service's.
  // Anonymous reads reach the inner API without a socket (one address for everyone): the limit is not the point here.
  const services = await createServices(
    readApiConfig({ DATA_DIR: dataDir, RATE_LIMIT_REQUESTS: '1000000', ANONYMOUS_RATE_LIMIT_REQUESTS: '1000000' }),
  );
  try {
    const { db } = services.database;
    const organization = await createOrganization(db, {
      name: 'Fake Hosted Circuit',
      programmaticAccess: options.programmaticAccess ?? true,
    });
    await (options.prepare ?? importRecapPages())(services, organization);
    const inner = await innerClient(services, organization);
    const tls = await loadTls({ dataDir });
    const credentials = {
      clientId: `fake-hosted-${randomBytes(4).toString('hex')}`,
      clientSecret: randomBytes(24).toString('base64url'),
    };
    const ttlMs = (options.tokenTtlSeconds ?? 7200) * 1000;
    const tokens = new Map<string, number>();
    const reads: string[] = [];
    let origin = '';

    const app = new Hono();
    app.post('/v3/oauth2/token', async (c) => {
      const form = await formOf(c);
      if (form.grant_type !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
      if (form.client_id !== credentials.clientId || form.client_secret !== credentials.clientSecret)
        return c.json({ error: 'invalid_client' }, 401);
      const token = randomBytes(32).toString('base64url');
      tokens.set(token, now() + ttlMs);
      return c.json({ token_type: 'bearer', access_token: token, expires_in: ttlMs / 1000 });
    });
    // The published pages are public, as the hosted service's are: our API's own pages of the organization, at the
    // hosted service's file names.
    for (const folder of Object.values(PAGE_FOLDERS)) {
      app.get(`/${folder}/:page`, async (c) => {
        reads.push(c.req.path);
        const response = await inner.get(`${PUBLISHED_PREFIX}/${organization.guid}/${folder}/${c.req.param('page')}`);
        if (!response.ok) return c.text('Page not found.', 404);
        return c.body(await response.text(), 200, {
          'content-type': response.headers.get('content-type') ?? 'text/html; charset=utf-8',
        });
      });
    }
    app.use('*', async (c, next) => {
      reads.push(`${c.req.path}${new URL(c.req.url).search}`);
      // No Authorization header on an open v2 read: the inner API answers as for any anonymous caller.
      if (c.req.header('authorization') === undefined && ANONYMOUS_READS.has(c.req.path)) return next();
      const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
      const expiresAt = token === undefined ? undefined : tokens.get(token);
      if (expiresAt === undefined || now() >= expiresAt)
        return c.json({ Message: 'Authorization has been denied for this request.' }, 401);
      await next();
    });
    const list = (reshape: (item: Record<string, unknown>) => unknown) => async (c: Context) => {
      const answer = await inner.getAll(c.req.path, new URL(c.req.url).searchParams);
      return answer.ok ? c.json({ data: answer.items.map(reshape) }) : passOn(c, answer.response);
    };
    app.get('/v3/seasons', async (c) => {
      const response = await inner.get('/v3/seasons');
      return response.ok
        ? c.json({ data: ((await response.json()) as { data: Record<string, unknown>[] }).data.map(seasonItem) })
        : passOn(c, response);
    });
    app.get('/v3/events', list(eventListItem));
    app.get('/events/', list(eventListItem));
    app.get('/groups/', list(groupItem));
    app.get('/v3/groups', list(groupItem));
    for (const route of ['/events/:id{[0-9]+}', '/v3/events/:id{[0-9]+}']) {
      app.get(route, async (c) => {
        const response = await inner.get(`/events/${c.req.param('id')}`);
        return response.ok
          ? c.json(eventDetail((await response.json()) as Record<string, unknown>, origin))
          : passOn(c, response);
      });
    }
    // v2 reads go to the inner API with the front's token, or with none when the caller sent none.
    const v2Read = (c: Context) => {
      const pathAndQuery = `${c.req.path}${new URL(c.req.url).search}`;
      return c.req.header('authorization') === undefined ? inner.anonymous(pathAndQuery) : inner.get(pathAndQuery);
    };
    app.get('/2018-03/competitions', async (c) => {
      // Every real client with a token names the organization; the hosted service has no "token's organization"
      // default. Without a token, `year` alone lists every open organization's competitions of that year.
      if (!c.req.query('o') && c.req.header('authorization') !== undefined)
        return c.json({ Message: 'The request is invalid: o is required.' }, 400);
      const response = await v2Read(c);
      return response.ok
        ? c.json(((await response.json()) as Record<string, unknown>[]).map((record) => v2Competition(record, origin)))
        : passOnV2(c, response);
    });
    app.get('/2018-03/performances', async (c) => {
      const response = await v2Read(c);
      return response.ok
        ? c.json(((await response.json()) as Record<string, unknown>[]).map(v2Performance))
        : passOnV2(c, response);
    });
    app.notFound((c) =>
      c.json({ Message: `No HTTP resource was found that matches the request URI '${c.req.path}'.` }, 404),
    );

    const server = await listenHttps(app.fetch, tls, { port: options.port ?? 0, host: '127.0.0.1' });
    origin = server.url;
    return {
      url: server.url,
      certPath: tls.certPath,
      ...credentials,
      organization: organization.guid,
      services,
      inner: inner.get,
      reads,
      expireTokens: () => tokens.clear(),
      async stop() {
        await server.close();
        await services.close();
        if (ownsDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await services.close();
    if (ownsDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Our API, in process, read with a key of the organization; a list is read whole, page after page. */
async function innerClient(services: Services, organization: Organization) {
  const api = createApp(services);
  const { application, clientSecret } = await createApplication(services.database.db, {
    orgId: organization.id,
    name: 'fake hosted front',
  });
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: application.clientId,
    client_secret: clientSecret,
  });
  let token = '';
  const renew = async () => {
    const answer = await api.request('/v3/oauth2/token', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  };
  const get = async (pathAndQuery: string): Promise<Response> => {
    if (!token) await renew();
    let response = await api.request(pathAndQuery, { headers: { authorization: `Bearer ${token}` } });
    if (response.status === 401) {
      await renew();
      response = await api.request(pathAndQuery, { headers: { authorization: `Bearer ${token}` } });
    }
    return response;
  };
  return {
    get,
    /** a read without a token, as an anonymous caller of the hosted service makes it */
    anonymous: (pathAndQuery: string) => api.request(pathAndQuery),
    async getAll(
      pathname: string,
      query: URLSearchParams,
    ): Promise<{ ok: true; items: Record<string, unknown>[] } | { ok: false; response: Response }> {
      const items: Record<string, unknown>[] = [];
      for (let offset = 0; ;) {
        const params = new URLSearchParams(query);
        params.set('limit', '500');
        params.set('offset', String(offset));
        const response = await get(`${pathname}?${params.toString()}`);
        if (!response.ok) return { ok: false, response };
        const page = ((await response.json()) as { data: Record<string, unknown>[] }).data;
        items.push(...page);
        offset += page.length;
        if (page.length === 0 || offset >= Number(response.headers.get('x-total-count') ?? offset))
          return { ok: true, items };
      }
    },
  };
}

/** The reads the hosted service serves without a token to an organization that allows programmatic access. */
const ANONYMOUS_READS = new Set(['/2018-03/competitions', '/2018-03/performances']);

/** A v2 error of our API passed on with its status as the hosted service's error body: `{"Message": "..."}`. */
async function passOnV2(c: Context, response: Response) {
  const problem = (await response.json()) as { Message?: string; detail?: string };
  return c.json({ Message: problem.Message ?? problem.detail ?? 'The request is invalid.' }, response.status as 400);
}

/** A 4xx of our API (a malformed parameter, an unknown id) passed on with its status, as JSON. */
async function passOn(c: Context, response: Response) {
  return c.body(await response.text(), response.status as 400, { 'content-type': 'application/json; charset=utf-8' });
}

async function formOf(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json'))
    return ((await c.req.json().catch(() => ({}))) as Record<string, string>) ?? {};
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

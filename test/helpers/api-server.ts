/**
 * Starts the real HTTPS API in this process (startApi: real TLS listener, real database in a fresh temporary
 * DATA_DIR, a free port) for integration tests, with a fetch that trusts its self-signed certificate and small
 * factories for organizations, API keys, users and tokens.
 */
import https from 'node:https';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/api/app.js';
import { startApi } from '../../server/api/server.js';
import type { BackupClock } from '../../server/api/backup/backup-schedule.js';
import type { Services } from '../../server/api/services.js';
import {
  createOrganization,
  findOrganizationByGuid,
  type Organization,
} from '../../server/api/db/repositories/organizations.js';
import { createApplication } from '../../server/api/auth/applications.js';
import { createUser } from '../../server/api/auth/users.js';
import type { User } from '../../server/api/db/repositories/users.js';
import type { Role } from '../../domain/roles.js';

export interface TestApi {
  /** e.g. https://localhost:41234 */
  url: string;
  certPath: string;
  /** the server's certificate (PEM), for clients that need to trust it */
  ca: string;
  dataDir: string;
  services: Services;
  /** Like fetch, over real HTTPS to this server; never follows redirects. `path` is relative to `url`. */
  fetch(path: string, init?: TestRequestInit): Promise<Response>;
  /**
   * The same app on the same services, asked in this process (`app.request()`): no TLS, no socket. For route-level
   * answers (a 200's body, a 400, 404 or 422 naming the field), which it tests in a fraction of the time; what needs
   * a connection (keep-alive, framing, TLS, a client's address, several instances) goes through `fetch`.
   */
  inProcess: Pick<TestApi, 'fetch'>;
  createOrg(name?: string): Promise<Organization>;
  createKey(
    orgGuid: string,
    options?: { name?: string; redirectUris?: string[]; readOnly?: boolean },
  ): Promise<{ clientId: string; clientSecret: string }>;
  createUser(orgGuid: string, email: string, password: string, options?: { role?: Role }): Promise<User>;
  /** An access token by the client credentials grant (throws unless the token endpoint answers 200). */
  token(clientId: string, clientSecret: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestRequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** a URLSearchParams body is sent form-encoded unless a content-type header says otherwise; bytes go as they are */
  body?: string | URLSearchParams | Uint8Array;
  /** the loopback address to connect from (any of 127.0.0.0/8), so a test can be several clients' addresses */
  localAddress?: string;
  /** a keep-alive agent, for a client that keeps its connection as a browser or the BFF does; else one a request */
  agent?: https.Agent;
}

export interface TestApiOptions {
  /** extra environment for readApiConfig (e.g. TOKEN_TTL_SECONDS, RATE_LIMIT_REQUESTS) */
  env?: Record<string, string>;
  /** serve an existing DATA_DIR (kept on stop) instead of a fresh temporary one (removed on stop) */
  dataDir?: string;
  /** the API's clock for tokens and authorization codes (Services.now), so a test can advance it */
  now?: () => number;
  /** the automatic backups' clock and timer (BACKUP_DIR), so a test can move it */
  backupClock?: BackupClock;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'api-test-')));
  // a copy of the run's migrated template database (test/global-setup.ts) opens in ~2 s instead of ~10 s
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (ownsDataDir && template && !options.env?.DATABASE_URL)
    await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, API_PORT: '0', API_HOST: '127.0.0.1', ...options.env };
  let api;
  try {
    api = await startApi(env, { now: options.now, backupClock: options.backupClock });
  } catch (error) {
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const ca = await readFile(api.certPath, 'utf8');
  const { db } = api.services.database;
  const url = api.server.url;

  const fetchApi = (requestPath: string, init: TestRequestInit = {}) => httpsFetch(new URL(requestPath, url), init, ca);
  const app = createApp(api.services);
  const requestApp = async (requestPath: string, init: TestRequestInit = {}) => {
    const { headers, body } = framed(init);
    return await app.request(new URL(requestPath, url).href, {
      method: init.method ?? 'GET',
      headers,
      body: body instanceof Uint8Array ? new Uint8Array(body) : body,
    });
  };

  const orgByGuid = async (guid: string) => {
    const organization = await findOrganizationByGuid(db, guid);
    if (!organization) throw new Error(`No organization ${guid}`);
    return organization;
  };

  let orgCount = 0;
  return {
    url,
    certPath: api.certPath,
    ca,
    dataDir,
    services: api.services,
    fetch: fetchApi,
    inProcess: { fetch: requestApp },
    createOrg: (name = `Test Circuit ${++orgCount}`) => createOrganization(db, { name }),
    async createKey(orgGuid, keyOptions = {}) {
      const organization = await orgByGuid(orgGuid);
      const { application, clientSecret } = await createApplication(db, {
        orgId: organization.id,
        name: keyOptions.name ?? 'Test key',
        redirectUris: keyOptions.redirectUris,
        readOnly: keyOptions.readOnly,
      });
      return { clientId: application.clientId, clientSecret };
    },
    async createUser(orgGuid, email, password, userOptions = {}) {
      const organization = await orgByGuid(orgGuid);
      return createUser(db, { orgId: organization.id, email, password, role: userOptions.role });
    },
    async token(clientId, clientSecret) {
      const response = await fetchApi('/v3/oauth2/token', {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }),
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${body}`);
      return (JSON.parse(body) as { access_token: string }).access_token;
    },
    async stop() {
      await api.stop();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The headers and body text a request sends: a URLSearchParams body goes form-encoded unless told otherwise. */
function framed(init: TestRequestInit): { headers: Record<string, string>; body: string | Uint8Array | undefined } {
  const headers: Record<string, string> = { ...init.headers };
  if (!(init.body instanceof URLSearchParams)) return { headers, body: init.body };
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return { headers, body: init.body.toString() };
}

/** Node 20's global fetch cannot trust a CA per call; node:https can. */
export function httpsFetch(target: URL, init: TestRequestInit, ca: string): Promise<Response> {
  const { headers, body } = framed(init);
  return new Promise((resolve, reject) => {
    const request = https.request(
      target,
      { method: init.method ?? 'GET', headers, ca, agent: init.agent ?? false, localAddress: init.localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const responseHeaders = new Headers();
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            responseHeaders.append(response.rawHeaders[i], response.rawHeaders[i + 1]);
          const status = response.statusCode ?? 0;
          const hasBody = status !== 204 && status !== 304 && init.method !== 'HEAD';
          resolve(new Response(hasBody ? Buffer.concat(chunks) : null, { status, headers: responseHeaders }));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A small HTTPS server that follows the Competition Management API's contract where the BFF depends on it:
 * POST /v3/oauth2/token (client credentials, expires_in from the test), bearer checks answering 401 for unknown,
 * revoked or expired tokens, a few read routes with ETag/304, and switches to go down, answer 429/5xx, or hang.
 */
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'selfsigned';
import { happened } from './activity.js';

/** Functions, not methods: a test hands `clock.now` to what it starts, detached from the clock. */
export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function testClock(start = 1_700_000_000_000): TestClock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms) };
}

export interface Tls {
  key: string;
  cert: string;
}

let tlsOnce: Promise<Tls> | undefined;

/** A self-signed certificate for 127.0.0.1/localhost that is its own CA (like the embedded API's). */
export function testTls(): Promise<Tls> {
  tlsOnce ??= generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return tlsOnce;
}

/** How a family of endpoints answers: normally, by dropping the connection, with a status, or never. */
export type Behaviour = 'ok' | 'reset' | 'hang' | 500 | 503 | 429;

export interface FakeUpstream {
  url: string;
  clientId: string;
  clientSecret: string;
  /** seconds, as sent in expires_in */
  expiresIn: number;
  token: Behaviour | 'refuse';
  reads: Behaviour;
  /** Retry-After sent with 429/503 */
  retryAfter?: string;
  /** while set, answers wait for it (token endpoint / reads) */
  holdTokens?: Promise<void>;
  holdReads?: Promise<void>;
  /** while set, a read's answer is made (at the version of that moment) and then waits for it before it is sent */
  holdAnswers?: Promise<void>;
  /** bumps the data version: ETags change and bodies carry the new version */
  version: number;
  tokenRequests: number;
  /** every token this server issued (to scan the BFF's answers for them) */
  issued: string[];
  /** every read that reached a route, with its headers */
  readLog: Array<{ path: string; headers: IncomingHttpHeaders; status: number }>;
  readsOf(pathAndQuery: string): number;
  /** revokes every token issued so far (the next read with one gets 401) */
  revokeAll(): void;
  /** also revoke every token as soon as it is issued */
  revokeOnIssue: boolean;
  /** issue JWT-shaped tokens naming this organization (`org_guid`), as our API does; unset: opaque tokens */
  jwtOrganization?: string;
  close(): Promise<void>;
}

export async function startFakeUpstream(clock: TestClock): Promise<FakeUpstream> {
  const tls = await testTls();
  const valid = new Map<string, number>();
  const sockets = new Set<Socket>();

  const fake: FakeUpstream = {
    url: '',
    clientId: 'bff-client-7f3a',
    clientSecret: `s3cret-${randomBytes(12).toString('hex')}`,
    expiresIn: 7200,
    token: 'ok',
    reads: 'ok',
    version: 1,
    tokenRequests: 0,
    issued: [],
    readLog: [],
    readsOf: (pathAndQuery) => fake.readLog.filter((read) => read.path === pathAndQuery).length,
    revokeAll: () => valid.clear(),
    revokeOnIssue: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'https://fake');
    if (req.method === 'POST' && url.pathname === '/v3/oauth2/token') return tokenEndpoint(req, res);
    const read = { path: `${url.pathname}${url.search}`, headers: req.headers, status: 0 };
    fake.readLog.push(read);
    happened();
    if (fake.holdReads) await fake.holdReads;

    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const expiresAt = valid.get(token);
    if (expiresAt === undefined || clock.now() >= expiresAt) {
      read.status = 401;
      return json(res, 401, problem(401, 'invalid_token', 'The access token is missing, unknown or expired'), {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    if (await misbehave(res, fake.reads)) return;
    const answer = route(url);
    read.status = answer.status;
    happened();
    if (answer.status !== 200) return json(res, answer.status, answer.body);
    const etag = `"v${fake.version}-${Buffer.from(url.pathname + url.search).toString('base64url')}"`;
    const shared = {
      etag,
      'set-cookie': 'upstream-session=abc123; HttpOnly',
      'www-authenticate': 'Bearer realm="upstream"',
      'ratelimit-remaining': '99',
      'x-upstream-internal': 'yes',
      ...answer.headers,
    };
    if (fake.holdAnswers) await fake.holdAnswers;
    if (req.headers['if-none-match'] === etag) {
      read.status = 304;
      res.writeHead(304, shared).end();
      return;
    }
    json(res, 200, answer.body, shared);
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    fake.tokenRequests += 1;
    happened();
    const form = new URLSearchParams(await bodyOf(req));
    if (fake.holdTokens) await fake.holdTokens;
    if (await misbehave(res, fake.token === 'refuse' ? 'ok' : fake.token)) return;
    if (
      fake.token === 'refuse' ||
      form.get('grant_type') !== 'client_credentials' ||
      form.get('client_id') !== fake.clientId ||
      form.get('client_secret') !== fake.clientSecret
    ) {
      // RFC 6749 error that echoes the client id, which the BFF must not relay
      return json(res, 401, { error: 'invalid_client', error_description: `unknown client ${form.get('client_id')}` });
    }
    const accessToken = fake.jwtOrganization
      ? [{ alg: 'none' }, { org_guid: fake.jwtOrganization, jti: randomBytes(8).toString('hex') }]
          .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
          .join('.') + '.sig'
      : `tok_${randomBytes(16).toString('hex')}`;
    fake.issued.push(accessToken);
    if (!fake.revokeOnIssue) valid.set(accessToken, clock.now() + fake.expiresIn * 1000);
    json(
      res,
      200,
      { token_type: 'bearer', access_token: accessToken, expires_in: fake.expiresIn },
      {
        'set-cookie': `token-session=${accessToken}`,
      },
    );
  }

  /** Answers as `behaviour` says unless it is 'ok' (false: the caller answers); a promise, as an upstream's work is. */
  function misbehave(res: ServerResponse, behaviour: Behaviour): Promise<boolean> {
    if (behaviour === 'ok') return Promise.resolve(false);
    if (behaviour === 'reset') {
      res.socket?.destroy();
    } else if (behaviour === 'hang') {
      // never answers; the socket is destroyed by close()
    } else {
      const headers: Record<string, string> = fake.retryAfter ? { 'retry-after': fake.retryAfter } : {};
      json(
        res,
        behaviour,
        problem(behaviour, behaviour === 429 ? 'rate_limited' : 'unavailable', 'failing on purpose'),
        headers,
      );
    }
    return Promise.resolve(true);
  }

  function route(url: URL): { status: number; body: unknown; headers?: Record<string, string> } {
    const v = fake.version;
    const event = (id: number) => ({
      id,
      name: `Event ${id} v${v}`,
      location: 'Dayton, OH',
      seasonId: 1,
      eventTypeId: 1,
      eventType: 'Regional',
    });
    const path = url.pathname;
    if (path === '/events/') {
      return {
        status: 200,
        body: {
          data: [1, 2].map((id) => ({ ...event(id), practice: false, videoEnabled: false, commentaryEnabled: false })),
        },
        headers: {
          'x-total-count': '12',
          link: `<${fake.url}/events/?limit=2&offset=2>; rel="next", <https://elsewhere.example/events/>; rel="alternate"`,
        },
      };
    }
    const eventMatch = /^\/events\/(\d+)$/.exec(path);
    if (eventMatch) {
      const id = Number(eventMatch[1]);
      return id <= 2
        ? { status: 200, body: { ...event(id), competitions: [] } }
        : { status: 404, body: problem(404, 'not_found', `Event ${id} was not found`) };
    }
    const scoresMatch = /^\/competitions\/(\d+)\/scores$/.exec(path);
    if (scoresMatch) {
      // Big enough (some 6 KB) to be sent compressed, like a real recap's scores.
      const performances = Array.from({ length: 40 }, (_, i) => ({
        group: `Group ${i + 1}`,
        total: 90 - i * 0.25,
        rank: i + 1,
      }));
      return { status: 200, body: { competition: { id: Number(scoresMatch[1]), name: `Finals v${v}` }, performances } };
    }
    if (path === '/groups/') {
      return { status: 200, body: { data: [] }, headers: { link: '</groups/?offset=100>; rel="next"' } };
    }
    if (path === '/v3/groups') return { status: 200, body: [{ id: 1, name: 'Centerville' }] };
    if (path === '/2018-03/competitions') {
      const year = url.searchParams.get('year');
      if (year !== null && !/^\d{4}$/.test(year))
        return { status: 400, body: problem(400, 'invalid_parameter', 'year must be a year') };
      return { status: 200, body: [{ CompetitionName: `Regional ${year ?? ''} v${v}` }] };
    }
    return { status: 404, body: problem(404, 'not_found', `No operation at GET ${path}`) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function problem(status: number, code: string, detail: string) {
  return { type: 'about:blank', title: String(status), status, code, detail };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': status >= 400 && status !== 401 ? 'application/problem+json' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

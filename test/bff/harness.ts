/**
 * A real BFF (startBff, real sockets) in front of a fake upstream (real HTTPS), sharing one test clock. Every answer
 * the test reads and every log line is kept, so a suite can check that no secret or token ever left the BFF.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { defineBffConfig, type BffConfigInput } from '../../server/bff/config.js';
import type { LogLine } from '../../server/bff/http/log.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { happened } from './activity.js';
import { startFakeUpstream, testClock, testTls, type FakeUpstream, type TestClock } from './fake-upstream.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  json(): any;
}

export interface Harness {
  upstream: FakeUpstream;
  bff: RunningBff;
  clock: TestClock;
  logs: LogLine[];
  get: (target: string, headers?: Record<string, string>, method?: string) => Promise<Answer>;
  /** sends the request target byte for byte (fetch would normalise "..", "%2e" and the like) */
  raw: (target: string, method?: string, headers?: Record<string, string>) => Promise<Answer>;
  /**
   * GET without decoding: `bytes` is what crossed the socket, `body` the same decoded by its Content-Encoding (a
   * test can compare the two, which fetch, decoding on its own, would hide).
   */
  bytes: (target: string, headers?: Record<string, string>) => Promise<Answer & { bytes: Buffer }>;
  /** fails the test if the client secret or any issued token appears in an answer or a log line */
  expectNothingLeaked(): void;
  close(): Promise<void>;
}

/** The organization the harness's BFF is configured with (API_ORGANIZATION), sent as v2's `o`. */
export const TEST_ORGANIZATION = '5d1c2b7e-0f3a-4c7e-9b51-2a6f0d8e4c13';

export async function startHarness(overrides: BffConfigInput = {}): Promise<Harness> {
  const clock = testClock();
  const upstream = await startFakeUpstream(clock);
  const tls = await testTls();
  const logs: LogLine[] = [];
  const config = defineBffConfig({
    port: 0,
    apiBaseUrl: upstream.url,
    clientId: upstream.clientId,
    clientSecret: upstream.clientSecret,
    apiCa: tls.cert,
    organization: TEST_ORGANIZATION,
    upstreamTimeoutMs: 5000,
    staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
    ...overrides,
  });
  const bff = await startBff(config, {
    now: clock.now,
    log: (line) => {
      logs.push(line);
      happened();
    },
  });
  bff.onRequestsInProgressChange(happened);
  const seen: string[] = [];

  function record(status: number, headers: Record<string, string>, body: string): Answer {
    seen.push(`${status}\n${JSON.stringify(headers)}\n${body}`);
    return { status, headers, body, json: () => JSON.parse(body) };
  }

  return {
    upstream,
    bff,
    clock,
    logs,
    async get(target, headers = {}, method = 'GET') {
      const response = await fetch(`${bff.url}${target}`, { method, headers });
      return record(response.status, Object.fromEntries(response.headers), await response.text());
    },
    raw(target, method = 'GET', headers = {}) {
      return new Promise((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port: bff.port, path: target, method, headers },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => {
              const flat = Object.fromEntries(
                Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
              );
              resolve(record(response.statusCode ?? 0, flat, body));
            });
          },
        );
        request.on('error', reject);
        request.end();
      });
    },
    bytes(target, headers = {}) {
      return new Promise((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port: bff.port, path: target, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const coding = response.headers['content-encoding'];
            const decoded =
              coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
            const flat = Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
            );
            resolve({ ...record(response.statusCode ?? 0, flat, decoded.toString('utf8')), bytes });
          });
        });
        request.on('error', reject);
        request.end();
      });
    },
    expectNothingLeaked() {
      const everything = [...seen, ...logs.map((line) => JSON.stringify(line))];
      for (const text of everything) {
        expect(text).not.toContain(upstream.clientSecret);
        for (const token of upstream.issued) expect(text).not.toContain(token);
      }
    },
    async close() {
      await bff.close();
      await upstream.close();
    },
  };
}

export { until } from './activity.js';

/** A gate the fake upstream waits on until the test opens it. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * One harness at a time per test: `start` runs it, `current` is the running one, and after each test it is checked
 * for leaks (expectNothingLeaked) and closed. `closeEarly` closes it without the check, for a test that starts a
 * second one over the same build.
 */
export function harnessPerTest() {
  let running: Harness | undefined;
  afterEach(async () => {
    if (!running) return;
    const current = running;
    running = undefined;
    try {
      current.expectNothingLeaked();
    } finally {
      await current.close();
    }
  });
  // arrow functions: a suite keeps `harnessPerTest().start` apart from its object
  return {
    start: async (overrides: BffConfigInput = {}): Promise<Harness> => {
      running = await startHarness(overrides);
      return running;
    },
    current: (): Harness => {
      if (!running) throw new Error('no harness is running');
      return running;
    },
    closeEarly: async (): Promise<void> => {
      const current = running;
      running = undefined;
      await current?.close();
    },
  };
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineBffConfig, readBffConfig } from '../../server/bff/config.js';
import { testTls } from './fake-upstream.js';

const required = {
  API_BASE_URL: 'https://localhost:8443/',
  API_CLIENT_ID: 'client-1',
  API_CLIENT_SECRET: 'do-not-print-me',
};

describe('BFF configuration', () => {
  it('takes sign-in as a pair with a session secret, and names settings, never their values (decision 086)', () => {
    const secret = 'a-session-secret-of-enough-length-000';
    expect(
      readBffConfig({
        ...required,
        BFF_SIGNIN_CLIENT_ID: 'signin',
        BFF_SIGNIN_CLIENT_SECRET: 'do-not-print-this-either',
        BFF_SESSION_SECRET: `${secret},an-older-secret-still-opening-cookies`,
        BFF_PUBLIC_URL: 'https://scores.example.org/any/path',
      }),
    ).toMatchObject({
      signInClientId: 'signin',
      sessionSecrets: [secret, 'an-older-secret-still-opening-cookies'],
      publicUrl: 'https://scores.example.org',
    });
    const refusals: [Record<string, string>, RegExp][] = [
      [{ BFF_SIGNIN_CLIENT_ID: 'signin' }, /BFF_SIGNIN_CLIENT_ID and BFF_SIGNIN_CLIENT_SECRET go together/],
      [
        { BFF_SIGNIN_CLIENT_ID: 'signin', BFF_SIGNIN_CLIENT_SECRET: 'do-not-print-this-either' },
        /BFF_SESSION_SECRET is required with BFF_SIGNIN_CLIENT_ID/,
      ],
      [{ BFF_SESSION_SECRET: 'short-secret-do-not-print' }, /BFF_SESSION_SECRET must be at least 32 characters/],
      [{ BFF_PUBLIC_URL: 'ftp://scores.example.org' }, /BFF_PUBLIC_URL must be an http\(s\) URL/],
    ];
    for (const [env, message] of refusals) {
      const attempt = () => readBffConfig({ ...required, ...env });
      expect(attempt).toThrow(message);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).not.toMatch(/do-not-print/);
      }
    }
  });

  it('reads the environment with the documented defaults', () => {
    expect(readBffConfig(required)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      apiBaseUrl: 'https://localhost:8443',
      clientId: 'client-1',
      clientSecret: 'do-not-print-me',
      upstreamTimeoutMs: 8000,
      cacheTtlMs: 5000,
      cacheMaxEntries: 500,
      staleMaxAgeMs: 86_400_000,
      staticDir: 'dist',
      liveIntervalMs: 2000,
      liveMaxCompetitions: 100,
      liveMaxListeners: 5000,
      consoleIntervalMs: 500,
      judgeIntervalMs: 2000,
      tabletsIntervalMs: 2000,
    });
    expect(
      readBffConfig({
        ...required,
        PORT: '9090',
        BFF_HOST: '0.0.0.0',
        BFF_UPSTREAM_TIMEOUT_MS: '2500',
        BFF_CACHE_TTL_MS: '0',
        BFF_STATIC_DIR: 'build',
        BFF_LIVE_INTERVAL_MS: '500',
        BFF_LIVE_MAX_LISTENERS: '20',
        BFF_CONSOLE_INTERVAL_MS: '250',
        BFF_JUDGE_INTERVAL_MS: '1000',
        BFF_TABLETS_INTERVAL_MS: '3000',
      }),
    ).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      upstreamTimeoutMs: 2500,
      cacheTtlMs: 0,
      staticDir: 'build',
      liveIntervalMs: 500,
      liveMaxListeners: 20,
      consoleIntervalMs: 250,
      judgeIntervalMs: 1000,
      tabletsIntervalMs: 3000,
    });
    expect(() => readBffConfig({ ...required, BFF_LIVE_INTERVAL_MS: '10' })).toThrow(/BFF_LIVE_INTERVAL_MS/);
    expect(() => readBffConfig({ ...required, BFF_CONSOLE_INTERVAL_MS: '10' })).toThrow(/BFF_CONSOLE_INTERVAL_MS/);
    expect(() => readBffConfig({ ...required, BFF_JUDGE_INTERVAL_MS: '10' })).toThrow(/BFF_JUDGE_INTERVAL_MS/);
    expect(() => readBffConfig({ ...required, BFF_TABLETS_INTERVAL_MS: '100' })).toThrow(/BFF_TABLETS_INTERVAL_MS/);
  });

  it('names the setting that is wrong, never the secret', () => {
    expect(() => readBffConfig({ ...required, API_CLIENT_SECRET: '' })).toThrow(/API_CLIENT_SECRET is required/);
    expect(() => readBffConfig({ ...required, API_BASE_URL: 'http://localhost:8443' })).toThrow(
      /API_BASE_URL must be an https:\/\/ URL/,
    );
    expect(() => readBffConfig({ ...required, API_BASE_URL: 'localhost:8443' })).toThrow(/API_BASE_URL/);
    expect(() => readBffConfig({ ...required, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readBffConfig({ ...required, API_ORGANIZATION: 'Sample Circuit' })).toThrow(
      /API_ORGANIZATION must be the organization's GUID/,
    );
    expect(readBffConfig({ ...required, API_ORGANIZATION: '5d1c2b7e-0f3a-4c7e-9b51-2a6f0d8e4c13' }).organization).toBe(
      '5d1c2b7e-0f3a-4c7e-9b51-2a6f0d8e4c13',
    );
    try {
      readBffConfig({ ...required, BFF_CACHE_TTL_MS: '-1', BFF_UPSTREAM_TIMEOUT_MS: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(
        /BFF_CACHE_TTL_MS.*BFF_UPSTREAM_TIMEOUT_MS|BFF_UPSTREAM_TIMEOUT_MS.*BFF_CACHE_TTL_MS/,
      );
      expect((error as Error).message).not.toContain('do-not-print-me');
    }
  });

  it('reads the CA certificate from API_CA_FILE and says clearly when it cannot', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bff-ca-'));
    const caFile = path.join(dir, 'cert.pem');
    writeFileSync(caFile, (await testTls()).cert);
    expect(readBffConfig({ ...required, API_CA_FILE: caFile }).apiCa).toContain('BEGIN CERTIFICATE');
    expect(() => readBffConfig({ ...required, API_CA_FILE: path.join(dir, 'missing.pem') })).toThrow(
      /API_CA_FILE cannot be read \(ENOENT/,
    );
    writeFileSync(path.join(dir, 'junk.pem'), 'not a certificate');
    expect(() => readBffConfig({ ...required, API_CA_FILE: path.join(dir, 'junk.pem') })).toThrow(
      /API_CA_FILE does not hold a PEM certificate/,
    );
  });

  it('accepts a config object for start.ts, keeping a path prefix of the base URL', () => {
    const config = defineBffConfig({
      apiBaseUrl: 'https://api.example.org/cm/',
      clientId: 'a',
      clientSecret: 'b',
      port: 0,
    });
    expect(config).toMatchObject({ apiBaseUrl: 'https://api.example.org/cm', port: 0, cacheTtlMs: 5000 });
    expect(() => defineBffConfig({ apiBaseUrl: 'https://x.example', clientId: 'a' })).toThrow(
      /clientSecret is required/,
    );
  });
});

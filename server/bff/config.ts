/**
 * BFF configuration, parsed and validated once at start-up. `readBffConfig(env)` reads the environment;
 * `defineBffConfig(input)` takes an object (what `server/start.ts` builds from the embedded API's URL, credentials
 * and certificate). Both return the same validated, defaulted `BffConfig`.
 *
 * | env                      | field              | default      |
 * |--------------------------|--------------------|--------------|
 * | PORT                     | port               | 8080 (0: any free port) |
 * | BFF_HOST                 | host               | 127.0.0.1    |
 * | API_BASE_URL             | apiBaseUrl         | required, https:// |
 * | API_CLIENT_ID            | clientId           | required     |
 * | API_CLIENT_SECRET        | clientSecret       | required     |
 * | API_CA_FILE              | apiCaFile          | none: Node's trust store (+ NODE_EXTRA_CA_CERTS) |
 * | API_ORGANIZATION         | organization       | none: read from the API's token when it is a JWT naming it (organization.ts) |
 * | BFF_UPSTREAM_TIMEOUT_MS  | upstreamTimeoutMs  | 8000, per upstream call |
 * | BFF_CACHE_TTL_MS         | cacheTtlMs         | 5000, fresh window (0: always revalidate) |
 * | BFF_CACHE_MAX_ENTRIES    | cacheMaxEntries    | 500 (LRU)    |
 * | BFF_STALE_MAX_AGE_MS     | staleMaxAgeMs      | 86400000: the oldest saved copy served during an outage |
 * | BFF_STATIC_DIR           | staticDir          | dist         |
 * | BFF_LIVE_INTERVAL_MS     | liveIntervalMs     | 2000: how often a watched live competition is re-read while the upstream cannot push (decisions 033, 131) |
 * | BFF_LIVE_MAX_COMPETITIONS| liveMaxCompetitions| 100 live competitions watched at once |
 * | BFF_LIVE_MAX_LISTENERS   | liveMaxListeners   | 5000 competitions listened to at once, over all streams (a day's stream counts each it names) |
 * | BFF_CONSOLE_INTERVAL_MS  | consoleIntervalMs  | 500: how often a competition with an open console is re-read while the API cannot push (decisions 101, 131) |
 * | BFF_JUDGE_INTERVAL_MS    | judgeIntervalMs    | 2000: how often an open judge's page's seats are re-read while the API cannot push (decisions 124, 131) |
 * | BFF_TABLETS_INTERVAL_MS  | tabletsIntervalMs  | 2000: how often a competition with an open tablet status page is re-read (decision 130) |
 * | BFF_SIGNIN_CLIENT_ID     | signInClientId     | none: no sign-in (decision 086) |
 * | BFF_SIGNIN_CLIENT_SECRET | signInClientSecret | none; required with BFF_SIGNIN_CLIENT_ID |
 * | BFF_SESSION_SECRET       | sessionSecrets     | required with sign-in: 32+ characters; comma-separated, the first seals, all open |
 * | BFF_PUBLIC_URL           | publicUrl          | none: http://<Host> on loopback only (the redirect URI and the CSRF origin) |
 * | API_PUBLIC_URL           | apiPublicUrl       | API_BASE_URL: where the browser reaches the API's sign-in page |
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { GUID_PATTERN } from '../../domain/guid.js';

export interface BffConfig {
  port: number;
  host: string;
  /** the upstream's origin and optional path prefix, without a trailing slash */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM of an extra certificate authority for the upstream (read from apiCaFile, or given directly) */
  apiCa?: string;
  apiCaFile?: string;
  /** the organization's guid, sent as v2's `o`; when unset, discovered from the API's token where it names one */
  organization?: string;
  upstreamTimeoutMs: number;
  cacheTtlMs: number;
  cacheMaxEntries: number;
  staleMaxAgeMs: number;
  staticDir: string;
  liveIntervalMs: number;
  liveMaxCompetitions: number;
  liveMaxListeners: number;
  consoleIntervalMs: number;
  judgeIntervalMs: number;
  tabletsIntervalMs: number;
  /** the Authorization Code + PKCE client users sign in through (decision 086); both or neither */
  signInClientId?: string;
  signInClientSecret?: string;
  /** keys of the session cookie's encryption: the first seals, every one opens (rotation) */
  sessionSecrets?: string[];
  /** the address people reach this BFF at (origin, no path), e.g. https://scores.example.org */
  publicUrl?: string;
  /** where a browser reaches the API's sign-in page, when not at apiBaseUrl */
  apiPublicUrl?: string;
}

type NumericSetting =
  | 'port'
  | 'upstreamTimeoutMs'
  | 'cacheTtlMs'
  | 'cacheMaxEntries'
  | 'staleMaxAgeMs'
  | 'liveIntervalMs'
  | 'liveMaxCompetitions'
  | 'liveMaxListeners'
  | 'consoleIntervalMs'
  | 'judgeIntervalMs'
  | 'tabletsIntervalMs';

export type BffConfigInput = Partial<Omit<BffConfig, NumericSetting | 'sessionSecrets'>> & {
  /** one secret, or several comma-separated (the first seals) */
  sessionSecrets?: string[] | string;
  liveIntervalMs?: number | string;
  liveMaxCompetitions?: number | string;
  liveMaxListeners?: number | string;
  consoleIntervalMs?: number | string;
  judgeIntervalMs?: number | string;
  tabletsIntervalMs?: number | string;
  port?: number | string;
  upstreamTimeoutMs?: number | string;
  cacheTtlMs?: number | string;
  cacheMaxEntries?: number | string;
  staleMaxAgeMs?: number | string;
};

const ENV_NAMES: Record<keyof BffConfig, string> = {
  port: 'PORT',
  host: 'BFF_HOST',
  apiBaseUrl: 'API_BASE_URL',
  clientId: 'API_CLIENT_ID',
  clientSecret: 'API_CLIENT_SECRET',
  apiCa: 'API_CA_FILE',
  apiCaFile: 'API_CA_FILE',
  organization: 'API_ORGANIZATION',
  upstreamTimeoutMs: 'BFF_UPSTREAM_TIMEOUT_MS',
  cacheTtlMs: 'BFF_CACHE_TTL_MS',
  cacheMaxEntries: 'BFF_CACHE_MAX_ENTRIES',
  staleMaxAgeMs: 'BFF_STALE_MAX_AGE_MS',
  staticDir: 'BFF_STATIC_DIR',
  liveIntervalMs: 'BFF_LIVE_INTERVAL_MS',
  liveMaxCompetitions: 'BFF_LIVE_MAX_COMPETITIONS',
  liveMaxListeners: 'BFF_LIVE_MAX_LISTENERS',
  consoleIntervalMs: 'BFF_CONSOLE_INTERVAL_MS',
  judgeIntervalMs: 'BFF_JUDGE_INTERVAL_MS',
  tabletsIntervalMs: 'BFF_TABLETS_INTERVAL_MS',
  signInClientId: 'BFF_SIGNIN_CLIENT_ID',
  signInClientSecret: 'BFF_SIGNIN_CLIENT_SECRET',
  sessionSecrets: 'BFF_SESSION_SECRET',
  publicUrl: 'BFF_PUBLIC_URL',
  apiPublicUrl: 'API_PUBLIC_URL',
};

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce.number().int(`must be a whole number`).min(min).max(max).default(fallback);

const origin = (example: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value), `must be an absolute URL such as ${example}`)
    .refine((value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username;
    }, 'must be an http(s) URL without query, fragment or user info')
    .transform((value) => {
      const url = new URL(value);
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    });

const schema = z.object({
  port: wholeNumber(0, 65_535, 8080),
  host: z.string().min(1).default('127.0.0.1'),
  apiBaseUrl: z
    .string({ error: 'is required (the Competition Management API, e.g. https://localhost:8443)' })
    .refine((value) => URL.canParse(value), 'must be an absolute URL such as https://localhost:8443')
    .refine(
      (value) => !URL.canParse(value) || new URL(value).protocol === 'https:',
      'must be an https:// URL: the API is HTTPS-only and the client secret is sent to it',
    )
    .refine((value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return !url.search && !url.hash && !url.username && !url.password;
    }, 'must not carry a query, fragment or user info')
    .transform((value) => {
      const url = new URL(value);
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    }),
  clientId: z.string({ error: 'is required' }).min(1, 'is required'),
  clientSecret: z.string({ error: 'is required' }).min(1, 'is required'),
  apiCa: z.string().optional(),
  apiCaFile: z.string().min(1).optional(),
  organization: z.string().regex(GUID_PATTERN, "must be the organization's GUID (8-4-4-4-12 hex digits)").optional(),
  upstreamTimeoutMs: wholeNumber(1, 600_000, 8000),
  cacheTtlMs: wholeNumber(0, 86_400_000, 5000),
  cacheMaxEntries: wholeNumber(1, 1_000_000, 500),
  staleMaxAgeMs: wholeNumber(0, 30 * 86_400_000, 86_400_000),
  staticDir: z.string().min(1).default('dist'),
  // Under the 5 s budget from a release to the numbers on screen, with room for the page's own read.
  liveIntervalMs: wholeNumber(250, 60_000, 2000),
  liveMaxCompetitions: wholeNumber(1, 10_000, 100),
  liveMaxListeners: wholeNumber(1, 100_000, 5000),
  // Under the 2 s budget from a judge's entry to the console's grid, with room for the console's own reads.
  consoleIntervalMs: wholeNumber(100, 60_000, 500),
  // Under the 5 s budget from a tabulator's correction to a judge's open page, with room for the page's own reads.
  judgeIntervalMs: wholeNumber(100, 60_000, 2000),
  // Tablets report every 4 s: a status page a tick behind them, as often as a person reads it.
  tabletsIntervalMs: wholeNumber(250, 60_000, 2000),
  signInClientId: z.string().min(1).optional(),
  signInClientSecret: z.string().min(1).optional(),
  sessionSecrets: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()))
    .refine(
      (secrets) => secrets.length > 0 && secrets.every((secret) => secret.length >= 32),
      'must be at least 32 characters (each, when several are comma-separated)',
    )
    .optional(),
  // The BFF itself serves http; a public address behind a TLS proxy is https, any path dropped to its origin.
  publicUrl: origin('https://scores.example.org')
    .transform((value) => new URL(value).origin)
    .optional(),
  apiPublicUrl: origin('https://api.example.org').optional(),
});

/** Validates a configuration object and fills in defaults; reads `apiCaFile` when `apiCa` is not given. */
export function defineBffConfig(
  input: BffConfigInput,
  describe: (field: keyof BffConfig) => string = String,
): BffConfig {
  const cleaned = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    // Messages name the setting, never its value: a secret must not reach a log through a config error.
    const problems = result.error.issues.map(
      (issue) => `${describe(issue.path[0] as keyof BffConfig)} ${issue.message}`,
    );
    throw new Error(`Invalid BFF configuration: ${problems.join('; ')}`);
  }
  const config: BffConfig = result.data;
  if ((config.signInClientId === undefined) !== (config.signInClientSecret === undefined)) {
    throw new Error(
      `Invalid BFF configuration: ${describe('signInClientId')} and ${describe('signInClientSecret')} go together: set both or neither`,
    );
  }
  if (config.signInClientId !== undefined && config.sessionSecrets === undefined) {
    throw new Error(
      `Invalid BFF configuration: ${describe('sessionSecrets')} is required with ${describe('signInClientId')} (it encrypts the session cookie)`,
    );
  }
  if (config.apiCa === undefined && config.apiCaFile) {
    try {
      config.apiCa = readFileSync(config.apiCaFile, 'utf8');
    } catch (error) {
      throw new Error(
        `Invalid BFF configuration: ${describe('apiCaFile')} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${config.apiCaFile})`,
      );
    }
  }
  if (config.apiCa !== undefined && !config.apiCa.includes('-----BEGIN CERTIFICATE-----')) {
    throw new Error(`Invalid BFF configuration: ${describe('apiCaFile')} does not hold a PEM certificate`);
  }
  return config;
}

/** The configuration from environment variables (see the table above). */
export function readBffConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  return defineBffConfig(
    {
      port: env.PORT,
      host: env.BFF_HOST,
      apiBaseUrl: env.API_BASE_URL,
      clientId: env.API_CLIENT_ID,
      clientSecret: env.API_CLIENT_SECRET,
      apiCaFile: env.API_CA_FILE,
      organization: env.API_ORGANIZATION,
      upstreamTimeoutMs: env.BFF_UPSTREAM_TIMEOUT_MS,
      cacheTtlMs: env.BFF_CACHE_TTL_MS,
      cacheMaxEntries: env.BFF_CACHE_MAX_ENTRIES,
      staleMaxAgeMs: env.BFF_STALE_MAX_AGE_MS,
      staticDir: env.BFF_STATIC_DIR,
      liveIntervalMs: env.BFF_LIVE_INTERVAL_MS,
      liveMaxCompetitions: env.BFF_LIVE_MAX_COMPETITIONS,
      liveMaxListeners: env.BFF_LIVE_MAX_LISTENERS,
      consoleIntervalMs: env.BFF_CONSOLE_INTERVAL_MS,
      judgeIntervalMs: env.BFF_JUDGE_INTERVAL_MS,
      tabletsIntervalMs: env.BFF_TABLETS_INTERVAL_MS,
      signInClientId: env.BFF_SIGNIN_CLIENT_ID,
      signInClientSecret: env.BFF_SIGNIN_CLIENT_SECRET,
      sessionSecrets: env.BFF_SESSION_SECRET,
      publicUrl: env.BFF_PUBLIC_URL,
      apiPublicUrl: env.API_PUBLIC_URL,
    },
    (field) => ENV_NAMES[field] ?? String(field),
  );
}

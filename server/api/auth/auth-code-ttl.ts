import type { ApiConfig } from '../config.js';

/** RFC 6749 §4.1.2 recommends at most 10 minutes. */
const DEFAULT_SECONDS = 600;

/**
 * Lifetime of authorization codes: config.authCodeTtlSeconds (AUTH_CODE_TTL_SECONDS) once ApiConfig carries it;
 * until then read from the environment here, once, when the routes are built.
 */
export function authCodeTtlSeconds(config: ApiConfig, env: NodeJS.ProcessEnv = process.env): number {
  const configured = (config as ApiConfig & { authCodeTtlSeconds?: number }).authCodeTtlSeconds;
  if (configured !== undefined) return configured;
  const raw = env.AUTH_CODE_TTL_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_SECONDS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`AUTH_CODE_TTL_SECONDS must be a whole number of at least 1 (got "${raw}")`);
  return value;
}

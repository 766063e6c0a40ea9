/**
 * Structured logging: one JSON object per line on stdout. Callers pass only what is safe to keep; the secret and
 * tokens are never handed to a log call (the token request's errors carry status and OAuth error code only).
 */
export type LogLine = { level: 'info' | 'warn' | 'error'; msg: string } & Record<string, unknown>;

export function logJsonLine(line: LogLine): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
}

/**
 * The app every mount goes on: the security headers on every answer, an unhandled error logged and answered as a
 * problem (never a stack trace), and the answer for a method nothing else accepts.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { BffEnv } from './env.js';
import type { LogLine } from './log.js';
import { problemResponse } from './problems.js';
import { SECURITY_HEADERS } from './security-headers.js';

const securityHeaders: MiddlewareHandler<BffEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    // An answer may bring a stricter header of its own (a page with its stylesheet inline: its policy plus that
    // style's hash, security-headers.ts); otherwise it gets the default.
    if (c.res.headers.has(name)) continue;
    c.res.headers.set(name, value);
  }
};

export function createBaseApp(log: (line: LogLine) => void): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  app.use('*', securityHeaders);
  app.onError((error, c) => {
    log({ level: 'error', msg: 'unhandled error', error: error.name, detail: error.message, path: c.req.path });
    return problemResponse({
      status: 500,
      code: 'internal_error',
      detail: 'The server failed to answer this request.',
    });
  });
  return app;
}

/** The last mount: what is left is the web app, which is read with GET. */
export function methodNotAccepted(c: { req: { method: string } }): Response {
  return problemResponse({
    status: 405,
    code: 'method_not_allowed',
    detail: `${c.req.method} is not accepted here: the web app is read with GET.`,
    headers: { allow: 'GET, HEAD' },
  });
}

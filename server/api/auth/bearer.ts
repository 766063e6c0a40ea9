import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.js';
import { remoteAddress } from '../routes/oauth/remote-address.js';
import { problemResponse } from '../http/errors.js';
import { ApiProblem } from '../http/problem.js';
import type { Services } from '../services.js';

const REALM = 'Bearer realm="competition-api"';
/** RFC 6750 §2.1: token68 characters, optionally padded. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Requires `Authorization: Bearer <access token>` and puts the token's organization and application in
 * `c.get('auth')`. Answers 401 problem+json with the RFC 6750 challenge: without an error code when no bearer
 * credentials were sent at all (§3.1), with error="invalid_token" when they were but do not verify.
 * A request that `anonymousAllowed` accepts and that sends no Authorization header at all goes on as an anonymous
 * caller (`c.get('anonymous')`, no `auth`): the route decides what an anonymous caller may read (decision 026).
 * Credentials that are sent are always checked: a bad token is a 401 there too.
 */
export function bearerAuth(
  services: Services,
  anonymousAllowed: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined && anonymousAllowed(c)) {
      c.set('anonymous', { address: remoteAddress(c) });
      return next();
    }
    const [scheme, ...rest] = (header ?? '').trim().split(/\s+/);
    if (!header || scheme.toLowerCase() !== 'bearer') {
      const detail = header
        ? 'The Authorization header must use the Bearer scheme: Authorization: Bearer <access token>'
        : 'This operation needs an access token: send Authorization: Bearer <access token> (get one at POST /v3/oauth2/token)';
      return problemResponse(new ApiProblem(401, 'missing_token', detail, [], { 'WWW-Authenticate': REALM }));
    }
    const token = rest.length === 1 && TOKEN68.test(rest[0]) ? rest[0] : undefined;
    const check = token ? await services.tokens.verify(token) : ({ ok: false, reason: 'malformed' } as const);
    if (!check.ok) {
      const { code, description } = failures[check.reason];
      return problemResponse(
        new ApiProblem(401, code, description, [], {
          'WWW-Authenticate': `${REALM}, error="invalid_token", error_description="${description}"`,
        }),
      );
    }
    c.set('auth', check.auth);
    await next();
  };
}

// Descriptions go into a quoted-string of the challenge: no double quotes or backslashes in them.
const failures = {
  malformed: { code: 'invalid_token', description: 'The access token is malformed' },
  invalid: { code: 'invalid_token', description: 'The access token is not valid' },
  expired: { code: 'token_expired', description: 'The access token has expired; request a new one' },
} as const;

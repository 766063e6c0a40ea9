import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { registerTokenRoute } from './token.js';
import { registerRevokeRoute } from './revoke.js';
import { createFailureLimiter } from '../../auth/failure-limiter.js';
import { registerAuthorizeRoutes } from './authorize.js';
import { registerSetPasswordRoutes } from './set-password.js';
import { registerRequestAccessRoutes } from './request-access.js';

/**
 * The OAuth2 endpoints: POST /v3/oauth2/token, POST /v3/oauth2/revoke (RFC 7009) and GET/POST /v3/oauth2/authorize,
 * the one-time page that sets a new user's password (GET/POST /v3/users/set-password) and the page where a group's
 * director or staff asks for an account (GET/POST /v3/users/request-access). They authenticate the client
 * (or the user) themselves, so the app mounts them before the bearer middleware.
 */
export function oauthRoutes(services: Services): OpenAPIHono<AppEnv> {
  const router = newRouter();
  // One count of failed client authentications for both endpoints: a secret guessed at either is one guess.
  const failures = createFailureLimiter(services.config.tokenRateLimit);
  registerTokenRoute(router, services, failures);
  registerRevokeRoute(router, services, failures);
  registerAuthorizeRoutes(router, services);
  registerSetPasswordRoutes(router, services);
  registerRequestAccessRoutes(router, services);
  return router;
}

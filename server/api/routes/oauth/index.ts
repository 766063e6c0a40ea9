import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { registerTokenRoute } from './token.js';
import { registerAuthorizeRoutes } from './authorize.js';
import { registerSetPasswordRoutes } from './set-password.js';

/**
 * The OAuth2 endpoints: POST /v3/oauth2/token and GET/POST /v3/oauth2/authorize, and the one-time page that sets a
 * new user's password (GET/POST /v3/users/set-password). They authenticate the client
 * (or the user) themselves, so the app mounts them before the bearer middleware.
 */
export function oauthRoutes(services: Services): OpenAPIHono<AppEnv> {
  const router = newRouter();
  registerTokenRoute(router, services);
  registerAuthorizeRoutes(router, services);
  registerSetPasswordRoutes(router, services);
  return router;
}

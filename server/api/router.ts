import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { AppEnv } from './http/context.js';
import { validationProblem } from './http/errors.js';
import { readable } from './http/permissions.js';

/**
 * Every router validates the same way: the first bad part of the request becomes a 400 naming its fields. A read
 * that declares no permission needs `read` (http/permissions.ts `readable`), so none is open by omission to an
 * account that may not read the organization (a group's, decision 133); the sign-in's own pages say `security: []`.
 */
export function newRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error, result.target);
    },
  });
  const declare = router.openapi;
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) =>
    (declare as (...args: unknown[]) => unknown)(
      route.method === 'get' && !('x-permission' in route) && route.security?.length !== 0 ? readable(route) : route,
      ...rest,
    )) as typeof router.openapi;
  return router;
}

import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './http/context.js';
import { validationProblem } from './http/errors.js';

/** Every router validates the same way: the first bad part of the request becomes a 400 naming its fields. */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error, result.target);
    },
  });
}

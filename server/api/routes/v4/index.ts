import { readdirSync } from 'node:fs';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { checkWriteBody } from '../../http/write-body.js';
import { writeUnit } from '../../http/write-unit.js';

/** What every resource module of this folder exports: its router, declared and served. */
interface ResourceModule {
  resource: (services: Services) => OpenAPIHono<AppEnv>;
}

/**
 * The resource modules, found in this folder rather than listed: a new resource is one module exporting `resource`
 * (docs/decisions/025). `<resource>.routes.ts` files hold declarations only. Sorted by name so the document's order
 * is stable; no two resources share a path, so their order does not decide a match.
 */
const resourceFiles = readdirSync(new URL('.', import.meta.url))
  .filter((name) => /^[a-z][a-z-]*\.ts$/.test(name) && !name.endsWith('.routes.ts') && name !== 'index.ts')
  .sort();
const resources: ResourceModule[] = await Promise.all(
  resourceFiles.map(async (name) => {
    const module = (await import(/* @vite-ignore */ `./${name.replace(/\.ts$/, '.js')}`)) as Partial<ResourceModule>;
    if (typeof module.resource !== 'function')
      throw new Error(`server/api/routes/v4/${name} exports no resource(services).`);
    return module as ResourceModule;
  }),
);

/**
 * v4: no path prefix, camelCase, lists wrapped in {data}; our score entry extension. One module per resource, its
 * reads and writes together (<resource>.routes.ts declares, <resource>.ts serves). Every write body is checked at
 * the door, and every write request is one unit of work (http/write-unit.ts).
 */
export function v4Routes(services: Services) {
  const router = newRouter();
  router.use('*', checkWriteBody, writeUnit(services));
  for (const module of resources) router.route('/', module.resource(services));
  return router;
}

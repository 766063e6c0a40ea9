import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { checkWriteBody } from '../../http/write-body.js';
import { writeUnit } from '../../http/write-unit.js';
import * as audit from './audit.js';
import * as competitions from './competitions.js';
import * as contestUpdates from './contest-updates.js';
import * as divisions from './divisions.js';
import * as events from './events.js';
import * as groups from './groups.js';
import * as judgeSeasons from './judge-seasons.js';
import * as judges from './judges.js';
import * as me from './me.js';
import * as performances from './performances.js';
import * as review from './review.js';
import * as scoreSheets from './score-sheets.js';
import * as seasons from './seasons.js';
import * as standings from './standings.js';
import * as users from './users.js';

/** What every resource module of this folder exports: its router, declared and served. */
export interface ResourceModule {
  resource: (services: Services) => OpenAPIHono<AppEnv>;
}

/**
 * Every resource module of this folder, by file name, listed rather than found at run time so that tsc, the
 * no-cycle rule and a compiled build all see them (docs/decisions/045). A new resource is one module exporting
 * `resource` plus its line here; test/api/v4-registry.test.ts fails when a module of the folder is missing.
 * `<resource>.routes.ts` files hold declarations only. In file-name order, so the document's order is that of the
 * folder; no two resources share a path, so their order does not decide a match.
 */
export const RESOURCE_MODULES: Readonly<Record<string, ResourceModule>> = {
  audit,
  competitions,
  'contest-updates': contestUpdates,
  divisions,
  events,
  groups,
  'judge-seasons': judgeSeasons,
  judges,
  me,
  performances,
  review,
  'score-sheets': scoreSheets,
  seasons,
  standings,
  users,
};

/**
 * v4: no path prefix, camelCase, lists wrapped in {data}; our score entry extension. One module per resource, its
 * reads and writes together (<resource>.routes.ts declares, <resource>.ts serves). Every write body is checked at
 * the door, and every write request is one unit of work (http/write-unit.ts).
 */
export function v4Routes(services: Services) {
  const router = newRouter();
  router.use('*', checkWriteBody, writeUnit(services));
  for (const module of Object.values(RESOURCE_MODULES)) router.route('/', module.resource(services));
  return router;
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { checkWriteBody } from '../../http/write-body.js';
import { writeUnit } from '../../http/write-unit.js';
import * as accessRequests from './access-requests.js';
import * as audit from './audit.js';
import * as awards from './awards.js';
import * as backups from './backups.js';
import * as changes from './changes.js';
import * as commentary from './commentary.js';
import * as commentaryUploads from './commentary-uploads.js';
import * as competitions from './competitions.js';
import * as contestUpdates from './contest-updates.js';
import * as critiques from './critiques.js';
import * as divisions from './divisions.js';
import * as draws from './draws.js';
import * as events from './events.js';
import * as groupAccounts from './group-accounts.js';
import * as groupContests from './group-contests.js';
import * as groups from './groups.js';
import * as itineraries from './itineraries.js';
import * as judgeSeasons from './judge-seasons.js';
import * as judges from './judges.js';
import * as me from './me.js';
import * as performances from './performances.js';
import * as registrations from './registrations.js';
import * as review from './review.js';
import * as schedules from './schedules.js';
import * as scoreSheets from './score-sheets.js';
import * as seasons from './seasons.js';
import * as standings from './standings.js';
import * as tablets from './tablets.js';
import * as users from './users.js';

/** What every resource module of this folder exports: its router, declared and served. */
export interface ResourceModule {
  resource: (services: Services) => OpenAPIHono<AppEnv>;
  /** its writes that run outside the write unit, served before it (http/unlocked-writes.ts) */
  unlocked?: (services: Services) => OpenAPIHono<AppEnv>;
}

/**
 * Every resource module of this folder, by file name, listed rather than found at run time so that tsc, the
 * no-cycle rule and a compiled build all see them (docs/decisions/045). A new resource is one module exporting
 * `resource` plus its line here; test/api/v4-registry.test.ts fails when a module of the folder is missing.
 * `<resource>.routes.ts` files hold declarations only. In file-name order, so the document's order is that of the
 * folder; no two resources share a path, so their order does not decide a match.
 */
export const RESOURCE_MODULES: Readonly<Record<string, ResourceModule>> = {
  'access-requests': accessRequests,
  audit,
  awards,
  backups,
  changes,
  commentary,
  'commentary-uploads': commentaryUploads,
  competitions,
  'contest-updates': contestUpdates,
  critiques,
  divisions,
  draws,
  events,
  'group-accounts': groupAccounts,
  'group-contests': groupContests,
  groups,
  itineraries,
  'judge-seasons': judgeSeasons,
  judges,
  me,
  performances,
  registrations,
  review,
  schedules,
  'score-sheets': scoreSheets,
  seasons,
  standings,
  tablets,
  users,
};

/**
 * v4: no path prefix, camelCase, lists wrapped in {data}; our score entry extension. One module per resource, its
 * reads and writes together (<resource>.routes.ts declares, <resource>.ts serves). Every write body is checked at
 * the door, and every write request is one unit of work (http/write-unit.ts), but the few unlocked writes
 * (an append streamed to storage, a recording's finish, a tablet's heartbeat), mounted first: a route answered
 * before the unit's middleware is registered never reaches it.
 */
export function v4Routes(services: Services) {
  const router = newRouter();
  for (const module of Object.values(RESOURCE_MODULES)) {
    if (module.unlocked) router.route('/', module.unlocked(services));
  }
  router.use('*', checkWriteBody, writeUnit(services));
  for (const module of Object.values(RESOURCE_MODULES)) router.route('/', module.resource(services));
  return router;
}

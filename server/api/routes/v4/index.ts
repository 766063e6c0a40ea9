import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { checkWriteBody } from '../../http/write-body.js';
import { writeUnit } from '../../http/write-unit.js';
import { eventRoutes } from './events.js';
import { groupRoutes } from './groups.js';
import { divisionRoutes } from './divisions.js';
import { seasonRoutes } from './seasons.js';
import { competitionRoutes } from './competitions.js';
import { performanceRoutes } from './performances.js';
import { standingsRoutes } from './standings.js';
import { judgeRoutes } from './judges.js';

/**
 * v4: no path prefix, camelCase, lists wrapped in {data}; our score entry extension. One module per resource, its
 * reads and writes together (<resource>.routes.ts declares, <resource>.ts serves). Every write body is checked at
 * the door, and every write request is one unit of work (http/write-unit.ts).
 */
export function v4Routes(services: Services) {
  const router = newRouter();
  router.use('*', checkWriteBody, writeUnit(services));
  return router
    .route('/', eventRoutes(services))
    .route('/', groupRoutes(services))
    .route('/', divisionRoutes(services))
    .route('/', seasonRoutes(services))
    .route('/', competitionRoutes(services))
    .route('/', performanceRoutes(services))
    .route('/', standingsRoutes(services))
    .route('/', judgeRoutes(services));
}

import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { checkWriteBody } from './body.js';
import { idempotency } from './idempotency.js';
import { groupWriteRoutes } from './groups.js';
import { eventWriteRoutes } from './events.js';
import { performanceWriteRoutes } from './performances.js';
import { scoreWriteRoutes } from './scores.js';

/** v4 create/update/delete operations and score entry (our extension). */
export function writeRoutes(services: Services) {
  const router = newRouter();
  router.use('*', checkWriteBody);
  router.use('*', idempotency(services));
  return router
    .route('/', groupWriteRoutes(services))
    .route('/', eventWriteRoutes(services))
    .route('/', performanceWriteRoutes(services))
    .route('/', scoreWriteRoutes(services));
}

import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { eventRoutes } from './events.js';
import { groupRoutes } from './groups.js';
import { referenceRoutes } from './reference.js';
import { competitionRoutes } from './competitions.js';
import { standingsRoutes } from './standings.js';

/** v4: no path prefix, camelCase, lists wrapped in {data}. */
export function v4Routes(services: Services) {
  return newRouter()
    .route('/', eventRoutes(services))
    .route('/', groupRoutes(services))
    .route('/', referenceRoutes(services))
    .route('/', competitionRoutes(services))
    .route('/', standingsRoutes(services));
}

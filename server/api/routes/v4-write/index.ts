import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';

/** v4 create/update/delete operations and score entry. */
export function writeRoutes(_services: Services) {
  return newRouter();
}

/** GET /audit/: the organization's audit trail, oldest first, paged by seq. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { listAuditEntries } from '../../db/repositories/audit-log.js';
import { etaggedJson } from '../../http/cached-json.js';
import * as routes from './audit.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(routes.listAudit, async (c) => {
    const { competitionId, since, limit = 1000 } = c.req.valid('query');
    const entries = await listAuditEntries(db, c.get('auth').orgId, { competitionId, sinceSeq: since, limit });
    return etaggedJson(c, { data: entries }, { 'cache-control': 'no-store' });
  });
}

/** GET /backups/status: the server's backups (server/api/backup/), the same for every organization it serves. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { backupLogOf } from '../../backup/backup-log.js';
import * as routes from './backups.routes.js';

export function resource(services: Services) {
  const { config, database } = services;
  const automatic = Boolean(config.backup.folder) && database.kind === 'pglite';
  return newRouter().openapi(routes.getBackupStatus, (c) => {
    const log = backupLogOf(database);
    return c.json(
      {
        automatic,
        everyMinutes: automatic ? config.backup.everyMinutes : null,
        keep: automatic ? config.backup.keep : null,
        last: log.last,
        lastFailure: log.failure,
      },
      200,
      { 'cache-control': 'no-store' },
    );
  });
}

/** The server's backups as the console shows them: declarations (served by backups.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { errorResponses } from '../schemas/common.js';

export const BackupStatus = z
  .object({
    automatic: z.boolean().openapi({
      description: 'whether the server writes backups by itself (BACKUP_DIR set, the embedded database)',
    }),
    everyMinutes: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'BACKUP_EVERY_MINUTES while automatic; null otherwise' }),
    keep: z.number().int().nullable().openapi({ description: 'BACKUP_KEEP while automatic; null otherwise' }),
    last: z
      .object({
        at: z.string().openapi({ description: "when its database's files were taken (ISO 8601, UTC)" }),
        file: z.string().openapi({ description: "the backup file's name (without its folder)" }),
        bytes: z.number().int(),
        automatic: z.boolean().openapi({ description: 'false for one made by `backup create`' }),
      })
      .nullable()
      .openapi({ description: 'the newest backup this server made or found in BACKUP_DIR; null for none' }),
    lastFailure: z
      .object({ at: z.string(), message: z.string() })
      .nullable()
      .openapi({ description: 'the newest automatic backup that failed, while none succeeded after it' }),
  })
  .openapi('BackupStatus');

export const getBackupStatus = createRoute(
  permitted('read-backups', {
    method: 'get',
    path: '/backups/status',
    summary:
      "When the server's last backup of the show's data was made, and whether it writes them by itself. The console warns while automatic when the last is older than twice the interval, or there is none",
    responses: {
      200: {
        description: "The server's backups",
        content: { 'application/json': { schema: BackupStatus } },
      },
      ...errorResponses,
    },
  }),
);

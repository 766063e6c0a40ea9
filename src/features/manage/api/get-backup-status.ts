import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type BackupStatus = components['schemas']['BackupStatus'];

/**
 * When the server's last backup was made (decision 114). Not part of the console's stream of changes: asked every
 * minute, which is finer than any interval a backup folder is written at.
 */
export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: manageKeys.backups(),
    queryFn: ({ signal }) => getAsUser('/backups/status', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

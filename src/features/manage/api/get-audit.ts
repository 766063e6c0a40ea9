import { queryOptions } from '@tanstack/react-query';
import { getAsUser, type UserResult } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditList = { data: AuditEntry[] };

/**
 * The competition's audit trail (its first 1,000 entries: a show's writes are some hundreds). It also tells each
 * caption entry's state (draft or submitted), which progress counts but does not name per performance.
 */
export const auditQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.audit(competitionId),
    queryFn: ({ signal, client, queryKey }) =>
      getAsUser('/audit/', {
        query: { competitionId, limit: 1000 },
        signal,
        previous: client.getQueryData<UserResult<AuditList>>(queryKey),
      }),
    // Asked again when the console's stream says something changed (use-console-stream.ts), not on a timer.
    staleTime: 0,
  });

import { queryOptions } from '@tanstack/react-query';
import { getUpstream } from '../../../lib/api-client';
import type { JudgeStore } from '../queue/judge-store';
import { judgingKeys } from './keys';

/**
 * The signed-in caller (the BFF forwards it with the user's token; 401 without a session). Kept on the device, so a
 * page opened offline still knows whose entries are whose (a correction is an entry by someone else).
 */
export const meQueryOptions = (store: JudgeStore) =>
  queryOptions({
    queryKey: judgingKeys.me(),
    queryFn: async ({ signal }) => {
      const { body } = await getUpstream('/me', { signal });
      await store.saveMe(body);
      return body;
    },
    ...judgeReadOptions,
  });

/**
 * A judge's reads are tried even when the browser says it is offline (the saved copy is the device store's, never
 * the service worker's), fail at once rather than retry into a paused query, and are read again on reconnect.
 */
export const judgeReadOptions = {
  networkMode: 'always',
  retry: false,
  staleTime: 30_000,
  refetchOnReconnect: 'always',
} as const;

import { queryOptions } from '@tanstack/react-query';
import { getUpstream } from '../../../lib/api-client';
import type { JudgeStore } from '../queue/judge-store';
import { judgeReadOptions } from './get-me';
import { judgingKeys } from './keys';

/**
 * The caller's seats with their sheets, running orders and entries (GET /me/seats, `no-store`). Each answer is saved
 * in the device store before it is shown: a reload without a network opens the same seats, and each entry becomes its
 * sheet's server copy (a change by a tabulator shows; entries waiting keep their base, judge-store.ts saveSeats).
 */
export const mySeatsQueryOptions = (store: JudgeStore) =>
  queryOptions({
    queryKey: judgingKeys.seats(),
    queryFn: async ({ signal }) => {
      const { body } = await getUpstream('/me/seats', { signal });
      await store.saveSeats(body.data, Date.now());
      return body.data;
    },
    ...judgeReadOptions,
  });

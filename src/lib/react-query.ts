import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api/core';
import { OFFLINE_CODE } from './saved-copy-header';

/** Scores change during a show; everything else changes a few times a season. */
export const LIVE_REFETCH_MS = 15_000;

const MAX_RETRIES = 2;

export const queryDefaults: DefaultOptions = {
  queries: {
    // Results are read far more often than they change; a live competition refetches on its own interval.
    staleTime: 60_000,
    gcTime: 10 * 60_000,
    // A 4xx will not get better by asking again; a 5xx or a dropped connection might. Offline and never saved
    // (the worker's answer) neither: the page says so at once and loads when the connection is back.
    retry: (failureCount, error) =>
      failureCount < MAX_RETRIES &&
      !(isApiError(error) && ((error.status >= 400 && error.status < 500) || error.code === OFFLINE_CODE)),
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}

export const queryClient = createQueryClient();

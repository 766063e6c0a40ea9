import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Scores change during a show; everything else changes a few times a season. */
export const LIVE_REFETCH_MS = 15_000;

const MAX_RETRIES = 2;

export const queryDefaults: DefaultOptions = {
  queries: {
    // Results are read far more often than they change; a live competition refetches on its own interval.
    staleTime: 60_000,
    gcTime: 10 * 60_000,
    // Ask even when the browser says it is offline: the service worker answers from its saved copies (decision
    // 038). 'online' would pause the read instead.
    networkMode: 'offlineFirst',
    // Back online, what is on screen is read again even if it looks fresh: it may be a saved copy (a page the worker
    // served from its cache hydrates with the time it was first rendered), and the numbers may have changed.
    refetchOnReconnect: 'always',
    // A 4xx will not get better by asking again; a 5xx or a dropped connection might.
    retry: (failureCount, error) =>
      failureCount < MAX_RETRIES && !(isApiError(error) && error.status >= 400 && error.status < 500),
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}

export const queryClient = createQueryClient();

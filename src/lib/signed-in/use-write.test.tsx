import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/core';
import { useWrite } from './use-write';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

afterEach(() => onlineManager.setOnline(true));

describe('a signed-in write', () => {
  it('reads again what it made stale, by prefix, before it counts as done', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(['manage', 'setup', 'seasons'], 'before');
    queryClient.setQueryData(['manage', 'setup', 'users'], 'untouched');
    const seen: unknown[] = [];
    const { result } = renderHook(
      () =>
        useWrite({
          write: (name: string) => Promise.resolve(`${name} saved`),
          stale: () => [['manage', 'setup', 'seasons']],
          // by then the seasons are stale (an open page's query would have been read again and awaited)
          onSuccess: (answer) =>
            seen.push(answer, queryClient.getQueryState(['manage', 'setup', 'seasons'])?.isInvalidated),
        }),
      { wrapper },
    );
    act(() => result.current.mutate('2027'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe('2027 saved');
    expect(seen).toEqual(['2027 saved', true]);
    expect(queryClient.getQueryState(['manage', 'setup', 'users'])?.isInvalidated).toBe(false);
  });

  it('is sent while the browser says it is offline, its refusal then the error (never a paused "Saving…")', async () => {
    const { queryClient, wrapper } = setup();
    onlineManager.setOnline(false);
    const refusal = new ApiError(0, 'network_error', null);
    const write = vi.fn(() => Promise.reject(refusal));
    queryClient.setQueryData(['manage', 'competition', 7], 'grid');
    const { result } = renderHook(
      () => useWrite({ write, stale: () => [['manage', 'competition', 7]], refreshAfterRefusal: true }),
      { wrapper },
    );
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(write).toHaveBeenCalledTimes(1);
    expect(result.current.error).toBe(refusal);
    expect(queryClient.getQueryState(['manage', 'competition', 7])?.isInvalidated).toBe(true);
  });
});

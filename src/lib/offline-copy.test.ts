import { onlineManager, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { askAgainWhileSaved, nextSavedAt } from './offline-copy';

const at = (iso: string) => Date.parse(iso);

describe('nextSavedAt: saved copy or live', () => {
  it('a fresh answer is live', () => {
    expect(nextSavedAt(undefined, { savedAt: null })).toBeUndefined();
  });

  it('a saved answer says when it was saved', () => {
    expect(nextSavedAt(undefined, { savedAt: 'Tue, 24 Nov 2026 12:30:00 GMT' })).toBe(at('2026-11-24T12:30:00Z'));
  });

  it('several saved answers say the oldest instant', () => {
    const first = nextSavedAt(undefined, { savedAt: '2026-11-24T12:30:00Z' });
    expect(nextSavedAt(first, { savedAt: '2026-11-24T10:00:00Z' })).toBe(at('2026-11-24T10:00:00Z'));
    expect(nextSavedAt(first, { savedAt: '2026-11-24T13:00:00Z' })).toBe(at('2026-11-24T12:30:00Z'));
  });

  it('a fresh answer after saved ones makes the page live again', () => {
    const saved = nextSavedAt(undefined, { savedAt: '2026-11-24T12:30:00Z' });
    expect(nextSavedAt(saved, { savedAt: null })).toBeUndefined();
  });

  it('an unreadable instant is still a saved copy, never live', () => {
    const saved = nextSavedAt(at('2026-11-24T09:00:00Z'), { savedAt: 'garbage' });
    expect(saved).toBe(at('2026-11-24T09:00:00Z'));
    expect(nextSavedAt(undefined, { savedAt: '' })).toEqual(expect.any(Number));
  });
});

describe('askAgainWhileSaved: back online, saved copies are asked again until a fresh answer', () => {
  it('asks 2 s after the network is back, then twice as long each time, and stops once the page is live', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const refetch = vi.spyOn(client, 'refetchQueries').mockResolvedValue(undefined);
      let saved = true;
      onlineManager.setOnline(false);
      const stop = askAgainWhileSaved(client, () => saved);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(refetch).not.toHaveBeenCalled(); // offline: nothing asked
      onlineManager.setOnline(true);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(refetch).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(refetch).toHaveBeenCalledTimes(1); // the first answers failed: asked again
      await vi.advanceTimersByTimeAsync(4_000);
      expect(refetch).toHaveBeenCalledTimes(2);
      saved = false; // a fresh answer came
      await vi.advanceTimersByTimeAsync(60_000);
      expect(refetch).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
      onlineManager.setOnline(true);
    }
  });
});

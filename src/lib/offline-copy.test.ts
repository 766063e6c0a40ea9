import { describe, expect, it } from 'vitest';
import { nextSavedAt } from './offline-copy';

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

import { useSyncExternalStore } from 'react';
import type { GroupAddress } from '../config/paths';

/**
 * What a fan follows, kept in this browser only (no account): groups by the identity group pages use (v2's name and
 * the circuit's identifier), each with its own notification opt-in, and divisions by name. One versioned key in
 * localStorage, so following survives reloads and app updates; a change in another tab reaches this one through the
 * `storage` event.
 */
export interface FollowedGroup extends GroupAddress {
  /** Opt-in: tell this browser when the group's scores are released. */
  notify: boolean;
}

export interface Following {
  groups: readonly FollowedGroup[];
  divisions: readonly string[];
}

export const FOLLOWING_STORAGE_KEY = 'marching-results:following:v1';
const EMPTY: Following = Object.freeze({ groups: [], divisions: [] });
/** Bounds what a tampered or ancient entry can make the app hold. */
const MAX_ENTRIES = 200;
const MAX_TEXT = 200;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEXT;

/** Reads what was stored, dropping anything that is not a well-formed entry (a hand-edited or future key). */
export function parseFollowing(text: string | null): Following {
  if (!text) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return EMPTY;
  }
  if (typeof value !== 'object' || value === null) return EMPTY;
  const { groups, divisions } = value as { groups?: unknown; divisions?: unknown };
  const groupList = (Array.isArray(groups) ? (groups as unknown[]) : []).filter(
    (group): group is Partial<Record<keyof FollowedGroup, unknown>> => typeof group === 'object' && group !== null,
  );
  const divisionList: unknown[] = Array.isArray(divisions) ? divisions : [];
  return {
    groups: groupList
      .filter(
        (group): group is FollowedGroup => isText(group.name) && group.name !== '' && isText(group.orgGroupIdentifier),
      )
      .slice(0, MAX_ENTRIES)
      .map((group) => ({
        name: group.name,
        orgGroupIdentifier: group.orgGroupIdentifier,
        notify: group.notify === true,
      })),
    divisions: divisionList.filter((name): name is string => isText(name) && name !== '').slice(0, MAX_ENTRIES),
  };
}

const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cached: Following = EMPTY;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

export function readFollowing(): Following {
  const text = storage()?.getItem(FOLLOWING_STORAGE_KEY) ?? null;
  if (text !== cachedText) {
    cachedText = text;
    cached = parseFollowing(text);
  }
  return cached;
}

export function writeFollowing(update: (current: Following) => Following): void {
  const next = update(readFollowing());
  storage()?.setItem(FOLLOWING_STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === FOLLOWING_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What this browser follows; the server render (and the first client render) sees nothing followed. */
export function useFollowing(): Following {
  return useSyncExternalStore(subscribe, readFollowing, () => EMPTY);
}

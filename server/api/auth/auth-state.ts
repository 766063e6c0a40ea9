/**
 * What every instance must know to accept a token: the signing keys and the revoked applications. Read at start,
 * again on every auth_changed notification (a rotation or a revocation by the CLI, on any instance's database),
 * after a gap in notifications, and, on PostgreSQL, every RECHECK_MS, so a lost notification holds a change back
 * for seconds at most (docs/decisions/009-signing-keys-and-revocation.md). The embedded database has one process,
 * so nothing can change behind it and it is not polled.
 */
import type { Database } from '../db/database.js';
import { describeDbError } from '../db/failures.js';
import { AUTH_CHANGED_CHANNEL } from '../db/repositories/auth-changes.js';
import { recentlyRevokedApplicationIds } from '../db/repositories/applications.js';
import { ensureActiveSigningKey, listVerifyingKeys } from '../db/repositories/signing-keys.js';
import { keyRingFrom, newSigningKey, type KeyRing } from './key-ring.js';
import { findUserStanding, type UserStanding } from '../db/repositories/users.js';

export const RECHECK_MS = 5_000;
/** Unknown key ids make at most one re-read per this interval (someone may just have rotated). */
const UNKNOWN_KID_RELOAD_MS = 1_000;
/**
 * How long past its retirement a key may still have signed (instances pick up a rotation within RECHECK_MS), and
 * how long past its revocation an application's token may still have been issued (a request already under way).
 */
export const CHANGE_PICKUP_GRACE_SECONDS = 60;

/** How long a retired key (or a revocation) still matters: its last tokens may live this long after it. */
export function keyKeepSeconds(tokenTtlSeconds: number): number {
  return tokenTtlSeconds + CHANGE_PICKUP_GRACE_SECONDS;
}

export interface AuthState {
  keys(): KeyRing;
  isRevoked(applicationId: number): boolean;
  /**
   * The user's role and whether it may still act, as this instance last read it (read on first use, forgotten
   * at every re-read, so a role change or a disabling takes effect as soon as a revocation does).
   */
  user(userId: number): Promise<UserStanding | undefined>;
  /** Re-reads keys and revocations (one read at a time; callers share it). */
  refresh(): Promise<void>;
  /** refresh(), unless one ran less than a second ago: for a token whose key id is not known here yet. */
  refreshForUnknownKey(): Promise<void>;
  close(): void;
}

export async function createAuthState(database: Database, options: { tokenTtlSeconds: number }): Promise<AuthState> {
  const { db } = database;
  const keepSeconds = keyKeepSeconds(options.tokenTtlSeconds);
  await ensureActiveSigningKey(db, newSigningKey);

  let keys = keyRingFrom(await listVerifyingKeys(db, keepSeconds));
  let revoked = new Set(await recentlyRevokedApplicationIds(db, keepSeconds));
  let users = new Map<number, Promise<UserStanding | undefined>>();
  let running: Promise<void> | undefined;
  let lastRead = Date.now();
  let closed = false;

  const read = async () => {
    const [rows, ids] = await Promise.all([
      listVerifyingKeys(db, keepSeconds),
      recentlyRevokedApplicationIds(db, keepSeconds),
    ]);
    keys = keyRingFrom(rows, keys);
    revoked = new Set(ids);
    users = new Map();
  };
  const refresh = (): Promise<void> => {
    if (closed) return Promise.resolve();
    running ??= read()
      .catch((error: unknown) => {
        // Keep what we knew; the next notification or re-check tries again.
        console.error(
          JSON.stringify({
            level: 'warn',
            msg: 'Could not re-read signing keys and revocations',
            ...describeDbError(error),
          }),
        );
      })
      .finally(() => {
        lastRead = Date.now();
        running = undefined;
      });
    return running;
  };

  await database.listen(
    AUTH_CHANGED_CHANNEL,
    () => void refresh(),
    () => void refresh(),
  );
  const timer = database.kind === 'postgres' ? setInterval(() => void refresh(), RECHECK_MS) : undefined;
  timer?.unref();

  return {
    keys: () => keys,
    isRevoked: (applicationId) => revoked.has(applicationId),
    user: (userId) => {
      let standing = users.get(userId);
      if (!standing) {
        const map = users;
        standing = findUserStanding(db, userId);
        // a failed read is not remembered: the next request asks again
        standing.catch(() => map.delete(userId));
        map.set(userId, standing);
      }
      return standing;
    },
    refresh,
    refreshForUnknownKey: () => {
      if (running) return running;
      return Date.now() - lastRead < UNKNOWN_KID_RELOAD_MS ? Promise.resolve() : refresh();
    },
    close: () => {
      closed = true;
      clearInterval(timer);
    },
  };
}

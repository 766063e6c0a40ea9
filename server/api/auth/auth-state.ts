/**
 * What every instance must know to accept a token: the signing keys, the revoked applications and the single tokens
 * revoked (sign-outs, decision 118), and the users' standing. Read at start,
 * again on every auth_changed notification (a rotation or a revocation by the CLI, on any instance's database),
 * after a gap in notifications, and, on PostgreSQL, every RECHECK_MS, so a lost notification holds a change back
 * for seconds at most (docs/decisions/009-signing-keys-and-revocation.md). The embedded database has one process,
 * so nothing can change behind it and it is not polled.
 */
import type { Database } from '../db/database.js';
import { describeDbError } from '../db/failures.js';
import { AUTH_CHANGED_CHANNEL } from '../db/repositories/auth-changes.js';
import { recentlyRevokedApplicationIds } from '../db/repositories/applications.js';
import { listRevokedTokens, type RevokedToken } from '../db/repositories/revoked-tokens.js';
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
  /** whether the token with this jti was revoked (signed out) */
  isTokenRevoked(jti: string): boolean;
  /** this instance's own revocation of a token, known here before the notification comes back */
  noteTokenRevoked(jti: string, expiresAtMs: number): void;
  /**
   * The user's standing (role, disabled, session version) as this instance last read it: read on first use,
   * forgotten at every re-read, and never answered while a re-read is under way, so a role change, a disabling or a
   * new password takes effect on the first request after the instance hears of it.
   */
  user(userId: number): Promise<UserStanding | undefined>;
  /**
   * Re-reads keys, revocations and users. One read at a time; a call while one runs gets one more read after it
   * (the running one may have started before the change it was called for).
   */
  refresh(): Promise<void>;
  /** refresh(), unless one ran less than a second ago: for a token whose key id is not known here yet. */
  refreshForUnknownKey(): Promise<void>;
  close(): void;
}

/**
 * Token revocations are read incrementally: each read asks for those recorded after the newest one seen, less this
 * much (a revocation's time is its transaction's start, so one may commit a moment after a later one was read).
 */
const REVOCATION_OVERLAP_MS = CHANGE_PICKUP_GRACE_SECONDS * 1000;

export async function createAuthState(
  database: Database,
  options: { tokenTtlSeconds: number },
  /** the clock tokens are checked by (TokenService's): a revocation is forgotten once its token has expired */
  now: () => number = Date.now,
): Promise<AuthState> {
  const { db } = database;
  const keepSeconds = keyKeepSeconds(options.tokenTtlSeconds);
  await ensureActiveSigningKey(db, newSigningKey);

  let keys = keyRingFrom(await listVerifyingKeys(db, keepSeconds));
  let revoked = new Set(await recentlyRevokedApplicationIds(db, keepSeconds));
  /** jti → when its token expires (epoch ms) */
  const revokedTokens = new Map<string, number>();
  let newestRevocationMs: number | undefined;
  const learnRevocations = (rows: RevokedToken[]) => {
    for (const row of rows) {
      revokedTokens.set(row.jti, row.expiresAt.getTime());
      newestRevocationMs = Math.max(newestRevocationMs ?? 0, row.revokedAt.getTime());
    }
    const current = now();
    for (const [jti, expiresAtMs] of revokedTokens)
      if (expiresAtMs < current - REVOCATION_OVERLAP_MS) revokedTokens.delete(jti);
  };
  learnRevocations(await listRevokedTokens(db));
  let users = new Map<number, Promise<UserStanding | undefined>>();
  let running: Promise<void> | undefined;
  /** the read after the running one, for those who asked while it ran */
  let queued: Promise<void> | undefined;
  let lastRead = Date.now();
  let closed = false;

  const read = async () => {
    const since = newestRevocationMs === undefined ? undefined : new Date(newestRevocationMs - REVOCATION_OVERLAP_MS);
    const [rows, ids, tokens] = await Promise.all([
      listVerifyingKeys(db, keepSeconds),
      recentlyRevokedApplicationIds(db, keepSeconds),
      listRevokedTokens(db, since),
    ]);
    keys = keyRingFrom(rows, keys);
    revoked = new Set(ids);
    learnRevocations(tokens);
    users = new Map();
  };
  const start = (): Promise<void> =>
    (running = read()
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
      }));
  const refresh = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (queued) return queued;
    if (running) {
      queued = running.then(() => {
        queued = undefined;
        return start();
      });
      return queued;
    }
    return start();
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
    isTokenRevoked: (jti) => revokedTokens.has(jti),
    noteTokenRevoked: (jti, expiresAtMs) => void revokedTokens.set(jti, expiresAtMs),
    user: async (userId) => {
      // A re-read under way was asked for by a change: answer what it reads, not what it is about to forget.
      for (let pending = queued ?? running; pending; pending = queued ?? running) await pending;
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
      const pending = queued ?? running;
      if (pending) return pending;
      return Date.now() - lastRead < UNKNOWN_KID_RELOAD_MS ? Promise.resolve() : refresh();
    },
    close: () => {
      closed = true;
      clearInterval(timer);
    },
  };
}

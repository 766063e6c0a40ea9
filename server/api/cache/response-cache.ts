/**
 * Computed read responses, kept per organization and keyed by the organization's data version.
 *
 * Every write transaction bumps org_versions.version and sends NOTIFY org_changed '<orgId>:<version>'
 * (server/api/db/repositories/org-version.ts). Each API instance listens and drops that organization's entries, so a
 * write on any instance invalidates the caches of all of them. A write request also calls invalidate() itself
 * right after its commit (http/write-unit.ts), so a read that follows it on the same instance never waits for the
 * notification.
 *
 * An entry is known to be current only while the notifications are known to arrive: the listening connection was
 * up (and answering its heartbeat) when the entry was computed and has not been lost since
 * (Database.notificationsLive). Losing it drops every entry and the cache neither serves nor stores until it listens
 * again (then drops everything once more: what changed meanwhile was never announced). Meanwhile reads go to the
 * database, or answer 503 if it is down too (docs/decisions/048-database-timeouts-and-outages.md).
 * docs/decisions/001-read-cache.md has the reasoning.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';

export interface CachedResponse {
  status: number;
  /** the serialized body (UTF-8), in an ArrayBuffer of its own that every answer sending it shares */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** response headers that belong to the content (paging: X-Total-Count, Link) */
  headers: Record<string, string>;
}

/** A computed answer: a value sent as JSON, or text already written (a published HTML page). */
export type ComputedResponse = { status: number; headers?: Record<string, string> } & (
  { value: unknown } | { text: string }
);

export interface ResponseCache {
  /** The cached response for this organization and key, computing (once, however many wait) on a miss. */
  get(orgId: number, key: string, compute: () => Promise<ComputedResponse>): Promise<CachedResponse>;
  invalidate(orgId: number): void;
  stats(): { entries: number; hits: number; misses: number };
  close(): void;
}

const MAX_ENTRIES = Number(process.env.API_CACHE_ENTRIES ?? 5000);
const utf8 = new TextEncoder();

function respond(computed: ComputedResponse): CachedResponse {
  const { status, headers = {} } = computed;
  // Not Buffer.from: a small Buffer is a slice of a shared 8 KB pool, which a cached entry would keep alive.
  const body = utf8.encode('text' in computed ? computed.text : JSON.stringify(computed.value));
  return { status, body, headers, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export async function createResponseCache(database: Database): Promise<ResponseCache> {
  const entries = new Map<string, CachedResponse & { orgId: number }>();
  const inflight = new Map<string, Promise<CachedResponse>>();
  /** bumped on every invalidation of an org, so a computation that raced a write is not stored */
  const generations = new Map<number, number>();
  /** bumped on every gap in notifications: a computation begun before one is not stored */
  let epoch = 0;
  let hits = 0;
  let misses = 0;

  const invalidate = (orgId: number) => {
    generations.set(orgId, (generations.get(orgId) ?? 0) + 1);
    for (const [key, entry] of entries) if (entry.orgId === orgId) entries.delete(key);
    for (const key of inflight.keys()) if (key.startsWith(`${orgId}|`)) inflight.delete(key);
  };

  const invalidateAll = () => {
    epoch++;
    for (const orgId of new Set([...generations.keys(), ...[...entries.values()].map((entry) => entry.orgId)]))
      invalidate(orgId);
    inflight.clear();
  };
  await database.listen(
    'org_changed',
    (payload) => {
      const orgId = Number(payload.split(':')[0]);
      if (Number.isInteger(orgId)) invalidate(orgId);
    },
    invalidateAll,
  );

  return {
    async get(orgId, key, compute) {
      const fullKey = `${orgId}|${key}`;
      // Nothing here is known to be current while notifications may be missed (entries were dropped on the gap).
      if (!database.notificationsLive()) return respond(await compute());
      const hit = entries.get(fullKey);
      if (hit) {
        hits++;
        // refresh recency for the LRU bound
        entries.delete(fullKey);
        entries.set(fullKey, hit);
        return hit;
      }
      const running = inflight.get(fullKey);
      if (running) return running;
      misses++;
      const generation = generations.get(orgId) ?? 0;
      const startEpoch = epoch;
      const work = (async () => {
        const response = respond(await compute());
        if (
          (generations.get(orgId) ?? 0) === generation &&
          epoch === startEpoch &&
          database.notificationsLive() &&
          response.status === 200
        ) {
          entries.set(fullKey, { ...response, orgId });
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        }
        return response;
      })();
      inflight.set(fullKey, work);
      try {
        return await work;
      } finally {
        if (inflight.get(fullKey) === work) inflight.delete(fullKey);
      }
    },
    invalidate,
    stats: () => ({ entries: entries.size, hits, misses }),
    close: () => {
      entries.clear();
      inflight.clear();
    },
  };
}

/**
 * The organizations' changes as they commit, for whoever keeps a stream open (GET /changes, routes/v4/changes.ts):
 * the same notification that drops every instance's cached reads (org_changed, `<orgId>:<version>`, sent by the
 * version bump every write unit starts with and delivered by the database only once that write commits) fanned out
 * here to this instance's listeners of that organization. On PostgreSQL a write on any instance reaches every
 * instance's listeners; on the embedded database there is one instance. When notifications may have been missed
 * (the listening connection was lost, or is back), every listener hears a gap.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rowsOf } from '../db/migrate.js';
import { ORG_CHANGED_CHANNEL } from '../db/repositories/org-version.js';

/** A committed change of the organization (its data version now), or a gap: changes may have gone unheard. */
export type OrgChange = { kind: 'change'; version: number } | { kind: 'gap' } | { kind: 'closing' };
export type OrgChangeListener = (change: OrgChange) => void;

export interface OrgChanges {
  /** hears the organization's changes until the returned function is called */
  subscribe(orgId: number, listener: OrgChangeListener): () => void;
  /** the organization's data version now (0 before its first write) */
  versionOf(orgId: number): Promise<number>;
  readonly listeners: number;
  /** tells every listener the server is closing */
  close(): void;
}

export async function createOrgChanges(database: Database): Promise<OrgChanges> {
  const byOrg = new Map<number, Set<OrgChangeListener>>();
  let count = 0;
  const tell = (listeners: Iterable<OrgChangeListener>, change: OrgChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  await database.listen(
    ORG_CHANGED_CHANNEL,
    (payload) => {
      const [orgText, versionText] = payload.split(':');
      const listeners = byOrg.get(Number(orgText));
      const version = Number(versionText);
      if (listeners && Number.isSafeInteger(version)) tell(listeners, { kind: 'change', version });
    },
    () => {
      for (const listeners of byOrg.values()) tell(listeners, { kind: 'gap' });
    },
  );
  return {
    subscribe(orgId, listener) {
      let listeners = byOrg.get(orgId);
      if (!listeners) byOrg.set(orgId, (listeners = new Set()));
      listeners.add(listener);
      count++;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        count--;
        listeners.delete(listener);
        if (listeners.size === 0 && byOrg.get(orgId) === listeners) byOrg.delete(orgId);
      };
    },
    async versionOf(orgId) {
      const result = await database.db.execute(sql`SELECT version FROM org_versions WHERE org_id = ${orgId}`);
      return Number(rowsOf<{ version: string | number }>(result)[0]?.version ?? 0);
    },
    get listeners() {
      return count;
    },
    close() {
      for (const listeners of byOrg.values()) tell(listeners, { kind: 'closing' });
    },
  };
}

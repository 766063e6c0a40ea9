/**
 * The short audited transaction of a write that runs outside the write unit (http/write-unit.ts) because most of
 * its work must not hold the database: finishing a recording joins its uploads first, statement by statement, and
 * only then makes it current in here. Like the write unit: the organization's lock (and the writer) first, the
 * change, and its audit entry (who, before, after, why) in the same transaction (docs/decisions/062-audit-chain.md).
 */
import type { Context } from 'hono';
import type { AppEnv } from './context.js';
import type { Services } from '../services.js';
import { appendAuditEntry, auditHeadOf } from '../db/repositories/audit-log.js';
import { snapshotOf, type AuditResourceType } from '../db/repositories/audit-snapshots.js';
import { lockForWrite } from './write-unit.js';

export async function auditedWrite<T>(
  services: Services,
  c: Context<AppEnv>,
  audit: { action: string; resource: AuditResourceType; id: number; reason: string | null },
  work: () => Promise<T>,
): Promise<T> {
  const { database } = services;
  const auth = c.get('auth');
  return database.transaction(async (tx) => {
    const db = database.db;
    const actor = await lockForWrite(tx, auth);
    const before = await snapshotOf(db, auth.orgId, audit.resource, audit.id);
    const result = await work();
    const after = await snapshotOf(db, auth.orgId, audit.resource, audit.id);
    if (JSON.stringify(before?.state) !== JSON.stringify(after?.state))
      await appendAuditEntry(
        tx,
        auth.orgId,
        {
          actor,
          action: audit.action,
          resource: { type: audit.resource, id: String(audit.id) },
          competitionId: after?.competitionId ?? before?.competitionId,
          before: before?.state ?? null,
          after: after?.state ?? null,
          reason: audit.reason,
        },
        await auditHeadOf(tx, auth.orgId),
      );
    return result;
  });
}

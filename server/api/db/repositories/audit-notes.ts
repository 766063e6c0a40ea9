/**
 * What a write did besides the change its route declares, for the audit trail: a score change that withdrew a
 * chief judge's sign-off records that as an entry of its own (decision 082). Repositories note it here; the write
 * unit (http/write-unit.ts) collects the notes of its request and appends them after the request's own entry, in
 * the same transaction, with the same actor and reason. Outside a write request (the CLI, tests calling
 * repositories) nothing collects them and a note is dropped, as those writes are not audited at all (decision 062).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface AuditNote {
  action: string;
  resource: { type: string; id: string | null };
  competitionId: number | null;
  before: unknown;
  after: unknown;
}

const collector = new AsyncLocalStorage<AuditNote[]>();

/** Runs `work` collecting into `notes` what the repositories it calls note. */
export function collectAuditNotes<T>(notes: AuditNote[], work: () => Promise<T>): Promise<T> {
  return collector.run(notes, work);
}

export function noteForAudit(note: AuditNote): void {
  collector.getStore()?.push(note);
}

/**
 * What a score write's caller may do with caption entries (docs/decisions/080-entry-states-and-conflicts.md), and
 * its refusals as problems: the score routes' shared part between the permission guard and the repository.
 */
import type { Context } from 'hono';
import type { AppEnv } from './context.js';
import { forbidden } from './permissions.js';
import { ApiProblem } from './problem.js';
import { reasonOf, requestActor } from './write-unit.js';
import { EntryRefused, type EntryWriter } from '../db/repositories/scores.write.js';

/**
 * The writer of a score route: a caller that passed the guard with `enter-scores` writes any caption, submitted as
 * written; one that passed with `enter-seated-scores` (a judge) writes its own seats only, as drafts until it
 * submits. The reason is the body's, else X-Audit-Reason; the body's is what the audit trail records.
 */
export function entryWriter(c: Context<AppEnv>, bodyReason: string | undefined): EntryWriter {
  return { ...entryWriterOf(c, bodyReason), actor: requestActor(c) };
}

/** The same but for the writer's name, for a write outside the write unit (a batch reads it: entry-batches.ts). */
export function entryWriterOf(c: Context<AppEnv>, bodyReason: string | undefined): Omit<EntryWriter, 'actor'> {
  const auth = c.get('auth');
  if (bodyReason !== undefined) c.set('reason', bodyReason);
  const scope = c.get('permission') === 'enter-scores' ? 'any' : 'seated';
  return {
    scope,
    userId: auth.userId,
    reason: bodyReason ?? reasonOf(c),
    // keys keep the access they always had (scripts re-entering a caption); people say why they correct
    reasonForCorrections: auth.userId !== undefined,
  };
}

/** A refused entry as the client sees it: 409 with the entry as it is now, or 403 for a caption not the judge's. */
export function entryProblem(c: Context<AppEnv>, error: unknown): unknown {
  if (!(error instanceof EntryRefused)) return error;
  const field = [{ name: error.field, in: 'body', message: error.message }];
  if (error.kind === 'not_seated') {
    const problem = forbidden('enter-scores', c.get('auth'), error.message);
    return new ApiProblem(403, problem.code, problem.message, field, {}, problem.extensions);
  }
  return new ApiProblem(409, error.kind, error.message, field, {}, { current: error.current });
}

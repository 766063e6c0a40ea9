/**
 * What a commentary write's caller may do, from the permission it passed the guard with (http/permissions.ts): with
 * `upload-commentary` any seat (tabulators, administrators, keys: a file recorded elsewhere), with
 * `record-commentary` only the captions it is seated on and its own recordings (a judge).
 */
import type { Context } from 'hono';
import type { AppEnv } from './context.js';
import type { CommentaryWriter } from '../db/repositories/commentary-recordings.write.js';
import { requestActor } from './write-unit.js';

export function writerScope(c: Context<AppEnv>): Pick<CommentaryWriter, 'scope' | 'userId'> {
  return { scope: c.get('permission') === 'upload-commentary' ? 'any' : 'seated', userId: c.get('auth').userId };
}

/** The writer of a commentary write inside the write unit, which read who it is. */
export function commentaryWriter(c: Context<AppEnv>): CommentaryWriter {
  return { ...writerScope(c), actor: requestActor(c) };
}

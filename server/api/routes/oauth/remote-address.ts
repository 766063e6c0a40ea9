import type { Context, Env, Input } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The peer address of the connection ('unknown' under app.request(), which has no socket). */
export function remoteAddress<E extends Env, P extends string, I extends Input>(c: Context<E, P, I>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

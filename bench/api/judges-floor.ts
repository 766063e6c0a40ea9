/**
 * The floor of the judges' writes (issue 41): the rows the 30 judges' back-to-back writes leave (each performance's
 * caption entry and its numbers, a draft and then the submit), written again by 30 writers at once, each its next
 * write as soon as the last is done, as bare transactions on the same database, in the process that holds it: no
 * HTTP, no token, no checks, no tabulation, no audit trail. Two statements a write (the entry, its lines) between
 * BEGIN and COMMIT: what writing those rows costs this database on this machine now. The budget is the API's
 * throughput over this one's.
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../server/api/db/database.js';
import type { Json } from '../../test/api/client.js';
import { scoreFor } from './tablets-protocol.js';

export interface BareWritesFloor {
  writes: number;
  seconds: number;
  writesPerSecond: number;
}

export async function measureBareWrites(
  database: Database,
  orgId: number,
  judges: readonly { userId: number; seat: Json }[],
): Promise<BareWritesFloor> {
  let writes = 0;
  const started = performance.now();
  await Promise.all(
    judges.map(async ({ userId, seat }, j) => {
      const actor = JSON.stringify({ kind: 'user', id: String(userId), name: `Judge ${j + 1}` });
      for (const [position, entry] of (seat.performances as Json[]).entries()) {
        const lines = (seat.caption.subcaptions as Json[]).map((line) => ({
          performance_id: entry.id,
          caption_key: seat.caption.key,
          subcaption_key: line.key,
          score_thousandths: Math.round(scoreFor({ max: line.max, step: line.step }, j, position) * 1000),
        }));
        for (const state of ['draft', 'submitted']) {
          await database.transaction(async (tx) => {
            await tx.execute(sql`
              INSERT INTO score_entries (performance_id, caption_key, org_id, state, version, actor)
              VALUES (${entry.id}, ${seat.caption.key}, ${orgId}, ${state}, 1, ${actor}::jsonb)
              ON CONFLICT (performance_id, caption_key) DO UPDATE SET state = excluded.state,
                version = score_entries.version + 1, actor = excluded.actor, updated_at = now()`);
            await tx.execute(sql`
              INSERT INTO subcaption_scores (performance_id, caption_key, subcaption_key, score_thousandths)
              SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
                AS v(performance_id integer, caption_key text, subcaption_key text, score_thousandths integer)
              ON CONFLICT (performance_id, caption_key, subcaption_key)
              DO UPDATE SET score_thousandths = excluded.score_thousandths`);
          });
          writes++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { writes, seconds, writesPerSecond: writes / seconds };
}

/**
 * A competition's corrections after release, from our API's scores extension (`/competitions/{id}/scores`, each
 * released section with its `corrections`: decision 083), where the upstream answers it. The hosted service
 * publishes none that any read gives: there the answer is none, as it is for a competition whose id is unknown.
 */
import { z } from 'zod';
import { correctionsOf } from '../compute/corrections.js';
import { parseAs, rawOf, type UpstreamRead } from './upstream-reads.js';
import type { RecapCorrectionView } from '../view-schemas.js';

const Named = z.object({ key: z.string(), name: z.string() });
const Numbers = z.object({
  scores: z.array(z.object({ subcaptionKey: z.string(), score: z.number() })).optional(),
  penalty: z.number().optional(),
  performed: z.boolean().optional(),
});

/** Our API's scores extension, as far as the corrections use it. */
export const ScoresAnswer = z.object({
  data: z.array(
    z.object({
      division: z.object({ name: z.string() }),
      round: z.object({ number: z.number().int(), name: z.string() }),
      sheet: z.object({
        categories: z.array(
          z.object({ name: z.string(), captions: z.array(Named.extend({ subcaptions: z.array(Named) })) }),
        ),
      }),
      performances: z.array(z.object({ performanceId: z.number().int(), group: z.object({ name: z.string() }) })),
      corrections: z.array(
        z.object({
          at: z.string(),
          reason: z.string(),
          performanceId: z.number().int(),
          captionKey: z.string().nullable(),
          before: Numbers,
          after: Numbers,
        }),
      ),
    }),
  ),
});
export type ScoresAnswer = z.infer<typeof ScoresAnswer>;

/**
 * The released sections' corrections, oldest first within each section; none where the upstream does not answer
 * the extension (a 4xx, or a 200 in another shape). An outage is thrown as the other reads throw it.
 */
export async function readCorrections(
  read: UpstreamRead,
  competitionId: number,
): Promise<{ data: RecapCorrectionView[]; stale: boolean }> {
  const path = `/competitions/${competitionId}/scores`;
  const answer = await read(path, '');
  if (answer.status >= 400 && answer.status < 500) return { data: [], stale: false };
  const raw = rawOf(answer, path);
  let scores: ScoresAnswer;
  try {
    scores = parseAs(ScoresAnswer, raw.body, path);
  } catch {
    return { data: [], stale: raw.stale };
  }
  return { data: correctionsOf(scores), stale: raw.stale };
}

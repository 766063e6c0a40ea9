/**
 * A season's judges: from our API's `/judges/` extension when the upstream answers it, else derived from the
 * season's v2 performance records (the season's results, season-index.ts), by the one rule (domain/judges.ts) either
 * way, so the two agree (a test holds them equal).
 */
import { z } from '@hono/zod-openapi';
import { seasonJudges } from '../../../../domain/judges.js';
import type { SeasonIndex } from '../compute/season-index.js';
import { parseAs, rawOf, type UpstreamRead } from './upstream-reads.js';
import { Season } from '../view-schemas.js';

const JUDGES = '/judges/';

export const SeasonJudge = z
  .object({
    name: z.string().openapi({
      description: 'first name and last name joined by a space: the judge page is /judges/<name>?season=<id>',
    }),
    firstName: z.string(),
    lastName: z.string(),
    competitions: z
      .number()
      .int()
      .openapi({ description: 'competitions where the judge judged a caption of a released round' }),
    captions: z.number().int().openapi({ description: "captions judged: one division's caption in one round" }),
  })
  .openapi('BffSeasonJudge');

export const SeasonJudges = z
  .object({ season: Season, data: z.array(SeasonJudge).openapi({ description: 'by last name, then first name' }) })
  .openapi('BffSeasonJudges');

type Judge = z.infer<typeof SeasonJudge>;

/** The extension's answer, or undefined when the upstream does not answer it (a 4xx, or a 200 in another shape). */
export async function readJudgesExtension(
  read: UpstreamRead,
  seasonId: number,
): Promise<{ data: Judge[]; stale: boolean } | undefined> {
  const answer = await read(JUDGES, `?seasonId=${seasonId}`);
  if (answer.status >= 400 && answer.status < 500) return undefined;
  const raw = rawOf(answer, JUDGES);
  try {
    return { data: parseAs(z.object({ data: z.array(SeasonJudge) }), raw.body, JUDGES).data, stale: raw.stale };
  } catch {
    return undefined;
  }
}

/** The judges of the season's v2 records. */
export function judgesFromIndex(index: SeasonIndex): Judge[] {
  return seasonJudges(index.captions);
}

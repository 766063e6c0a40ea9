/**
 * The seasons a judge judged, newest first, each with the competitions and captions they judged there (the judge's
 * entry in that season's judges view, by the one rule of domain/judges.ts), so a judge who judged last season but
 * not this one finds their way. Our API answers it in one read of its `/judges/seasons/` extension; on an upstream
 * that does not (the hosted service), it is derived from the v2 records of the newest DERIVED_SEASONS seasons only
 * (each season's records read once and kept by the season source), and the answer says so.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { SeasonJudge } from './reads/judges.js';
import { FRESH_MS } from './reads/season-results.js';
import { loadSeasons } from './reads/seasons.js';
import { parseAs, rawOf, type UpstreamRead } from './reads/upstream-reads.js';
import { ViewProblem } from './view-problem.js';
import { Season } from './view-schemas.js';
import { defineView, json, viewHeaders } from './view.js';

/** How many seasons, newest first, the view derives from v2 records: each costs one read per released competition. */
export const DERIVED_SEASONS = 3;

const JUDGE_SEASONS = '/judges/seasons/';

const Extension = z.object({ data: z.array(SeasonJudge.extend({ seasonId: z.number().int() })) });

const JudgeSeasons = z
  .object({
    judge: z.object({ name: z.string() }),
    data: z
      .array(
        z.object({
          season: Season,
          competitions: SeasonJudge.shape.competitions,
          captions: SeasonJudge.shape.captions,
        }),
      )
      .openapi({ description: 'newest season first' }),
    newestSeasons: z.number().int().nullable().openapi({
      description: 'how many of the newest seasons were looked in (derived from v2 records); null: every season',
    }),
  })
  .openapi('BffJudgeSeasons');

const route = createRoute({
  method: 'get',
  path: '/judge-seasons',
  summary: 'The seasons a judge judged, with the competitions and captions of each',
  request: {
    query: z.strictObject({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .openapi({ description: "the judge's first and last name, as the v2 captions carry them" }),
    }),
  },
  responses: json(JudgeSeasons, 'Newest season first; empty when no season looked in names the judge'),
});

/** The extension's answer, or undefined when the upstream does not answer it (a 4xx, or a 200 in another shape). */
async function readExtension(read: UpstreamRead, name: string) {
  const answer = await read(JUDGE_SEASONS, `?${new URLSearchParams({ name }).toString()}`);
  if (answer.status >= 400 && answer.status < 500) return undefined;
  const raw = rawOf(answer, JUDGE_SEASONS);
  try {
    return { data: parseAs(Extension, raw.body, JUDGE_SEASONS).data, stale: raw.stale };
  } catch {
    return undefined;
  }
}

export const view = defineView(route, ({ read, now, results }) => {
  // An upstream that does not answer the extension is asked again only after FRESH_MS, as the season source does.
  let derivedUntil = -Infinity;
  const extension = async (name: string) => {
    if (now() < derivedUntil) return undefined;
    try {
      const answer = await readExtension(read, name);
      if (!answer) derivedUntil = now() + FRESH_MS;
      return answer;
    } catch (error) {
      // Down, with no saved copy of the extension's answer: the seasons derived last may still be there.
      if (error instanceof ViewProblem && error.status >= 500) return undefined;
      throw error;
    }
  };
  return async (c) => {
    const { name } = c.req.valid('query');
    const seasons = await loadSeasons(read);
    const answer = await extension(name);
    let stale = seasons.stale || (answer?.stale ?? false);
    const data = [];
    if (answer) {
      const bySeason = new Map(answer.data.map((entry) => [entry.seasonId, entry]));
      for (const season of seasons.seasons) {
        const judged = bySeason.get(season.id);
        if (judged) data.push({ season, competitions: judged.competitions, captions: judged.captions });
      }
    } else {
      for (const season of seasons.seasons.slice(0, DERIVED_SEASONS)) {
        const judges = await results.judges(season);
        stale ||= judges.stale;
        const judged = judges.data.find((judge) => judge.name === name);
        if (judged) data.push({ season, competitions: judged.competitions, captions: judged.captions });
      }
    }
    viewHeaders(c, stale);
    return c.json({ judge: { name }, data, newestSeasons: answer ? null : DERIVED_SEASONS }, 200);
  };
});

/**
 * The preview (v4 scores with `preview=true`) in the shape the recap's components read (recap-types.ts), so the
 * console shows each division and round exactly as the recap page will once it is released: the same components,
 * the same sheet order, numbers and ranks. The published recap is built from v2's records of the same tabulation.
 */
import { slug } from '../../../../domain/name-keys';
import { paths } from '../../../config/paths';
import type { components } from '../../../lib/api-types';
import type { DivisionRoundScores, PerformanceScores, SheetCategory } from './recap-types';
import { judgeName } from './scores-lookup';

/** A division and round of `GET /competitions/{id}/scores?preview=true`. */
type PreviewSection = components['schemas']['DivisionRoundScores'];

export interface PreviewContext {
  seasonId: number;
  competitionGuid: string;
  /**
   * The performances that performed and still lack a caption (the progress view's `missing`): v4 calls a
   * performance with no scores yet not performed, and the recap would print "Did not perform" for a group that is
   * only waiting for its judges.
   */
  awaitingScores?: ReadonlySet<number>;
}

/** What the preview prints for a group that performed and has no scores yet. */
export const NOT_SCORED_YET = 'Not scored yet';

export function recapFromPreview(sections: readonly PreviewSection[], context: PreviewContext): DivisionRoundScores[] {
  return sections.map((section) => {
    const division = {
      id: slug(section.division.name),
      name: section.division.name,
      initials: section.division.initials,
    };
    const round = { number: section.round.number, name: section.round.name };
    const performances = section.performances.map((performance, index): PerformanceScores => ({
      performanceId: `${division.id}-${round.number}-${index + 1}`,
      group: {
        name: performance.group.name,
        // v4 scores name a group by its id; the fans' pages address it by name (v2 gives no more to them either)
        orgGroupIdentifier: '',
        location: performance.group.location || null,
        href: paths.group.href({ name: performance.group.name, orgGroupIdentifier: '' }, context.seasonId),
      },
      performed: performance.performed,
      noScoreReason:
        !performance.performed && context.awaitingScores?.has(performance.performanceId)
          ? NOT_SCORED_YET
          : performance.noScoreReason,
      total: performance.total,
      subtotal: performance.subtotal,
      penalty: performance.performed ? performance.penalty : 0,
      // What v2 prints as rank 0 (no number yet) the recap leaves out: the same here.
      categories: performance.performed
        ? performance.categories
            .filter((category) => category.rank !== null)
            .map((category) => ({
              key: category.key,
              score: category.score,
              rank: category.rank,
              captions: category.captions
                .filter((caption) => caption.rank !== null)
                .map((caption) => ({
                  key: caption.key,
                  score: caption.score,
                  rank: caption.rank,
                  subcaptions: caption.subcaptions
                    .filter((line) => line.rank !== null)
                    .map((line) => ({ key: line.key, score: line.score, rank: line.rank })),
                })),
            }))
        : [],
    }));
    const categories = section.sheet.categories.map((category): SheetCategory => ({
      key: category.key,
      name: category.name,
      printsTotal:
        category.captions.length !== 1 ||
        performances.some((performance) => {
          const scored = performance.categories.find((candidate) => candidate.key === category.key);
          return scored !== undefined && scored.captions.length === 1 && scored.captions[0].score !== scored.score;
        }),
      captions: category.captions.map((caption) => {
        const name = judgeName(caption.judge);
        return {
          key: caption.key,
          name: caption.name,
          initials: caption.initials,
          judge:
            caption.judge && name !== null
              ? {
                  firstName: caption.judge.firstName,
                  lastName: caption.judge.lastName,
                  href: paths.judgeSeason.href(name, context.seasonId, { competition: context.competitionGuid }),
                }
              : null,
          subcaptions: caption.subcaptions.map((line) => ({ key: line.key, name: line.name, initials: line.initials })),
        };
      }),
    }));
    return { division, round, sheet: { categories }, performances };
  });
}

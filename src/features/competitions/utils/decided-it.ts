import type { DivisionRoundScores, PerformanceScores, SheetCategory } from './recap-types';
import { judgeName, lookupPerformance } from './scores-lookup';
import { isClose, officialOrder } from './close-placement';

/**
 * "What decided it": for each placement in a division and round decided by less than a point, where the lower group
 * gained and lost against the group directly above it. Numbers are the recap's own (v2's: totals to three decimals,
 * categories and captions to two); differences are taken in thousandths, so no float remainder shows.
 */

export interface CaptionDifference {
  key: string;
  name: string;
  /** the judge, as the recap names them: what tells a doubled panel's two captions apart */
  judge: string | null;
  upper: number;
  lower: number;
  /** lower - upper: positive where the lower group gained */
  difference: number;
  /** the difference as it counts in the total: the caption's share of its category (a doubled panel's judge counts half) */
  counts: number;
  /** the share itself: 1; 1/2 for a doubled panel's judge or a halved category; 1/4 for a doubled judge of a halved one */
  share: number;
}

export interface CategoryDifference {
  key: string;
  name: string;
  upper: number;
  lower: number;
  difference: number;
  captions: CaptionDifference[];
}

export interface ClosePlacement {
  upper: PerformanceScores;
  lower: PerformanceScores;
  /** the place the lower group would have taken: the upper group's rank */
  place: number;
  tied: boolean;
  /** upper total - lower total, never negative: the gap to pass (a tie needs any gain) */
  margin: number;
  /** upper subtotal - lower subtotal: the margin before penalties (negative: the lower group led before them) */
  subtotalMargin: number;
  /** lower penalty - upper penalty */
  penaltyDifference: number;
  /** the lower group led or tied before penalties and the penalties put it below */
  decidedByPenalty: boolean;
  categories: CategoryDifference[];
  gained: CaptionDifference[];
  /** largest loss first */
  lost: CaptionDifference[];
  /** the fewest captions whose losses, as they count in the total, add up to the gap (largest first) */
  madeUpIn: CaptionDifference[];
}

const thousandths = (score: number) => Math.round(score * 1000);
const minus = (a: number, b: number) => (thousandths(a) - thousandths(b)) / 1000;

/** Every close placement of the section (close-placement.ts), in the official order. */
export function closePlacements(section: DivisionRoundScores): ClosePlacement[] {
  const ranked = officialOrder(section.performances);
  const placements: ClosePlacement[] = [];
  for (let index = 1; index < ranked.length; index++) {
    const upper = ranked[index - 1];
    const lower = ranked[index];
    if (isClose(upper.total.score, lower.total.score))
      placements.push(explain(section, upper, lower, minus(upper.total.score, lower.total.score)));
  }
  return placements;
}

function explain(
  section: DivisionRoundScores,
  upper: PerformanceScores,
  lower: PerformanceScores,
  margin: number,
): ClosePlacement {
  const above = lookupPerformance(upper);
  const below = lookupPerformance(lower);
  const categories: CategoryDifference[] = [];
  for (const category of section.sheet.categories) {
    const a = above.category(category.key);
    const b = below.category(category.key);
    if (!a || !b) continue;
    const shares = sharesOf(upper, category);
    const captions: CaptionDifference[] = [];
    for (const caption of category.captions) {
      const x = above.caption(caption.key);
      const y = below.caption(caption.key);
      if (!x || !y) continue;
      const difference = minus(y.score, x.score);
      const share = shares.get(caption.key) ?? 1;
      captions.push({
        key: caption.key,
        name: caption.name,
        judge: judgeName(caption.judge),
        upper: x.score,
        lower: y.score,
        difference,
        share,
        counts: Math.round(difference * share * 1000) / 1000,
      });
    }
    categories.push({
      key: category.key,
      name: category.name,
      upper: a.score,
      lower: b.score,
      difference: minus(b.score, a.score),
      captions,
    });
  }
  const all = categories.flatMap((category) => category.captions);
  const lost = all.filter((c) => c.difference < 0).sort((x, y) => x.counts - y.counts);
  const madeUpIn: CaptionDifference[] = [];
  let covered = 0;
  for (const caption of lost) {
    if (covered > thousandths(margin) && madeUpIn.length > 0) break;
    madeUpIn.push(caption);
    covered -= thousandths(caption.counts);
  }
  const subtotalMargin = minus(upper.subtotal.score, lower.subtotal.score);
  const penaltyDifference = minus(lower.penalty, upper.penalty);
  return {
    upper,
    lower,
    place: upper.total.rank!,
    tied: margin === 0 || upper.total.rank === lower.total.rank,
    margin,
    subtotalMargin,
    penaltyDifference,
    decidedByPenalty: margin > 0 && subtotalMargin <= 0 && penaltyDifference > 0,
    categories,
    gained: all.filter((c) => c.difference > 0).sort((x, y) => y.counts - x.counts),
    lost,
    madeUpIn,
  };
}

/**
 * Each caption's share of its category, read from the numbers (v2 does not say how a category combines): captions of
 * one name are a doubled panel and share their panel's part equally (its mean); the category over the sum of its
 * panels' means, snapped to 1/n, is each panel's part (1 for a sum, 1/2 for a halved sum). So a doubled judge of a
 * summed category counts 1/2, and of a halved one (drum corps Music) 1/4.
 */
function sharesOf(performance: PerformanceScores, category: SheetCategory): Map<string, number> {
  const scored = performance.categories.find((c) => c.key === category.key);
  const judgesOf = (name: string) => category.captions.filter((c) => c.name === name).length;
  const panels = new Map<string, number[]>();
  for (const caption of scored?.captions ?? []) {
    const name = category.captions.find((c) => c.key === caption.key)?.name ?? caption.key;
    panels.set(name, [...(panels.get(name) ?? []), caption.score]);
  }
  const sum = [...panels.values()].reduce(
    (total, scores) => total + scores.reduce((a, b) => a + b, 0) / scores.length,
    0,
  );
  const part = scored && scored.score > 0 && sum > 0 ? 1 / Math.max(1, Math.round(sum / scored.score)) : 1;
  return new Map(category.captions.map((c) => [c.key, part / judgesOf(c.name)]));
}

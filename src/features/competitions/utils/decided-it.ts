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
  /** the difference as it counts in the total: times the caption's share (below), to the thousandth */
  counts: number;
  /**
   * How much one point of this caption is in the total, as the sheet's own numbers show it (weightsOf): 1 in a summed
   * category, 1/2 in a halved sum, 1/n in a mean of n, a doubled panel's judge half their panel's part, times the
   * sheet's subtotal scale
   */
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
  /** the penalties as they count for the lower group: -penaltyDifference */
  penaltyCounts: number;
  /**
   * What the printed roundings leave: -margin less every caption's counts and penaltyCounts, so the lines add up to the
   * margin exactly. Never more than roundingBound.
   */
  rounding: number;
  /** the most the printed numbers' roundings can leave over, for this placement's captions and categories */
  roundingBound: number;
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
  const weights = weightsOf(section);
  const ranked = officialOrder(section.performances);
  const placements: ClosePlacement[] = [];
  for (let index = 1; index < ranked.length; index++) {
    const upper = ranked[index - 1];
    const lower = ranked[index];
    if (isClose(upper.total.score, lower.total.score))
      placements.push(explain(section, weights, upper, lower, minus(upper.total.score, lower.total.score)));
  }
  return placements;
}

function explain(
  section: DivisionRoundScores,
  weights: Weights,
  upper: PerformanceScores,
  lower: PerformanceScores,
  margin: number,
): ClosePlacement {
  const above = lookupPerformance(upper);
  const below = lookupPerformance(lower);
  const categories: CategoryDifference[] = [];
  let bound = 0;
  for (const category of section.sheet.categories) {
    const a = above.category(category.key);
    const b = below.category(category.key);
    if (!a || !b) continue;
    const captions: CaptionDifference[] = [];
    const line = (key: string, name: string, judge: string | null, x: number, y: number, share: number) => {
      const difference = minus(y, x);
      captions.push({
        key,
        name,
        judge,
        upper: x,
        lower: y,
        difference,
        share,
        counts: Math.round(difference * share * 1000) / 1000,
      });
      // each side's printed caption is off by up to half its last digit, and so is each counts' own rounding
      bound += Math.abs(share) * weights.unit + 0.0005;
    };
    const scored = category.captions.filter((caption) => above.caption(caption.key) && below.caption(caption.key));
    if (scored.length === 0 || !weights.captions.has(category.key)) {
      // no captions to split it by (or none whose share the numbers show): the category counts as one line
      line(category.key, category.name, null, a.score, b.score, weights.scale);
    } else {
      const shares = weights.captions.get(category.key)!;
      for (const caption of scored)
        line(
          caption.key,
          caption.name,
          judgeName(caption.judge),
          above.caption(caption.key)!.score,
          below.caption(caption.key)!.score,
          (shares.get(caption.key) ?? 0) * weights.scale,
        );
      // the category itself is printed rounded from its captions
      bound += weights.scale * weights.unit;
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
  // the Sub Total, rounded again from its categories where a sheet scales it
  bound += weights.scale === 1 ? 0 : weights.unit;
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
  const penaltyCounts = -penaltyDifference;
  const listed = all.reduce((sum, c) => sum + thousandths(c.counts), 0) + thousandths(penaltyCounts);
  return {
    upper,
    lower,
    place: upper.total.rank!,
    tied: margin === 0 || upper.total.rank === lower.total.rank,
    margin,
    subtotalMargin,
    penaltyDifference,
    penaltyCounts,
    rounding: (-thousandths(margin) - listed) / 1000,
    roundingBound: Math.ceil(bound * 1000) / 1000,
    decidedByPenalty: margin > 0 && subtotalMargin <= 0 && penaltyDifference > 0,
    categories,
    gained: all.filter((c) => c.difference > 0).sort((x, y) => y.counts - x.counts),
    lost,
    madeUpIn,
  };
}

interface Weights {
  /** by category key: each caption's share of its category, where the numbers show it */
  captions: Map<string, Map<string, number>>;
  /** Sub Total over the sum of the categories: 1 nearly everywhere (TCGC Cadet classes publish 1.25 x the sum) */
  scale: number;
  /** half the last printed digit of the section's captions: 0.0005 for three decimals, 0.005 for two */
  unit: number;
}

/**
 * How the section's categories are made from their captions, read from the numbers: v2 does not say whether a
 * category is summed (General Effect 1 + 2, or a doubled General Effect panel 14.80 + 14.90 = 29.70), averaged (a
 * doubled analysis panel), summed and halved (drum corps Visual and Music), or weighted. Each reading proposes a
 * share per caption; the one whose category scores come closest for every performance of the section wins, and
 * where none comes within the printed rounding the shares are fitted from the numbers themselves (least squares over
 * the section's performances, when there are enough of them).
 */
function weightsOf(section: DivisionRoundScores): Weights {
  const performed = section.performances.filter((p) => p.performed && p.categories.length > 0);
  const decimals = Math.max(
    0,
    ...performed.flatMap((p) =>
      p.categories.flatMap((c) => [c.score, ...c.captions.map((k) => k.score)].map(decimalsOf)),
    ),
  );
  const unit = decimals >= 3 ? 0.0005 : decimals === 2 ? 0.005 : 0.05;
  const captions = new Map<string, Map<string, number>>();
  for (const category of section.sheet.categories) {
    const rows = performed.flatMap((p) => {
      const scored = p.categories.find((c) => c.key === category.key);
      if (!scored) return [];
      const byKey = new Map(scored.captions.map((c) => [c.key, c.score]));
      const xs = category.captions.map((c) => byKey.get(c.key));
      return xs.every((x) => x !== undefined) ? [{ xs: xs, y: scored.score }] : [];
    });
    if (category.captions.length === 0 || rows.length === 0) continue;
    const error = (shares: number[]) =>
      Math.max(...rows.map(({ xs, y }) => Math.abs(xs.reduce((sum, x, i) => sum + x * shares[i], 0) - y)));
    let best: number[] | null = null;
    let bestError = Infinity;
    for (const shares of readings(category)) {
      const e = error(shares);
      if (e < bestError - 1e-9) [best, bestError] = [shares, e];
    }
    const tolerance = unit * (category.captions.length + 1) + 1e-9;
    if (bestError > tolerance) {
      const fitted = leastSquares(rows, category.captions.length);
      if (fitted && error(fitted) <= tolerance) best = fitted;
      else best = null;
    }
    if (best) captions.set(category.key, new Map(category.captions.map((c, i) => [c.key, best[i]])));
  }
  const sums = performed.map((p) => ({
    categories: p.categories.reduce((sum, c) => sum + c.score, 0),
    subtotal: p.subtotal.score,
  }));
  const categoriesTotal = sums.reduce((sum, s) => sum + s.categories, 0);
  const subtotals = sums.reduce((sum, s) => sum + s.subtotal, 0);
  // snapped to hundredths: a scale is a sheet's constant (1, 1.25), the ratio of printed numbers only close to it
  const scale = categoriesTotal > 0 ? Math.round((subtotals / categoriesTotal) * 100) / 100 : 1;
  return { captions, scale, unit };
}

const decimalsOf = (score: number) => {
  const text = String(Math.round(score * 10000) / 10000);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
};

/**
 * The ways a category can be made from its captions, as shares: all summed, summed and halved, averaged; and with
 * captions of one name as a doubled panel (its judges share their panel's part equally): the panels summed, halved,
 * averaged.
 */
function readings(category: SheetCategory): number[][] {
  const n = category.captions.length;
  const judges = new Map<string, number>();
  for (const caption of category.captions) judges.set(caption.name, (judges.get(caption.name) ?? 0) + 1);
  const panels = judges.size;
  const uniform = [1, 1 / 2, 1 / n].map((share) => category.captions.map(() => share));
  const doubled =
    panels < n ? [1, 1 / 2, 1 / panels].map((part) => category.captions.map((c) => part / judges.get(c.name)!)) : [];
  return [...uniform, ...doubled];
}

/** Shares fitted to y = sum of share x caption over the rows (normal equations), or null when they are not determined. */
function leastSquares(rows: { xs: number[]; y: number }[], n: number): number[] | null {
  if (rows.length < n) return null;
  const a = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n + 1 }, (_, j) => rows.reduce((sum, { xs, y }) => sum + xs[i] * (j === n ? y : xs[j]), 0)),
  );
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-9) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = a[row][col] / a[col][col];
      for (let j = col; j <= n; j++) a[row][j] -= factor * a[col][j];
    }
  }
  return a.map((row, i) => row[n] / row[i]);
}

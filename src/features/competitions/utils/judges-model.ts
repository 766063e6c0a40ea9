import type { DivisionRoundScores, PerformanceScores } from './recap-types';
import { judgeName, lookupPerformance, type Ranked } from './scores-lookup';

export interface JudgeRow {
  group: PerformanceScores['group'];
  finalRank: number | null;
  caption: Ranked | null;
  /** the category (panel) the caption belongs to, for doubled panels */
  panel: Ranked | null;
  differsFromFinal: boolean;
  differsFromPanel: boolean;
}

/** One judge's sheet in one division/round, set beside the final ranks (and the panel, when doubled). */
export interface JudgeComparison {
  captionKey: string;
  captionName: string;
  categoryName: string;
  judge: string | null;
  /** the judge's season page */
  judgeHref: string | null;
  /** the category holds two or more captions of this name: a doubled panel */
  doubled: boolean;
  rows: JudgeRow[];
  /** how many groups this judge ranked differently from the final result */
  disagreements: number;
}

const differs = (a: number | null | undefined, b: number | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && a !== b;

export function buildJudgeComparisons(section: DivisionRoundScores): JudgeComparison[] {
  const performed = section.performances.filter((p) => p.performed);
  const lookups = performed.map((p) => [p, lookupPerformance(p)] as const);
  return section.sheet.categories.flatMap((category) =>
    category.captions.map((caption) => {
      const doubled = category.captions.filter((other) => other.name === caption.name).length > 1;
      const rows = lookups.map(([performance, lookup]): JudgeRow => {
        const score = lookup.caption(caption.key);
        const panel = doubled ? lookup.category(category.key) : null;
        return {
          group: performance.group,
          finalRank: performance.total.rank,
          caption: score,
          panel,
          differsFromFinal: differs(score?.rank, performance.total.rank),
          differsFromPanel: doubled && differs(score?.rank, panel?.rank),
        };
      });
      return {
        captionKey: caption.key,
        captionName: caption.name,
        categoryName: category.name,
        judge: judgeName(caption.judge),
        judgeHref: caption.judge?.href ?? null,
        doubled,
        rows,
        disagreements: rows.filter((row) => row.differsFromFinal).length,
      };
    }),
  );
}

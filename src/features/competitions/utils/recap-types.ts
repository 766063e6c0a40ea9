/**
 * The recap as the recap's components read it: one section per division and round, each with its sheet (categories,
 * captions with their judges, subcaption lines) and its performances, every number with its rank. Built from v2's
 * performance records (recap-from-v2.ts), the one recap every upstream serves.
 */
import type { GroupAddress } from '../../../config/paths';

export interface Ranked {
  score: number;
  /** null: no rank printed (a number v2 gives as rank 0) */
  rank: number | null;
}

export interface SheetSubcaption {
  key: string;
  name: string;
  initials: string;
}

export interface SheetCaption {
  key: string;
  name: string;
  initials: string;
  /** `href`: the judge's season (the recap's season) */
  judge: { firstName: string; lastName: string; href: string } | null;
  subcaptions: SheetSubcaption[];
}

export interface SheetCategory {
  key: string;
  name: string;
  /** the recap prints the category's own total: several captions, or one whose total the category changes */
  printsTotal: boolean;
  captions: SheetCaption[];
}

export interface RecapSheet {
  categories: SheetCategory[];
}

/**
 * A correction after release as the recap prints it (recap-corrections.ts): its note under the section, numbered
 * there, and what it changed in words.
 */
export interface CorrectionNote {
  /** the note's element id, which each mark links to */
  id: string;
  /** 1, 2, ... within the section */
  number: number;
  /** the group, or null for a performance since removed */
  group: string | null;
  /** what changed: a caption (with its judge where two captions share its name), "Penalty", "Performed" */
  what: string;
  /** from what to what, line by line where a caption changed ("Rep 71 → 75") */
  changes: { line: string | null; before: string; after: string }[];
  at: string;
  reason: string;
}

export interface PerformanceScores {
  /** unique in the recap (the section and the performance's place in it), and safe in an element id */
  performanceId: string;
  group: GroupAddress & { location: string | null; href: string };
  performed: boolean;
  noScoreReason: string;
  total: Ranked;
  subtotal: Ranked;
  /** subtotal - total, as the specification says of v2 */
  penalty: number;
  categories: (Ranked & {
    key: string;
    captions: (Ranked & { key: string; subcaptions: (Ranked & { key: string })[] })[];
  })[];
  /** the corrections after release that changed a number of this row, by the recap column showing it */
  corrected?: ReadonlyMap<string, CorrectionNote[]>;
}

export interface DivisionRoundScores {
  division: { id: string; name: string; initials: string };
  round: { number: number; name: string };
  sheet: RecapSheet;
  performances: PerformanceScores[];
  /** its corrections after release, oldest first (none on an upstream that publishes none) */
  corrections?: CorrectionNote[];
}

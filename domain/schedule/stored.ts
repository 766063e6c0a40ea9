/** The schedule builder's plan and published items as stored (JSON: times as ISO 8601 text); decision 138. */
import type { BlockKind } from './times.js';

export interface StoredBlock {
  kind: BlockKind;
  title: string;
  minutes: number;
}

export type StoredPlanItem = { performanceId: number } | { block: StoredBlock };

export interface StoredPlan {
  startsAt: string;
  endsAt: string | null;
  gapMinutes: number;
  intervals: { divisionId: number; minutes: number }[];
  items: StoredPlanItem[];
}

export type StoredTimedItem = (
  | {
      kind: 'performance';
      performanceId: number;
      groupId: number;
      groupName: string;
      divisionId: number;
      divisionName: string;
      roundNumber: number;
    }
  | { kind: 'block'; blockKind: BlockKind; title: string; minutes: number }
) & { startsAt: string; endsAt: string };

/**
 * A draw's published record: what the API stores, the published page shows and `draw verify` re-runs. Its `input`
 * is everything the rule reads (rule, settings, seed, the entries in input order with their tiers and scores), so
 * re-running it needs nothing else; `order` is what the draw gave.
 */
import { firstDifference, runDraw, type DrawInput, type DrawnPlace } from './rules.js';

/** The procedure's name and version: a change to any step of it is a new version, and old records keep theirs. */
export const DRAW_PROCEDURE = 'splitmix64-durstenfeld/1';

/** Where the score rules took each entry's previous score from. */
export type ScoreSource =
  { kind: 'season'; seasonName: string } | { kind: 'competition'; competitionGuid: string; competitionName: string };

export interface DrawRecord {
  procedure: typeof DRAW_PROCEDURE;
  input: DrawInput;
  scoreSource?: ScoreSource;
  order: DrawnPlace[];
}

export interface Verification {
  /** true when re-running the input gives the recorded order */
  same: boolean;
  rerun: DrawnPlace[];
  /** the first position where they part (1-based), null when the same */
  differsAt: number | null;
}

/** Re-runs a record's input and compares with its recorded order (a record of another procedure never verifies). */
export function verifyDraw(record: DrawRecord): Verification {
  if (record.procedure !== DRAW_PROCEDURE) return { same: false, rerun: [], differsAt: 1 };
  const rerun = runDraw(record.input);
  const differsAt = firstDifference(record.order, rerun);
  return { same: differsAt === null, rerun, differsAt };
}

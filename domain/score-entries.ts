/**
 * A caption entry's states (one judge's sheet for one performance; docs/decisions/080-entry-states-and-conflicts.md).
 * The strings are contracts: the API, the database (score_entries.state) and clients use them as they are.
 * - `draft`: a judge's numbers while the judge is still entering them; they do not count in any tabulation.
 * - `submitted`: numbers that count; a judge can no longer change them, a tabulator or an administrator can, with
 *   a reason.
 */
export const ENTRY_STATES = ['draft', 'submitted'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

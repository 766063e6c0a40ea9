/**
 * Caption entries on the wire (docs/decisions/080-entry-states-and-conflicts.md): what a score write takes beside
 * the numbers (state, baseVersion, reason), what it answers, and the 409 that carries the entry as it is now.
 */
import { z } from '@hono/zod-openapi';
import { ENTRY_STATES } from '../../../../domain/score-entries.js';
import { Decimal, Int, Text } from './scalars.js';

// Any finite number: the round's score sheet decides each line's range, and a score off it is a 422 naming the line.
const Score = Decimal();

/** A caption's numbers: [{subcaptionKey, score}] or {"rep": 68} (a form sends scores.rep=68). */
export const ScoreLines = z
  .union([
    z
      .array(z.strictObject({ subcaptionKey: Text(50).min(1), score: Score }))
      .min(1)
      .max(50),
    z
      .record(Text(50).min(1), Score)
      .refine((record) => Object.keys(record).length >= 1 && Object.keys(record).length <= 50, {
        message: 'from 1 to 50 lines',
      })
      .transform((record) => Object.entries(record).map(([subcaptionKey, score]) => ({ subcaptionKey, score }))),
  ])
  .openapi({
    description:
      'the judge\'s number per subcaption line: [{subcaptionKey, score}] or {"rep": 68}; a form sends scores.rep=68. ' +
      'May be left out to change only the state of an entry that has numbers (a judge submitting its draft).',
  });

export const EntryStateField = z.enum(ENTRY_STATES).openapi({
  description:
    "a judge's entry is a draft (not counted) until it sends submitted; a tabulator's, an administrator's or a key's is submitted as written (draft is refused)",
});

export const BaseVersion = Int(0, 1_000_000_000).openapi({
  description:
    'the entry version the writer last saw (0: nothing entered yet). When it is not the current one the write is refused with 409 score_conflict and changes nothing. Absent: no check',
});

export const Reason = Text(500).min(1).openapi({
  description:
    'why: recorded in the audit trail; required (422) when a tabulator or an administrator changes a submitted entry, and for any change once the division and round is released (the recap publishes it with the correction, decision 083). X-Audit-Reason is read when absent',
});

const Actor = z
  .object({ kind: z.enum(['user', 'key']), id: z.string(), name: z.string() })
  .openapi('EntryActor', { description: 'who wrote the entry last' });

/** A caption entry as stored. */
export const CaptionEntry = z
  .object({
    performanceId: z.number().int(),
    captionKey: z.string(),
    scores: z.array(z.object({ subcaptionKey: z.string(), score: z.number() })),
    state: z.enum(ENTRY_STATES).nullable().openapi({ description: 'null: nothing entered yet' }),
    version: z.number().int().openapi({ description: '0 when nothing is entered; 1 at the first write, +1 at each' }),
    by: Actor.nullable().openapi({ description: 'null for numbers entered before versions were kept (imported)' }),
    at: z.string().nullable().openapi({ description: 'when it was last written, ISO 8601; null as `by`' }),
  })
  .openapi('CaptionEntry');

export const EntryConflictProblem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(['score_conflict', 'entry_submitted']),
    detail: z.string(),
    errors: z.array(z.object({ name: z.string(), in: z.string(), message: z.string() })).optional(),
    current: CaptionEntry.openapi({ description: 'the entry as it is now: its scores, state, version, who and when' }),
  })
  .openapi('EntryConflict');

export const conflictResponse = {
  409: {
    description:
      'score_conflict: the baseVersion is not the current version; entry_submitted: a judge writing a submitted entry. ' +
      'Nothing changed; `current` carries the entry as it is now',
    content: { 'application/problem+json': { schema: EntryConflictProblem } },
  },
} as const;

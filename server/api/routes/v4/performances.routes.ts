/** The performance operations' declarations: paths, parameters, bodies and answers (served by performances.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { unlocked } from '../../http/unlocked-writes.js';
import { BoolField, bodyOf, foldDottedFields } from '../../http/write-body.js';
import { writeErrors } from '../schemas/common.js';
import { Decimal, IntId, Text } from '../schemas/scalars.js';
import {
  BaseVersion,
  CaptionEntry,
  conflictResponse,
  EntryStateField,
  Reason,
  ScoreLines,
} from '../schemas/score-entries.js';
import { Performance, PerformanceTabulation } from '../schemas/v4.js';
import { MarkList } from '../schemas/commentary.js';

const performanceParams = z.object({ performanceId: IntId('performanceId') });

export const deletePerformance = createRoute(
  permitted(
    'set-up',
    {
      method: 'delete',
      path: '/performances/{performanceId}',
      summary: 'Delete a performance (its scores go with it; its division and round are ranked again)',
      description:
        'A performance with scores is deleted only with a reason in the `X-Audit-Reason` header (422 `reason_required` without one); the audit trail keeps it with the numbers that went.',
      request: { params: performanceParams },
      responses: { 204: { description: 'Deleted' }, ...writeErrors },
    },
    { action: 'performance.delete', resource: 'performance', idParam: 'performanceId', deletes: true },
  ),
);

/** Why a number changes: required once its division and round is released (decision 083). */
const CorrectionReason = Text(500).optional().openapi({
  description:
    'why: required (422 without) once the division and round is released; the recap publishes it with the correction. X-Audit-Reason is taken when absent',
});

const PerformedBody = z
  .strictObject({ performed: BoolField, noScoreReason: Text(200).optional(), reason: CorrectionReason })
  .openapi('SetPerformed');

export const setPerformed = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/performances/{performanceId}/performed',
      summary: 'Mark whether a group performed (score entry extension)',
      description:
        'Whether a group performed decides its numbers and the ranks of its division and round: a change withdraws the sign-off and, once the division and round is released, needs `reason` (or X-Audit-Reason; 422 without) and is published as a correction (`before`/`after`: `{performed}`).',
      request: {
        params: performanceParams,
        body: bodyOf(PerformedBody, 'performed flag and the reason shown when false'),
      },
      responses: {
        200: { description: 'The performance', content: { 'application/json': { schema: Performance } } },
        ...writeErrors,
      },
    },
    { action: 'performance.set-performed', resource: 'performance', idParam: 'performanceId' },
  ),
);

const ScoresBody = z
  .preprocess(
    foldDottedFields,
    z.strictObject({
      captionKey: Text(50).min(1),
      scores: ScoreLines.optional(),
      state: EntryStateField.optional(),
      baseVersion: BaseVersion.optional(),
      reason: Reason.optional(),
      marks: MarkList.optional(),
    }),
  )
  .openapi('CaptionScores');

export const EnteredScores = PerformanceTabulation.extend({
  entry: CaptionEntry.openapi({ description: 'the caption entry as written: its state and new version' }),
}).openapi('EnteredScores');

/**
 * An unlocked write (http/unlocked-writes.ts): its entry is committed with the other judges' writes of the moment
 * (http/entry-batches.ts), which also appends its audit entry (ENTER_SCORES_ACTION), not the write unit.
 */
export const enterScores = createRoute(
  unlocked(
    permitted(
      'enter-scores',
      {
        method: 'post',
        path: '/performances/{performanceId}/scores',
        summary: "Enter one judge's caption sheet for a performance (score entry extension)",
        description:
          "Replaces the caption's numbers, checks them against the round's score sheet (422 for an unknown caption or line or a score outside 0..max) and re-tabulates the division and round in the same transaction. " +
          "A judge's entry is a draft (not counted in any tabulation) until it is sent with `state: submitted`, and a submitted one is the judge's no more (409 entry_submitted); " +
          "a tabulator's, an administrator's or a key's is submitted as written, and a user changing a submitted entry gives a `reason` (422 without). " +
          'Each write makes the entry one version newer; with `baseVersion` a write made on a stale copy is refused (409 score_conflict, with the entry as it is now). ' +
          'An `Idempotency-Key` makes a retry answer the first answer without writing again. ' +
          'For a judge the tabulation in the answer is withheld (null) until the section is released. ' +
          "`marks` (JSON) carries the numbers typed while a commentary recording ran, each at its offset into the recording (decision 128); they are kept with the entry's write. " +
          "A change withdraws the division and round's sign-off; once it is released, a change needs a `reason` and is published as a correction.",
        request: { params: performanceParams, body: bodyOf(ScoresBody, 'caption and its subcaption numbers') },
        responses: {
          200: {
            description: 'The performance as now tabulated (visible to reads once released), and the entry as written',
            content: { 'application/json': { schema: EnteredScores } },
          },
          ...writeErrors,
          ...conflictResponse,
        },
      },
      undefined,
      { permission: 'enter-seated-scores', limit: 'only the captions the caller is seated on' },
    ),
  ),
);

const PenaltiesBody = z
  .preprocess(
    (value) => {
      // a form carries one penalty as amount/reason; JSON may send the list
      const folded = foldDottedFields(value);
      if (
        typeof folded !== 'object' ||
        folded === null ||
        !Object.hasOwn(folded, 'amount') ||
        Object.hasOwn(folded, 'penalties')
      )
        return folded;
      const fields = Object.assign(Object.create(null) as Record<string, unknown>, folded);
      const penalty = { amount: fields.amount, reason: fields.reason };
      delete fields.amount;
      delete fields.reason;
      fields.penalties = [penalty];
      return fields;
    },
    z.strictObject({
      penalties: z
        .array(z.strictObject({ amount: Decimal({ min: 0, max: 100 }), reason: Text(200).optional() }))
        .max(20),
      reason: CorrectionReason,
    }),
  )
  .openapi('Penalties');

export const setPenalties = createRoute(
  permitted(
    'enter-penalties',
    {
      method: 'post',
      path: '/performances/{performanceId}/penalties',
      summary: "Replace a performance's timing and other penalties (score entry extension)",
      request: { params: performanceParams, body: bodyOf(PenaltiesBody, 'the penalties; an empty list clears them') },
      responses: {
        200: {
          description: 'The performance as now tabulated',
          content: { 'application/json': { schema: PerformanceTabulation } },
        },
        ...writeErrors,
      },
    },
    { action: 'performance.set-penalties', resource: 'performance', idParam: 'performanceId' },
  ),
);

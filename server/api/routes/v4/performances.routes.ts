/** The performance operations' declarations: paths, parameters, bodies and answers (served by performances.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { BoolField, bodyOf, foldDottedFields } from '../../http/write-body.js';
import { writeErrors } from '../schemas/common.js';
import { Decimal, IntId, Text } from '../schemas/scalars.js';
import { Performance, PerformanceTabulation } from '../schemas/v4.js';

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

const PerformedBody = z
  .strictObject({ performed: BoolField, noScoreReason: Text(200).optional() })
  .openapi('SetPerformed');

export const setPerformed = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/performances/{performanceId}/performed',
      summary: 'Mark whether a group performed (score entry extension)',
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

// Any finite number: the round's score sheet decides each line's range, and a score off it is a 422 naming the line.
const Score = Decimal();

const ScoresBody = z
  .preprocess(
    foldDottedFields,
    z.strictObject({
      captionKey: Text(50).min(1),
      scores: z
        .union([
          z
            .array(z.strictObject({ subcaptionKey: Text(50).min(1), score: Score }))
            .min(1)
            .max(50),
          z
            .record(Text(50).min(1), Score)
            .transform((record) => Object.entries(record).map(([subcaptionKey, score]) => ({ subcaptionKey, score }))),
        ])
        .openapi({
          description:
            'the judge\'s number per subcaption line: [{subcaptionKey, score}] or {"rep": 68}; a form sends scores.rep=68',
        }),
    }),
  )
  .openapi('CaptionScores');

export const enterScores = createRoute(
  permitted(
    'enter-scores',
    {
      method: 'post',
      path: '/performances/{performanceId}/scores',
      summary: "Enter one judge's caption sheet for a performance (score entry extension)",
      description:
        "Replaces the caption's numbers, checks them against the round's score sheet (422 for an unknown caption or line or a score outside 0..max) and re-tabulates the division and round in the same transaction.",
      request: { params: performanceParams, body: bodyOf(ScoresBody, 'caption and its subcaption numbers') },
      responses: {
        200: {
          description: 'The performance as now tabulated (visible to reads once released)',
          content: { 'application/json': { schema: PerformanceTabulation } },
        },
        ...writeErrors,
      },
    },
    { action: 'performance.enter-scores', resource: 'performance', idParam: 'performanceId' },
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
      const fields: Record<string, unknown> = Object.assign(Object.create(null), folded);
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

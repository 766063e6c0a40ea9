/**
 * The logistical schedule (issue 40, items 3 and 6; decision 141): a competition's templates of timed steps per
 * division, read by anyone who reads the schedule and saved whole by the circuit; served by itineraries.ts. Each
 * group's itinerary is answered with its entry of GET /competitions/{id}/schedule.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  MAX_LABEL,
  MAX_LOCATION,
  MAX_OFFSET_MINUTES,
  MAX_STEP_MINUTES,
  MAX_STEPS,
  STEP_KINDS,
} from '../../../../domain/schedule/itinerary.js';
import { permitted } from '../../http/permissions.js';
import { jsonBodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text } from '../schemas/scalars.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });
/** checked by the rules (a 422 naming the field), so any whole number in this wide range is well-formed */
const Minutes = Int(-100_000, 100_000);

const StepBody = z.strictObject({
  kind: z.enum(STEP_KINDS),
  label: Text(MAX_LABEL * 2)
    .optional()
    .openapi({ description: `what the step is called, at most ${MAX_LABEL} characters (absent: the kind's name)` }),
  offsetMinutes: Minutes.openapi({
    description: `minutes from the performance's start to the step's: negative before, positive after (${MAX_OFFSET_MINUTES} at most either way)`,
  }),
  minutes: Minutes.openapi({ description: `how long, 1 to ${MAX_STEP_MINUTES} minutes` }),
  location: Text(MAX_LOCATION * 2)
    .optional()
    .openapi({ description: `where (a warm-up room, the gym), at most ${MAX_LOCATION} characters` }),
});

export const TemplatesBody = z
  .strictObject({
    templates: z
      .array(
        z.strictObject({
          divisionId: PositiveInt,
          steps: z
            .array(StepBody)
            .max(MAX_STEPS * 2)
            .openapi({ description: `at most ${MAX_STEPS}` }),
        }),
      )
      .max(200)
      .openapi({ description: 'one per division with a performance here; a division left out has no template' }),
  })
  .openapi('ItineraryTemplatesRequest');

export const ItineraryTemplates = z
  .object({
    competition: z.object({ id: z.number().int(), guid: z.string(), name: z.string() }),
    divisions: z.array(
      z.object({
        divisionId: z.number().int(),
        divisionName: z.string(),
        performanceMinutes: z.number().int().openapi({ description: "the division's interval as scheduled" }),
        steps: z.array(
          z.object({
            kind: z.enum(STEP_KINDS),
            label: z.string(),
            name: z.string().openapi({ description: 'the label, or the kind named' }),
            offsetMinutes: z.number().int(),
            minutes: z.number().int(),
            location: z.string(),
          }),
        ),
      }),
    ),
  })
  .openapi('ItineraryTemplates');

export const getTemplates = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/schedule/templates',
  summary:
    "A competition's logistical templates: each division's timed steps relative to the performance (logistical schedule extension)",
  request: { params: competitionParams },
  responses: {
    200: {
      description: 'Every division with a performance here, with its steps (none: no template)',
      content: { 'application/json': { schema: ItineraryTemplates } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export const saveTemplates = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/schedule/templates',
      summary: "Save a competition's logistical templates whole (logistical schedule extension)",
      description:
        "A step of 0 minutes, an offset past 600 minutes, a division without a performance here, or a step that would run into a group's next performance that day is a 422 naming the field (`templates.0.steps.2.offsetMinutes`).",
      request: { params: competitionParams, body: jsonBodyOf(TemplatesBody, 'every template') },
      responses: {
        200: {
          description: 'The templates saved',
          content: { 'application/json': { schema: ItineraryTemplates } },
        },
        ...writeErrors,
      },
    },
    { action: 'schedule.save-templates', resource: 'schedule', idParam: 'competitionId' },
  ),
);

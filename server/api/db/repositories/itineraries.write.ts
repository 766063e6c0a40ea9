/**
 * The logistical schedule's write (decision 141): a competition's templates saved whole, each checked on its own
 * (kinds, offsets, lengths) and against the day as published (no step of a group's itinerary runs into its next
 * performance, issue 40 item 6), every refusal a RuleViolation naming the field of the body.
 */
import { and, eq } from 'drizzle-orm';
import {
  overlapProblems,
  templateProblems,
  type StepKind,
  type TemplateStep,
} from '../../../../domain/schedule/itinerary.js';
import type { DbOrTx } from '../database.js';
import type { AuditActor } from '../audit-actor.js';
import { itineraryTemplates } from '../schema.js';
import { findCompetition } from './competitions.read.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { performanceMinutes, timedPerformances } from './itineraries.read.js';
import { schedulePerformances } from './schedules.read.js';
import { orgWrite } from './support.js';

export interface TemplatesRequest {
  templates: readonly {
    divisionId: number;
    steps: readonly { kind: StepKind; label?: string; offsetMinutes: number; minutes: number; location?: string }[];
  }[];
}

/** Replaces every template of the competition with the request's (a division left out has none). */
export async function saveItineraryTemplates(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
  request: TemplatesRequest,
  by: AuditActor,
) {
  return orgWrite(db, orgId, async (tx) => {
    const competition = await findCompetition(tx, orgId, { id: competitionId });
    if (!competition) throw new NotFoundError('competition', competitionId);
    const rows = await schedulePerformances(tx, orgId, competitionId);
    const divisions = new Set(rows.map((row) => row.divisionId));
    const place = new Map<number, number>();
    const templates = new Map<number, TemplateStep[]>();
    request.templates.forEach((template, index) => {
      if (!divisions.has(template.divisionId))
        throw new RuleViolation(
          `templates.${index}.divisionId`,
          `division ${template.divisionId} has no performance here`,
        );
      if (place.has(template.divisionId))
        throw new RuleViolation(`templates.${index}.divisionId`, `division ${template.divisionId} is given twice`);
      place.set(template.divisionId, index);
      const steps = template.steps.map((step) => ({
        kind: step.kind,
        label: (step.label ?? '').trim(),
        offsetMinutes: step.offsetMinutes,
        minutes: step.minutes,
        location: (step.location ?? '').trim(),
      }));
      const [problem] = templateProblems(steps);
      if (problem)
        throw new RuleViolation(
          problem.field === '' ? `templates.${index}.steps` : `templates.${index}.steps.${problem.field}`,
          problem.message,
        );
      templates.set(template.divisionId, steps);
    });
    const minutesOf = await performanceMinutes(tx, orgId, competitionId);
    const [overlap] = overlapProblems(timedPerformances(rows, minutesOf), templates);
    if (overlap)
      throw new RuleViolation(
        `templates.${place.get(overlap.divisionId)}.steps.${overlap.step}.offsetMinutes`,
        overlap.message,
      );
    await tx
      .delete(itineraryTemplates)
      .where(and(eq(itineraryTemplates.orgId, orgId), eq(itineraryTemplates.competitionId, competitionId)));
    if (templates.size > 0)
      await tx
        .insert(itineraryTemplates)
        .values(
          [...templates].map(([divisionId, steps]) => ({ competitionId, divisionId, orgId, steps, savedBy: by })),
        );
  });
}

/**
 * The logistical templates' form (decision 141), pure: the templates as the form holds them (numbers as typed), a
 * step added or removed, the request it saves (every division, in the read's order, so the API's
 * `templates.N.steps.M.field` names the form's own rows) and what the form itself can tell before sending.
 */
import { STEP_KINDS, STEP_NAMES, type StepKind } from '../../../../domain/schedule/itinerary';
import type { ItineraryTemplates } from '../api/get-itinerary-templates';
import type { ItineraryTemplatesRequest } from '../api/itinerary-writes';

export interface StepRow {
  /** a key for React, stable while the page is open */
  key: string;
  kind: StepKind;
  label: string;
  offsetMinutes: string;
  minutes: string;
  location: string;
}

export interface TemplateForm {
  divisionId: number;
  divisionName: string;
  performanceMinutes: number;
  steps: StepRow[];
}

let nextKey = 0;
const key = () => `step-${nextKey++}`;

/** Where each kind starts unless the circuit says otherwise: a usual scholastic day. */
const KIND_DEFAULTS: Readonly<Record<StepKind, { offsetMinutes: number; minutes: number }>> = {
  'check-in': { offsetMinutes: -60, minutes: 10 },
  'body-warm-up': { offsetMinutes: -50, minutes: 20 },
  'equipment-warm-up': { offsetMinutes: -30, minutes: 20 },
  'music-warm-up': { offsetMinutes: -30, minutes: 20 },
  staging: { offsetMinutes: -10, minutes: 10 },
  exit: { offsetMinutes: 10, minutes: 5 },
  critique: { offsetMinutes: 30, minutes: 10 },
  other: { offsetMinutes: 0, minutes: 10 },
};

export const KIND_OPTIONS = STEP_KINDS.map((kind) => ({ kind, name: STEP_NAMES[kind] }));

export function formsFromTemplates(read: ItineraryTemplates): TemplateForm[] {
  return read.divisions.map((division) => ({
    divisionId: division.divisionId,
    divisionName: division.divisionName,
    performanceMinutes: division.performanceMinutes,
    steps: division.steps.map((step) => ({
      key: key(),
      kind: step.kind,
      label: step.label,
      offsetMinutes: String(step.offsetMinutes),
      minutes: String(step.minutes),
      location: step.location,
    })),
  }));
}

/** The next kind not yet in the template (check-in first), its usual offset and length. */
export function addStep(forms: readonly TemplateForm[], index: number): TemplateForm[] {
  return forms.map((form, i) => {
    if (i !== index) return form;
    const kind = STEP_KINDS.find((candidate) => !form.steps.some((step) => step.kind === candidate)) ?? 'other';
    const { offsetMinutes, minutes } = KIND_DEFAULTS[kind];
    return {
      ...form,
      steps: [
        ...form.steps,
        { key: key(), kind, label: '', offsetMinutes: String(offsetMinutes), minutes: String(minutes), location: '' },
      ],
    };
  });
}

export function changeStep(
  forms: readonly TemplateForm[],
  index: number,
  stepIndex: number,
  change: Partial<Omit<StepRow, 'key'>>,
): TemplateForm[] {
  return forms.map((form, i) =>
    i === index
      ? { ...form, steps: form.steps.map((step, j) => (j === stepIndex ? { ...step, ...change } : step)) }
      : form,
  );
}

export function removeStep(forms: readonly TemplateForm[], index: number, stepIndex: number): TemplateForm[] {
  return forms.map((form, i) =>
    i === index ? { ...form, steps: form.steps.filter((_, j) => j !== stepIndex) } : form,
  );
}

const wholeNumber = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : null);

/** Minutes that are not whole numbers, named as the API names its fields; the API checks everything else. */
export function formProblems(forms: readonly TemplateForm[]): Map<string, string> {
  const problems = new Map<string, string>();
  forms.forEach((form, index) =>
    form.steps.forEach((step, stepIndex) => {
      const at = `templates.${index}.steps.${stepIndex}`;
      if (wholeNumber(step.offsetMinutes) === null)
        problems.set(`${at}.offsetMinutes`, 'a whole number of minutes: negative before the performance');
      if (wholeNumber(step.minutes) === null) problems.set(`${at}.minutes`, 'a whole number of minutes');
    }),
  );
  return problems;
}

export function requestOf(forms: readonly TemplateForm[]): ItineraryTemplatesRequest {
  return {
    templates: forms.map((form) => ({
      divisionId: form.divisionId,
      steps: form.steps.map((step) => ({
        kind: step.kind,
        ...(step.label.trim() ? { label: step.label.trim() } : {}),
        offsetMinutes: wholeNumber(step.offsetMinutes) ?? 0,
        minutes: wholeNumber(step.minutes) ?? 0,
        ...(step.location.trim() ? { location: step.location.trim() } : {}),
      })),
    })),
  };
}

/** "60 min before", "at the start", "10 min after": when a step starts, in words. */
export function offsetText(text: string): string {
  const minutes = wholeNumber(text);
  if (minutes === null) return '';
  if (minutes === 0) return 'as the performance starts';
  return `${Math.abs(minutes)} min ${minutes < 0 ? 'before' : 'after'} the performance starts`;
}

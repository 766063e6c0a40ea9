/**
 * The logistical schedule's arithmetic (issue 40, items 3, 5 and 6; docs/decisions/141-the-logistical-schedule.md):
 * a division's template of timed steps relative to the performance (check-in an hour before in the gym, body
 * warm-up, music warm-up in the band room, staging, the performance, exit, critique) turned into a group's itinerary
 * from its published time; the step a group is at now and the time to the next one; the rule that no step of one
 * performance's itinerary runs into the group's next performance. Pure: the API, the pages and the tests compute
 * the same. Times are epoch milliseconds, so no time zone enters.
 */

export const STEP_KINDS = [
  'check-in',
  'body-warm-up',
  'equipment-warm-up',
  'music-warm-up',
  'staging',
  'exit',
  'critique',
  'other',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** What each step is called where the template gives no label of its own. */
export const STEP_NAMES: Readonly<Record<StepKind | 'performance', string>> = {
  'check-in': 'Check-in',
  'body-warm-up': 'Body warm-up',
  'equipment-warm-up': 'Equipment warm-up',
  'music-warm-up': 'Music warm-up',
  staging: 'Staging',
  performance: 'Performance',
  exit: 'Exit',
  critique: 'Critique',
  other: 'Other',
};

/** A step starts at most this many minutes before or after the performance's start. */
export const MAX_OFFSET_MINUTES = 600;
export const MAX_STEP_MINUTES = 240;
export const MAX_STEPS = 20;
export const MAX_LOCATION = 100;
export const MAX_LABEL = 60;

/** One step of a division's template: when it starts relative to the performance's start, how long, and where. */
export interface TemplateStep {
  kind: StepKind;
  /** shown instead of the kind's name (empty: the kind's name) */
  label: string;
  /** minutes from the performance's start to the step's start: negative before, positive after */
  offsetMinutes: number;
  minutes: number;
  location: string;
}

export interface ItineraryStep {
  kind: StepKind | 'performance';
  name: string;
  location: string;
  startsAt: number;
  endsAt: number;
}

const MINUTE = 60_000;

export const stepName = (step: { kind: StepKind | 'performance'; label?: string }) =>
  step.label && step.label.trim() !== '' ? step.label.trim() : STEP_NAMES[step.kind];

/**
 * A performance's itinerary: its template's steps and the performance itself (`performanceMinutes` long, at
 * `performanceLocation`), in time order; steps starting together keep the template's order, the performance first.
 */
export function itineraryOf(
  performsAt: number,
  performanceMinutes: number,
  steps: readonly TemplateStep[],
  performanceLocation = '',
): ItineraryStep[] {
  const performance: ItineraryStep = {
    kind: 'performance',
    name: STEP_NAMES.performance,
    location: performanceLocation,
    startsAt: performsAt,
    endsAt: performsAt + performanceMinutes * MINUTE,
  };
  const timed = steps.map((step): ItineraryStep => ({
    kind: step.kind,
    name: stepName(step),
    location: step.location,
    startsAt: performsAt + step.offsetMinutes * MINUTE,
    endsAt: performsAt + (step.offsetMinutes + step.minutes) * MINUTE,
  }));
  // a stable sort: the performance first among steps starting with it, the template's order otherwise
  return [performance, ...timed].sort((a, b) => a.startsAt - b.startsAt);
}

export interface TemplateProblem {
  /** the step's place in the template (0 is the first) and its field, or '' for the template's list of steps */
  field: string;
  message: string;
}

/**
 * What a template may not hold, whatever the day: an unknown kind, an offset past 600 minutes either way, a step of
 * 0 minutes or over 240, a label or location too long, more than 20 steps. Fields are named `N.offsetMinutes`.
 */
export function templateProblems(steps: readonly TemplateStep[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const whole = (value: number, low: number, high: number) => Number.isInteger(value) && value >= low && value <= high;
  if (steps.length > MAX_STEPS) problems.push({ field: '', message: `a template has at most ${MAX_STEPS} steps` });
  steps.forEach((step, index) => {
    if (!(STEP_KINDS as readonly string[]).includes(step.kind))
      problems.push({ field: `${index}.kind`, message: `a step is one of ${STEP_KINDS.join(', ')}` });
    if (!whole(step.offsetMinutes, -MAX_OFFSET_MINUTES, MAX_OFFSET_MINUTES))
      problems.push({
        field: `${index}.offsetMinutes`,
        message: `a step starts a whole number of minutes from ${MAX_OFFSET_MINUTES} before to ${MAX_OFFSET_MINUTES} after the performance`,
      });
    if (!whole(step.minutes, 1, MAX_STEP_MINUTES))
      problems.push({
        field: `${index}.minutes`,
        message: `a step lasts a whole number of minutes from 1 to ${MAX_STEP_MINUTES}`,
      });
    if (step.label.length > MAX_LABEL)
      problems.push({ field: `${index}.label`, message: `a label is at most ${MAX_LABEL} characters` });
    if (step.location.length > MAX_LOCATION)
      problems.push({ field: `${index}.location`, message: `a location is at most ${MAX_LOCATION} characters` });
  });
  return problems;
}

export interface GroupPerformance {
  performanceId: number;
  groupId: number;
  groupName: string;
  divisionId: number;
  performsAt: number;
  /** how long the performance is (its division's interval) */
  minutes: number;
}

export interface OverlapProblem {
  divisionId: number;
  /** the step's place in its division's template */
  step: number;
  message: string;
}

/**
 * Item 6: a step of one performance's itinerary that ends after the start of the same group's next performance
 * (a group in prelims and finals, or in two divisions, one day), or that starts before the end of its previous
 * one, cannot be kept. Each problem names the division's template and the step; the message the group and minutes.
 */
export function overlapProblems(
  performances: readonly GroupPerformance[],
  templates: ReadonlyMap<number, readonly TemplateStep[]>,
): OverlapProblem[] {
  const byGroup = new Map<number, GroupPerformance[]>();
  for (const performance of performances)
    byGroup.set(performance.groupId, [...(byGroup.get(performance.groupId) ?? []), performance]);
  const problems: OverlapProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: OverlapProblem) => {
    const key = `${problem.divisionId}:${problem.step}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  for (const own of byGroup.values()) {
    const sorted = [...own].sort((a, b) => a.performsAt - b.performsAt);
    sorted.forEach((performance, index) => {
      const next = sorted[index + 1];
      const previous = sorted[index - 1];
      const steps = templates.get(performance.divisionId) ?? [];
      steps.forEach((step, stepIndex) => {
        const startsAt = performance.performsAt + step.offsetMinutes * MINUTE;
        const endsAt = startsAt + step.minutes * MINUTE;
        if (next && endsAt > next.performsAt)
          add({
            divisionId: performance.divisionId,
            step: stepIndex,
            message: `${stepName(step)} ends ${Math.round((endsAt - next.performsAt) / MINUTE)} minutes after ${performance.groupName}'s next performance starts`,
          });
        else if (previous && startsAt < previous.performsAt + previous.minutes * MINUTE)
          add({
            divisionId: performance.divisionId,
            step: stepIndex,
            message: `${stepName(step)} starts ${Math.round((previous.performsAt + previous.minutes * MINUTE - startsAt) / MINUTE)} minutes before ${performance.groupName}'s previous performance ends`,
          });
      });
    });
  }
  return problems;
}

export interface WhereNow {
  /** the step under way (null: none, between steps or before the first) */
  current: ItineraryStep | null;
  /** the next step to start (null: the day's steps are over) */
  next: ItineraryStep | null;
  /** whole minutes, rounded up, until the next step starts (null with no next) */
  minutesToNext: number | null;
}

/** Where a group is in its itinerary at `now`: the step under way, the next one and the minutes until it starts. */
export function whereNow(steps: readonly ItineraryStep[], now: number): WhereNow {
  const current = [...steps].reverse().find((step) => step.startsAt <= now && now < step.endsAt) ?? null;
  const next = steps.find((step) => step.startsAt > now) ?? null;
  return { current, next, minutesToNext: next ? Math.ceil((next.startsAt - now) / MINUTE) : null };
}

/** Each location's steps of every itinerary, in time order: a warm-up room's sheet. */
export function byLocation<T extends { step: ItineraryStep }>(entries: readonly T[]): [string, T[]][] {
  const sheets = new Map<string, T[]>();
  for (const entry of entries) {
    const location = entry.step.location.trim();
    if (location === '') continue;
    sheets.set(location, [...(sheets.get(location) ?? []), entry]);
  }
  return [...sheets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([location, list]) => [location, [...list].sort((a, b) => a.step.startsAt - b.step.startsAt)]);
}

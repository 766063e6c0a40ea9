/**
 * What the logistical templates would make go wrong on the day the draft computes (decision 141's steps on
 * decision 138's times): a step of a group's itinerary that runs into the same group's other performance, one that
 * ends after the venue's end time. Checked with the schedule's own conflicts every time the draft is computed, so
 * publishing again after a move is held to them as the first time (saving the templates checks the day as it then
 * stood: itinerary.ts). Two groups' steps in one room at once are not flagged: a gym or a band room is shared by
 * design (sections of it, a critique rotation), and a publish refused for every overlapping warm-up would teach the
 * circuit to send despiteConflicts for everything. Pure: the API refuses with them and the schedule page lists them
 * as the circuit types.
 */
import { itineraryOf, type ItineraryStep, type TemplateStep } from './itinerary.js';
import type { Conflict, TimedItem } from './times.js';

const MINUTE = 60_000;
const minutes = (ms: number) => Math.round(ms / MINUTE);

interface Placed {
  /** the performance's place in the timed sequence */
  index: number;
  groupId: number;
  groupName: string;
  step: ItineraryStep;
}

export function itineraryConflicts(
  endsAt: number | null,
  timed: readonly TimedItem[],
  templates: ReadonlyMap<number, readonly TemplateStep[]>,
): Conflict[] {
  const performances = timed.flatMap((item, index) => (item.kind === 'performance' ? [{ item, index }] : []));
  const steps: Placed[] = performances.flatMap(({ item, index }) =>
    itineraryOf(item.startsAt, minutes(item.endsAt - item.startsAt), templates.get(item.divisionId) ?? [])
      .filter((step) => step.kind !== 'performance')
      .map((step) => ({ index, groupId: item.groupId, groupName: item.groupName, step })),
  );
  const conflicts: Conflict[] = [];
  for (const placed of steps) {
    const other = performances.find(
      ({ item, index }) =>
        index !== placed.index &&
        item.groupId === placed.groupId &&
        placed.step.startsAt < item.endsAt &&
        item.startsAt < placed.step.endsAt,
    );
    if (other)
      conflicts.push({
        kind: 'step-overlap',
        items: [placed.index, other.index],
        message: `${placed.groupName}'s ${placed.step.name} runs into its other performance.`,
      });
    if (endsAt !== null && placed.step.endsAt > endsAt)
      conflicts.push({
        kind: 'step-past-end',
        items: [placed.index],
        message: `${placed.groupName}'s ${placed.step.name} ends ${minutes(placed.step.endsAt - endsAt)} minutes after the venue's end time.`,
      });
  }
  return conflicts;
}

import { whereNow, type ItineraryStep } from '../../domain/schedule/itinerary';
import { formatTime } from '../lib/dates';

/** A step as the API answers it (ISO times). */
export interface ItineraryStepRecord {
  kind: string;
  name: string;
  location: string;
  startsAt: string;
  endsAt: string;
}

const stepOf = (step: ItineraryStepRecord): ItineraryStep => ({
  kind: step.kind as ItineraryStep['kind'],
  name: step.name,
  location: step.location,
  startsAt: Date.parse(step.startsAt),
  endsAt: Date.parse(step.endsAt),
});

const minutesText = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;

/**
 * One performance's itinerary (decision 141) at `now`: the step under way, the next one and the time to it, then
 * every step with its time and place, the past ones marked done. Times in the viewer's time zone.
 */
export function ItineraryView({
  title,
  steps,
  now,
}: {
  title: string;
  steps: readonly ItineraryStepRecord[];
  now: number;
}) {
  const timed = steps.map(stepOf);
  const { current, next, minutesToNext } = whereNow(timed, now);
  const where = (step: ItineraryStep) => (step.location ? ` in ${step.location}` : '');
  return (
    <section
      aria-label={`Itinerary: ${title}`}
      className="mt-3 rounded-lg border border-slate-300 p-3 dark:border-slate-700"
    >
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1 text-sm" role="status" data-testid="itinerary-now">
        {current ? `Now: ${current.name}${where(current)}. ` : ''}
        {next
          ? `Next: ${next.name} at ${formatTime(new Date(next.startsAt).toISOString())}${where(next)}, in ${minutesText(minutesToNext!)}.`
          : 'The day’s steps are over.'}
      </p>
      <ol className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
        {timed.map((step, index) => {
          const done = step.endsAt <= now;
          return (
            <li
              key={`${step.kind}-${index}`}
              className={`flex flex-wrap gap-x-3 py-1 ${done ? 'text-slate-600 dark:text-slate-400' : ''} ${step === current ? 'font-semibold' : ''}`}
              data-testid="itinerary-step"
            >
              <span className="w-36 shrink-0 tabular-nums">
                {formatTime(new Date(step.startsAt).toISOString())}–{formatTime(new Date(step.endsAt).toISOString())}
              </span>
              <span className="min-w-0 flex-1">
                {step.name}
                {step.location ? <span className="text-slate-700 dark:text-slate-300"> · {step.location}</span> : null}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { secondaryButton } from '../../../components/signed-in/modal';
import { checkPlan, fillTimes, MAX_BREAK_MINUTES, MAX_INTERVAL_MINUTES } from '../utils/running-order-model';
import { Field } from '../../../components/signed-in/field';

interface BreakDraft {
  key: number;
  afterRow: string;
  minutes: string;
}

/**
 * Times from a start and an interval, with breaks ("20 minutes after row 3"): "Preview times" hands the filled times
 * to the running order, which shows them beside the saved ones until they are saved.
 */
export function RunningOrderTimes({
  rowCount,
  initialStart,
  onPreview,
}: {
  rowCount: number;
  /** `datetime-local`'s value to start from: the first saved time, else the competition's start */
  initialStart: string;
  onPreview: (times: string[]) => void;
}) {
  const [start, setStart] = useState(initialStart);
  const [intervalMinutes, setIntervalMinutes] = useState('12');
  const [breaks, setBreaks] = useState<BreakDraft[]>([]);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [nextKey, setNextKey] = useState(1);

  const change = (key: number, field: 'afterRow' | 'minutes', value: string) =>
    setBreaks((list) => list.map((pause) => (pause.key === key ? { ...pause, [field]: value } : pause)));
  const preview = (submitted: FormEvent) => {
    submitted.preventDefault();
    const found = checkPlan({ start, intervalMinutes, breaks }, rowCount);
    setProblems(found);
    if (found.size > 0) return;
    onPreview(
      fillTimes(rowCount, {
        start: new Date(start).getTime(),
        intervalMinutes: Number(intervalMinutes),
        breaks: breaks.map((pause) => ({ afterRow: Number(pause.afterRow), minutes: Number(pause.minutes) })),
      }),
    );
  };
  return (
    <form
      onSubmit={preview}
      noValidate
      aria-labelledby="times-heading"
      className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <h3 id="times-heading" className="font-semibold">
        Fill times
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <Field id="times-start" label="First performance at" error={problems.get('start')}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
          )}
        </Field>
        <Field id="times-interval" label="Minutes between performances" error={problems.get('interval')}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_INTERVAL_MINUTES}
              value={intervalMinutes}
              onChange={(event) => setIntervalMinutes(event.target.value)}
            />
          )}
        </Field>
      </div>
      {breaks.length > 0 ? (
        <fieldset className="mt-3 space-y-2">
          <legend className="text-sm font-medium">Breaks</legend>
          {breaks.map((pause, index) => (
            <div key={pause.key} className="flex flex-wrap items-start gap-2">
              <Field
                id={`break-${pause.key}-minutes`}
                label={`Break ${index + 1}: minutes`}
                error={problems.get(`breaks[${index}].minutes`)}
                className="w-36"
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_BREAK_MINUTES}
                    value={pause.minutes}
                    onChange={(event) => change(pause.key, 'minutes', event.target.value)}
                  />
                )}
              </Field>
              <Field
                id={`break-${pause.key}-after`}
                label={`Break ${index + 1}: after row`}
                error={problems.get(`breaks[${index}].afterRow`)}
                className="w-36"
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={Math.max(rowCount - 1, 1)}
                    value={pause.afterRow}
                    onChange={(event) => change(pause.key, 'afterRow', event.target.value)}
                  />
                )}
              </Field>
              <button
                type="button"
                className={`${secondaryButton} mt-6`}
                onClick={() => setBreaks((list) => list.filter((other) => other.key !== pause.key))}
                aria-label={`Remove break ${index + 1}`}
              >
                Remove
              </button>
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setBreaks((list) => [...list, { key: nextKey, afterRow: '', minutes: '15' }]);
            setNextKey((key) => key + 1);
          }}
        >
          Add a break
        </button>
        <button type="submit" className={secondaryButton} disabled={rowCount === 0}>
          Preview times
        </button>
      </div>
    </form>
  );
}

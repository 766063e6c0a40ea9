import type { CritiqueMode } from '../../../../domain/critique/slots';
import { Field } from '../../../components/signed-in/field';
import { stationsProblem, type CritiqueForm } from '../utils/critique-form';

const MODES: { value: CritiqueMode; label: string }[] = [
  { value: 'pick', label: 'Groups pick their slot (first come)' },
  { value: 'performance-order', label: 'Groups are placed in performance order' },
];

/** The plan's fields, shared by opening and changing critique: each shows the problem that names it. */
export function CritiquePlanFields({
  idPrefix,
  form,
  problems,
  onChange,
}: {
  idPrefix: string;
  form: CritiqueForm;
  problems: ReadonlyMap<string, string>;
  onChange: (form: CritiqueForm) => void;
}) {
  const set = (change: Partial<CritiqueForm>) => onChange({ ...form, ...change });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        id={`${idPrefix}-stations`}
        label="Stations"
        hint="One a line, in the order each group visits them"
        error={stationsProblem(problems)}
        className="sm:row-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={form.stations}
            onChange={(event) => set({ stations: event.target.value })}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-minutes`} label="Minutes at each station" error={problems.get('slotMinutes')}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            value={form.slotMinutes}
            onChange={(event) => set({ slotMinutes: event.target.value })}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-mode`} label="Order" error={problems.get('mode')}>
        {(control) => (
          <select
            {...control}
            value={form.mode}
            onChange={(event) => set({ mode: event.target.value as CritiqueMode })}
          >
            {MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {mode.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-from`} label="Critique starts" hint="Sign-up closes then" error={problems.get('from')}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={form.from}
            onChange={(event) => set({ from: event.target.value })}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-to`} label="Critique ends" error={problems.get('to')}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={form.to}
            onChange={(event) => set({ to: event.target.value })}
          />
        )}
      </Field>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import type { StepKind } from '../../../../domain/schedule/itinerary';
import { Notice } from '../../../components/notice';
import { Field } from '../../../components/signed-in/field';
import { primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { ItineraryTemplates } from '../api/get-itinerary-templates';
import { saveItineraryTemplates } from '../api/itinerary-writes';
import { setupKeys } from '../api/keys';
import {
  addStep,
  changeStep,
  formProblems,
  formsFromTemplates,
  KIND_OPTIONS,
  offsetText,
  removeStep,
  requestOf,
  type TemplateForm,
} from '../utils/itinerary-templates-model';

/**
 * The logistical templates (issue 40, item 3; decision 141): per division, its timed steps relative to the
 * performance (kind, name, minutes from the start, length, where), saved whole. Every group's itinerary and the
 * published logistical page follow from them and the published times.
 */
export function ItineraryTemplatesEditor({ read }: { read: ItineraryTemplates }) {
  const competitionId = read.competition.id;
  const [forms, setForms] = useState<TemplateForm[]>(() => formsFromTemplates(read));
  const [checked, setChecked] = useState(false);
  const write = useWrite({
    write: () => saveItineraryTemplates(competitionId, requestOf(forms)),
    stale: () => [setupKeys.itineraryTemplates(competitionId)],
  });
  const local = formProblems(forms);
  const refused = fieldErrors(write.error);
  const problems = new Map([...(checked ? local : []), ...refused]);
  const update = (next: TemplateForm[]) => {
    setForms(next);
    write.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (local.size === 0) write.mutate(undefined);
  };
  const listed = (name: string) => /^templates\.\d+\.steps\.\d+\./.test(name);
  const general = [...refused].filter(([name]) => !listed(name));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="itinerary-templates" className="mt-8 space-y-4">
      <h2 id="itinerary-templates" className="text-xl font-semibold">
        Logistical steps per division
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Each step starts a number of minutes from the performance&apos;s start (negative: before). Every group gets its
        itinerary from its published time; the logistical schedule shows the steps, with a sheet per group and per
        location.
      </p>
      {forms.map((form, index) => (
        <fieldset
          key={form.divisionId}
          className="rounded border border-slate-300 p-3 dark:border-slate-600"
          aria-describedby={`template-${form.divisionId}-about`}
        >
          <legend className="px-1 font-semibold">{form.divisionName}</legend>
          <p id={`template-${form.divisionId}-about`} className="text-xs text-slate-700 dark:text-slate-300">
            The performance itself: {form.performanceMinutes} minutes.
            {form.steps.length === 0 ? ' No steps yet.' : ''}
          </p>
          <ol className="mt-2 space-y-3">
            {form.steps.map((step, stepIndex) => {
              const at = `templates.${index}.steps.${stepIndex}`;
              const id = `template-${form.divisionId}-${stepIndex}`;
              const name = step.label.trim() || KIND_OPTIONS.find((option) => option.kind === step.kind)?.name;
              return (
                <li
                  key={step.key}
                  className="grid gap-2 border-t border-slate-200 pt-2 sm:grid-cols-6 dark:border-slate-700"
                  aria-label={`${form.divisionName}: step ${stepIndex + 1}, ${name}`}
                >
                  <Field id={`${id}-kind`} label="Step" error={problems.get(`${at}.kind`)}>
                    {(control) => (
                      <select
                        {...control}
                        value={step.kind}
                        onChange={(event) =>
                          update(changeStep(forms, index, stepIndex, { kind: event.target.value as StepKind }))
                        }
                      >
                        {KIND_OPTIONS.map((option) => (
                          <option key={option.kind} value={option.kind}>
                            {option.name}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field
                    id={`${id}-label`}
                    label="Called"
                    hint="Empty: the step's name"
                    error={problems.get(`${at}.label`)}
                  >
                    {(control) => (
                      <input
                        {...control}
                        value={step.label}
                        onChange={(event) => update(changeStep(forms, index, stepIndex, { label: event.target.value }))}
                      />
                    )}
                  </Field>
                  <Field
                    id={`${id}-offset`}
                    label="Starts, minutes from the performance"
                    hint={offsetText(step.offsetMinutes)}
                    error={problems.get(`${at}.offsetMinutes`)}
                  >
                    {(control) => (
                      <input
                        {...control}
                        inputMode="numeric"
                        value={step.offsetMinutes}
                        onChange={(event) =>
                          update(changeStep(forms, index, stepIndex, { offsetMinutes: event.target.value }))
                        }
                      />
                    )}
                  </Field>
                  <Field id={`${id}-minutes`} label="Minutes" error={problems.get(`${at}.minutes`)}>
                    {(control) => (
                      <input
                        {...control}
                        inputMode="numeric"
                        value={step.minutes}
                        onChange={(event) =>
                          update(changeStep(forms, index, stepIndex, { minutes: event.target.value }))
                        }
                      />
                    )}
                  </Field>
                  <Field id={`${id}-location`} label="Where" error={problems.get(`${at}.location`)}>
                    {(control) => (
                      <input
                        {...control}
                        value={step.location}
                        onChange={(event) =>
                          update(changeStep(forms, index, stepIndex, { location: event.target.value }))
                        }
                      />
                    )}
                  </Field>
                  <div className="flex items-end">
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() => update(removeStep(forms, index, stepIndex))}
                      aria-label={`Remove ${name} from ${form.divisionName}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => update(addStep(forms, index))}>
            Add a step to {form.divisionName}
          </button>
        </fieldset>
      ))}
      {write.error ? (
        <Notice tone="error" role="alert">
          {general.length > 0
            ? general.map(([name, message]) => `${name}: ${message}`).join(' ')
            : refused.size > 0
              ? 'The steps were not saved: see the fields named above.'
              : problemText(write.error)}
        </Notice>
      ) : null}
      {write.isSuccess && !write.isPending ? (
        <Notice>Steps saved: every group&apos;s itinerary and the logistical schedule show them.</Notice>
      ) : null}
      <button type="submit" className={primaryButton} disabled={write.isPending}>
        {write.isPending ? 'Saving…' : 'Save steps'}
      </button>
    </form>
  );
}

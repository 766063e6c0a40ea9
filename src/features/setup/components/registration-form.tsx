import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/notice';
import { Field } from '../../../components/signed-in/field';
import { inputClass, primaryButton } from '../../../components/signed-in/modal';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { Division } from '../api/get-divisions';
import type { RegistrationWindow } from '../api/get-registration';
import { setupKeys } from '../api/keys';
import { saveRegistration } from '../api/registration-writes';
import { formFromWindow, offeredIndex, requestOf, type RegistrationForm } from '../utils/registration-model';

const narrowInput = inputClass.replace('w-full', 'w-24');

/**
 * Opening or changing a competition's registration, saved whole: the dates, a note, and each division offered with
 * its capacity and fee. What was typed stays whatever the API answers; each refusal shows at its field.
 */
export function RegistrationWindowForm({
  competitionId,
  contestDate,
  window,
  divisions,
}: {
  competitionId: number;
  contestDate: string;
  window: RegistrationWindow | null;
  divisions: readonly Division[];
}) {
  const [form, setForm] = useState<RegistrationForm>(() => formFromWindow(window, divisions, contestDate, new Date()));
  const [checked, setChecked] = useState<Map<string, string>>(new Map());
  const write = useWrite({
    write: (request: Parameters<typeof saveRegistration>[1]) => saveRegistration(competitionId, request),
    stale: () => [setupKeys.registration(competitionId)],
  });
  const problems = new Map([...checked, ...fieldErrors(write.error)]);
  const update = (next: RegistrationForm) => {
    setForm(next);
    write.reset();
  };
  const updateRow = (divisionId: number, change: Partial<RegistrationForm['divisions'][number]>) =>
    update({
      ...form,
      divisions: form.divisions.map((row) => (row.divisionId === divisionId ? { ...row, ...change } : row)),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = requestOf(form);
    if (!result.ok) {
      setChecked(result.problems);
      return;
    }
    setChecked(new Map());
    write.mutate(result.request);
  };
  const named = (name: string) =>
    ['opensAt', 'closesAt', 'note', 'divisions'].includes(name) || /^divisions\.\d+\./.test(name);
  const general = [...fieldErrors(write.error)].filter(([name]) => !named(name));

  return (
    <form onSubmit={submit} noValidate aria-label="Registration" className="mt-4 space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="registration-opens" label="Registration opens" error={problems.get('opensAt')}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={form.opensAt}
              onChange={(event) => update({ ...form, opensAt: event.target.value })}
            />
          )}
        </Field>
        <Field
          id="registration-closes"
          label="Registration closes"
          hint="Groups register until then"
          error={problems.get('closesAt')}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={form.closesAt}
              onChange={(event) => update({ ...form, closesAt: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field
        id="registration-note"
        label="Note to groups"
        hint="Shown with the divisions and fees"
        error={problems.get('note')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={form.note}
            onChange={(event) => update({ ...form, note: event.target.value })}
          />
        )}
      </Field>
      <fieldset aria-describedby={problems.has('divisions') ? 'registration-divisions-error' : undefined}>
        <legend className="text-lg font-semibold">Divisions offered</legend>
        {problems.has('divisions') ? (
          <p id="registration-divisions-error" className="text-sm text-red-800 dark:text-red-300">
            {problems.get('divisions')}
          </p>
        ) : null}
        <ul className="mt-2 divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-600 dark:border-slate-600">
          {form.divisions.map((row) => {
            const index = offeredIndex(form, row.divisionId);
            const capacityError = index < 0 ? undefined : problems.get(`divisions.${index}.capacity`);
            const feeError = index < 0 ? undefined : problems.get(`divisions.${index}.feeCents`);
            const idError = index < 0 ? undefined : problems.get(`divisions.${index}.divisionId`);
            return (
              <li key={row.divisionId} className="flex flex-wrap items-end gap-x-4 gap-y-2 px-3 py-2 text-sm">
                <label className="flex min-w-40 flex-1 items-center gap-2 font-medium">
                  <input
                    type="checkbox"
                    checked={row.offered}
                    onChange={(event) => updateRow(row.divisionId, { offered: event.target.checked })}
                  />
                  {row.divisionName}
                </label>
                {row.offered ? (
                  <>
                    <Field
                      id={`registration-capacity-${row.divisionId}`}
                      label={
                        <>
                          Places<span className="sr-only"> in {row.divisionName}</span>
                        </>
                      }
                      error={capacityError}
                    >
                      {(control) => (
                        <input
                          {...control}
                          className={narrowInput}
                          inputMode="numeric"
                          value={row.capacity}
                          onChange={(event) => updateRow(row.divisionId, { capacity: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      id={`registration-fee-${row.divisionId}`}
                      label={
                        <>
                          Fee, $<span className="sr-only"> for {row.divisionName}</span>
                        </>
                      }
                      error={feeError}
                    >
                      {(control) => (
                        <input
                          {...control}
                          className={narrowInput}
                          inputMode="decimal"
                          value={row.fee}
                          onChange={(event) => updateRow(row.divisionId, { fee: event.target.value })}
                        />
                      )}
                    </Field>
                    {idError ? <p className="w-full text-sm text-red-800 dark:text-red-300">{idError}</p> : null}
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {write.error ? (
        <Notice tone="error" role="alert">
          {general.length > 0
            ? general.map(([name, message]) => `${name}: ${message}`).join(' ')
            : fieldErrors(write.error).size > 0
              ? 'Registration was not saved: see the fields named above.'
              : problemText(write.error)}
        </Notice>
      ) : null}
      {write.isSuccess && !write.isPending ? <Notice>Registration saved: groups see it as it is now.</Notice> : null}
      <button type="submit" className={primaryButton} disabled={write.isPending}>
        {write.isPending ? 'Saving…' : window ? 'Save registration' : 'Open registration'}
      </button>
    </form>
  );
}

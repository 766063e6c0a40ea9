import { useState, type FormEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { Notice } from '../../../components/notice';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { primaryButton, RefusalNotice, secondaryButton } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import { createSeason, updateSeason, type CreateSeason, type UpdateSeason } from '../api/season-writes';
import type { Season } from '../api/get-seasons';
import { normalField } from '../utils/sheet-model';
import { Field } from '../../../components/signed-in/field';
import { useChecks } from '../../../lib/signed-in/use-checks';

const FIELDS = ['name', 'year', 'startDate', 'endDate'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const valuesOf = (season?: Season): Values => ({
  name: season?.name ?? '',
  year: season ? String(season.year) : '',
  startDate: season?.startDate.slice(0, 10) ?? '',
  endDate: season?.endDate.slice(0, 10) ?? '',
});

/** What the page can tell before sending; the API checks it all again and names the field it refuses. */
function check(values: Values): Partial<Record<FieldName, string>> {
  const found: Partial<Record<FieldName, string>> = {};
  if (values.name.trim() === '') found.name = 'Give the season a name.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate)) found.startDate = 'Give the first day of the season.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.endDate)) found.endDate = 'Give the last day of the season.';
  else if (values.startDate && values.endDate < values.startDate)
    found.endDate = 'The last day cannot be before the first day.';
  const year = values.year.trim();
  if (year !== '' && !(/^\d{4}$/.test(year) && Number(year) >= 1900 && Number(year) <= 2200))
    found.year = 'A year such as 2027 (or leave it empty: the year of the last day).';
  return found;
}

/**
 * Adding a season (no `season`) or changing one: its name, the year the circuit names it by, its first and last
 * day. A change sends only the fields that changed. A refusal shows at its field and keeps what was typed.
 */
export function SeasonForm({
  season,
  onSaved,
  onCancel,
}: {
  season?: Season;
  onSaved?: (saved: Season) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(season));
  const checks = useChecks(() => check(values));
  const typed = FIELDS.some((field) => values[field] !== valuesOf(season)[field]);
  useUnsaved(typed ? (season ? `the changes to ${season.name}` : 'the new season') : null);
  const save = useWrite({
    // a new season's body is whole (submit builds it); a change sends only what changed
    write: async (body: CreateSeason | UpdateSeason) =>
      (season ? await updateSeason(season.id, body) : await createSeason(body as CreateSeason)).body,
    stale: () => [setupKeys.seasons()],
    onSuccess: (saved) => {
      if (!season) {
        setValues(valuesOf());
        checks.reset();
      }
      onSaved?.(saved);
    },
  });
  const { error, isPending: sending } = save;
  /** the last save's word, gone as soon as another is tried (so a refusal never sits under an old "added") */
  const done = save.data ? `${save.data.name} ${season ? 'saved' : 'added'}.` : null;
  const serverErrors = new Map([...fieldErrors(error)].map(([name, message]) => [normalField(name), message]));
  const prefix = season ? `season-${season.id}` : 'new-season';
  const set = (name: FieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const passed = checks.passes();
    if (save.isSuccess) save.reset();
    if (!passed) return;
    const initial = valuesOf(season);
    const body = {
      ...(values.name.trim() !== initial.name ? { name: values.name.trim() } : {}),
      ...(values.startDate !== initial.startDate ? { startDate: values.startDate } : {}),
      ...(values.endDate !== initial.endDate ? { endDate: values.endDate } : {}),
      ...(values.year.trim() !== initial.year && values.year.trim() !== '' ? { year: Number(values.year) } : {}),
    };
    save.mutate(
      season ? body : { name: values.name.trim(), startDate: values.startDate, endDate: values.endDate, ...body },
    );
  };

  const errorOf = (name: FieldName) => checks.errors.get(name) ?? serverErrors.get(name);
  const general = [...serverErrors.entries()].filter(([name]) => !(FIELDS as readonly string[]).includes(name));
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={`${prefix}-name`} label="Name" error={errorOf('name')} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={values.name}
              onChange={(event) => set('name')(event.target.value)}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          id={`${prefix}-year`}
          label="Year (optional)"
          error={errorOf('year')}
          hint="Empty: the year of the last day"
          className="min-w-0"
        >
          {(control) => (
            <input
              {...control}
              value={values.year}
              onChange={(event) => set('year')(event.target.value)}
              inputMode="numeric"
              maxLength={4}
            />
          )}
        </Field>
        <Field id={`${prefix}-start`} label="First day" error={errorOf('startDate')} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={values.startDate}
              onChange={(event) => set('startDate')(event.target.value)}
              type="date"
            />
          )}
        </Field>
        <Field id={`${prefix}-end`} label="Last day" error={errorOf('endDate')} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={values.endDate}
              onChange={(event) => set('endDate')(event.target.value)}
              type="date"
            />
          )}
        </Field>
      </div>
      <RefusalNotice
        error={error}
        general={general}
        fieldsNamed={[...serverErrors.keys()].filter((name) => (FIELDS as readonly string[]).includes(name)).length}
      />
      <div aria-live="polite">{done ? <Notice>{done}</Notice> : null}</div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Saving…' : season ? 'Save season' : 'Add season'}
        </button>
      </div>
    </form>
  );
}

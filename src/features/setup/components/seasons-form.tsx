import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/notice';
import { fieldErrors } from '../../manage/api/problems';
import { primaryButton, RefusalNotice, secondaryButton } from '../../manage/components/modal';
import { createSeason, refreshSeasons, updateSeason, type Season } from '../api/seasons-api';
import { normalField } from '../utils/sheet-model';
import { SheetsField } from './sheets-field';

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
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(season));
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  /** the last save's word, gone as soon as another is tried (so a refusal never sits under an old "added") */
  const [done, setDone] = useState<string | null>(null);
  const serverErrors = new Map([...fieldErrors(error)].map(([name, message]) => [normalField(name), message]));
  const prefix = season ? `season-${season.id}` : 'new-season';
  const set = (name: FieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = check(values);
    setLocal(checks);
    setDone(null);
    if (Object.keys(checks).length > 0) return;
    const initial = valuesOf(season);
    const body = {
      ...(values.name.trim() !== initial.name ? { name: values.name.trim() } : {}),
      ...(values.startDate !== initial.startDate ? { startDate: values.startDate } : {}),
      ...(values.endDate !== initial.endDate ? { endDate: values.endDate } : {}),
      ...(values.year.trim() !== initial.year && values.year.trim() !== '' ? { year: Number(values.year) } : {}),
    };
    setSending(true);
    setError(null);
    try {
      const saved = season
        ? (await updateSeason(season.id, body)).body
        : (
            await createSeason({
              name: values.name.trim(),
              startDate: values.startDate,
              endDate: values.endDate,
              ...body,
            })
          ).body;
      await refreshSeasons(queryClient);
      if (!season) setValues(valuesOf());
      setDone(`${saved.name} ${season ? 'saved' : 'added'}.`);
      onSaved?.(saved);
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  };

  const errorOf = (name: FieldName) => local[name] ?? serverErrors.get(name);
  const general = [...serverErrors.entries()].filter(([name]) => !(FIELDS as readonly string[]).includes(name));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SheetsField
          id={`${prefix}-name`}
          label="Name"
          value={values.name}
          onChange={set('name')}
          error={errorOf('name')}
          maxLength={200}
          autoComplete="off"
        />
        <SheetsField
          id={`${prefix}-year`}
          label="Year (optional)"
          hint="Empty: the year of the last day"
          value={values.year}
          onChange={set('year')}
          error={errorOf('year')}
          inputMode="numeric"
          maxLength={4}
        />
        <SheetsField
          id={`${prefix}-start`}
          label="First day"
          type="date"
          value={values.startDate}
          onChange={set('startDate')}
          error={errorOf('startDate')}
        />
        <SheetsField
          id={`${prefix}-end`}
          label="Last day"
          type="date"
          value={values.endDate}
          onChange={set('endDate')}
          error={errorOf('endDate')}
        />
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

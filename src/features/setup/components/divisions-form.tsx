import { useQuery } from '@tanstack/react-query';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { useState, type FormEvent, type ReactNode } from 'react';
import { GROUP_TYPES } from '../../../../domain/group-types';
import { Notice } from '../../../components/notice';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import {
  FieldError,
  inputClass,
  primaryButton,
  RefusalNotice,
  secondaryButton,
} from '../../../components/signed-in/modal';
import { catalogueQueryOptions, type CatalogueSheet } from '../api/get-score-sheets';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import { createDivision, updateDivision, type CreateDivision, type UpdateDivision } from '../api/division-writes';
import type { Division } from '../api/get-divisions';
import type { DivisionSheet } from '../api/get-division-sheet';
import {
  categorySummary,
  draftFromSheet,
  newSheet,
  normalField,
  sheetMaximum,
  toSheetInput,
  type ScoreSheetInput,
  type SheetDraft,
} from '../utils/sheet-model';
import { maxText, SheetBuilder } from './sheet-builder';
import { Field } from '../../../components/signed-in/field';
import { useChecks } from '../../../lib/signed-in/use-checks';

type SheetMode = 'keep' | 'catalogue' | 'build';
const DIVISION_FIELDS = ['name', 'initials', 'groupTypeId', 'sortOrder', 'sheetKey'];

export interface SavedDivision {
  division: Division;
  sheetName: string;
  maximum: number | null;
}

/**
 * Adding a division (no `division`) or changing one: name, initials, group type, order, and the score sheet it is
 * judged on, picked from the catalogue or built here (or, on a change, kept). A change sends only what changed.
 * What is typed stays whatever the API answers; its refusal shows at the field it names.
 */
export function DivisionForm({
  division,
  current,
  onSaved,
  onSubmitting,
  onCancel,
}: {
  division?: Division;
  /** the division's sheet now, when changing one */
  current?: DivisionSheet;
  onSaved: (saved: SavedDivision) => void;
  /** a save is tried: the page's word about the last one goes */
  onSubmitting?: () => void;
  onCancel?: () => void;
}) {
  const catalogue = useQuery(catalogueQueryOptions());
  const prefix = division ? `division-${division.id}` : 'new-division';
  const [name, setName] = useState(division?.name ?? '');
  const [initials, setInitials] = useState(division?.initials ?? '');
  const [groupTypeId, setGroupTypeId] = useState(division ? String(division.groupType.id) : '');
  const [sortOrder, setSortOrder] = useState(division ? String(division.sortOrder) : '');
  const [mode, setMode] = useState<SheetMode>(division ? 'keep' : 'catalogue');
  const [sheetKey, setSheetKey] = useState(current?.key ?? '');
  const [draft, setDraft] = useState<SheetDraft>(() => (current ? draftFromSheet(current.sheet) : newSheet()));
  // a sheet built or copied here is work to lose, whatever else is typed
  const [sheetTouched, setSheetTouched] = useState(false);
  const changeDraft = (next: SheetDraft) => {
    setDraft(next);
    setSheetTouched(true);
  };
  const typed =
    name !== (division?.name ?? '') ||
    initials !== (division?.initials ?? '') ||
    sortOrder !== (division ? String(division.sortOrder) : '') ||
    (mode === 'build' && sheetTouched);
  useUnsaved(typed ? (division ? `the changes to ${division.name}` : 'the new division') : null);
  const save = useWrite({
    // a new division's body is whole (submit builds it); a change sends only what changed
    write: async ({ body }: { body: CreateDivision | UpdateDivision; sent: Omit<SavedDivision, 'division'> }) =>
      (division ? await updateDivision(division.id, body) : await createDivision(body as CreateDivision)).body,
    stale: () => [setupKeys.divisions()],
    onSuccess: (saved, { sent }) => {
      onSaved({ division: saved, ...sent });
      if (!division) {
        setName('');
        setInitials('');
        setSortOrder('');
        setDraft(newSheet());
        setSheetTouched(false);
        checks.reset();
      }
    },
  });
  const { error, isPending: sending } = save;
  const serverErrors = new Map([...fieldErrors(error)].map(([field, message]) => [normalField(field), message]));

  const sheets = catalogue.data ?? [];
  const forType = sheets.filter((entry) => String(entry.groupType.id) === groupTypeId);
  const choices = forType.length > 0 ? forType : sheets;
  const chosen = sheets.find((entry) => entry.key === sheetKey);

  /** What is wrong with what is typed now, and the sheet it sends when nothing is. */
  const checked = () => {
    const found = new Map<string, string>();
    if (name.trim() === '') found.set('name', 'Give the division a name.');
    if (initials.trim() === '') found.set('initials', 'Give its initials (as recaps print them, e.g. "SA").');
    if (groupTypeId === '') found.set('groupTypeId', 'Choose the kind of group it holds.');
    if (sortOrder.trim() !== '' && !/^-?\d+$/.test(sortOrder.trim()))
      found.set('sortOrder', 'A whole number: lower comes first.');
    let sheet: { sheetKey: string } | { sheet: ScoreSheetInput } | Record<string, never> = {};
    if (mode === 'catalogue') {
      if (!chosen) found.set('sheetKey', 'Choose a score sheet from the catalogue.');
      else sheet = { sheetKey: chosen.key };
    } else if (mode === 'build') {
      const built = toSheetInput(draft);
      if (built.ok) sheet = { sheet: built.sheet };
      else for (const [field, message] of built.errors) found.set(field, message);
    }
    return { found, sheet };
  };
  const checks = useChecks(() => checked().found);
  const errors = new Map([...serverErrors, ...checks.errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitting?.();
    if (!checks.passes()) return;
    const { sheet } = checked();
    const fields = {
      name: name.trim(),
      initials: initials.trim(),
      groupTypeId: Number(groupTypeId),
      ...(sortOrder.trim() === '' ? {} : { sortOrder: Number(sortOrder) }),
    };
    const changed = division && {
      ...(fields.name !== division.name ? { name: fields.name } : {}),
      ...(fields.initials !== division.initials ? { initials: fields.initials } : {}),
      ...(fields.groupTypeId !== division.groupType.id ? { groupTypeId: fields.groupTypeId } : {}),
      ...(fields.sortOrder !== undefined && fields.sortOrder !== division.sortOrder
        ? { sortOrder: fields.sortOrder }
        : {}),
      ...sheet,
    };
    const sent = 'sheet' in sheet ? sheet.sheet : chosen?.sheet;
    save.mutate({
      body: changed ?? { ...fields, ...sheet },
      sent: {
        sheetName: sent?.name ?? current?.sheet.name ?? '',
        maximum: 'sheet' in sheet ? sheetMaximum(sheet.sheet) : chosen ? sheetMaximum(chosen.sheet) : null,
      },
    });
  };

  const general = [...serverErrors.entries()].filter(
    ([field]) => !DIVISION_FIELDS.includes(field) && !(mode === 'build' && field.startsWith('sheet')),
  );
  const groupTypeError = errors.get('groupTypeId');
  const sheetKeyError = errors.get('sheetKey') ?? (mode === 'catalogue' ? errors.get('sheet') : undefined);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={`${prefix}-name`} label="Name" error={errors.get('name')} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </Field>
        <Field id={`${prefix}-initials`} label="Initials" error={errors.get('initials')} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={initials}
              onChange={(event) => setInitials(event.target.value)}
              maxLength={20}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="min-w-0">
          <label htmlFor={`${prefix}-group-type`} className="block text-sm font-medium">
            Kind of group
          </label>
          <select
            id={`${prefix}-group-type`}
            value={groupTypeId}
            onChange={(event) => setGroupTypeId(event.target.value)}
            aria-invalid={groupTypeError ? true : undefined}
            aria-describedby={groupTypeError ? `${prefix}-group-type-error` : undefined}
            className={`${inputClass} h-[2.125rem]`}
          >
            <option value="">Choose…</option>
            {GROUP_TYPES.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
          <FieldError id={`${prefix}-group-type-error`} message={groupTypeError} />
        </div>
        <Field
          id={`${prefix}-sort-order`}
          label="Order (optional)"
          error={errors.get('sortOrder')}
          hint="Lower comes first on recaps"
          className="min-w-0"
        >
          {(control) => (
            <input
              {...control}
              value={sortOrder}
              onChange={(event) => setSortOrder(event.target.value)}
              inputMode="numeric"
              maxLength={7}
            />
          )}
        </Field>
      </div>
      <fieldset className="min-w-0 space-y-3">
        <legend className="text-base font-semibold">Score sheet</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {division ? (
            <Choice name={`${prefix}-sheet-mode`} value="keep" mode={mode} setMode={setMode}>
              Keep its sheet{current ? ` (${current.sheet.name}, out of ${maxText(sheetMaximum(current.sheet))})` : ''}
            </Choice>
          ) : null}
          <Choice name={`${prefix}-sheet-mode`} value="catalogue" mode={mode} setMode={setMode}>
            From the catalogue
          </Choice>
          <Choice name={`${prefix}-sheet-mode`} value="build" mode={mode} setMode={setMode}>
            Build our own
          </Choice>
        </div>
        {mode === 'catalogue' ? (
          <CataloguePicker
            id={`${prefix}-sheet-key`}
            loading={catalogue.isPending}
            failed={catalogue.isError ? problemText(catalogue.error) : null}
            choices={choices}
            sheetKey={sheetKey}
            setSheetKey={setSheetKey}
            error={sheetKeyError}
            onCopy={(entry) => {
              changeDraft(draftFromSheet(entry.sheet, `${entry.sheet.name} (ours)`));
              setMode('build');
            }}
          />
        ) : null}
        {mode === 'build' ? (
          <SheetBuilder draft={draft} onChange={changeDraft} errors={errors} idPrefix={prefix} />
        ) : null}
      </fieldset>
      <RefusalNotice error={error} general={general} fieldsNamed={serverErrors.size} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Saving…' : division ? 'Save division' : 'Add division'}
        </button>
      </div>
    </form>
  );
}

function Choice({
  name,
  value,
  mode,
  setMode,
  children,
}: {
  name: string;
  value: SheetMode;
  mode: SheetMode;
  setMode: (mode: SheetMode) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={name} value={value} checked={mode === value} onChange={() => setMode(value)} />
      {children}
    </label>
  );
}

function CataloguePicker({
  id,
  loading,
  failed,
  choices,
  sheetKey,
  setSheetKey,
  error,
  onCopy,
}: {
  id: string;
  loading: boolean;
  failed: string | null;
  choices: CatalogueSheet[];
  sheetKey: string;
  setSheetKey: (key: string) => void;
  error?: string;
  onCopy: (entry: CatalogueSheet) => void;
}) {
  if (loading) return <p className="text-sm">Loading the catalogue…</p>;
  if (failed)
    return (
      <Notice tone="error" role="alert">
        Could not load the catalogue of score sheets: {failed}
      </Notice>
    );
  const chosen = choices.find((entry) => entry.key === sheetKey);
  return (
    <div className="space-y-2">
      <div className="min-w-0 sm:max-w-md">
        <label htmlFor={id} className="block text-sm font-medium">
          Catalogue sheet
        </label>
        <select
          id={id}
          value={chosen ? sheetKey : ''}
          onChange={(event) => setSheetKey(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} h-[2.125rem]`}
        >
          <option value="">Choose…</option>
          {choices.map((entry) => (
            <option key={entry.key} value={entry.key}>
              {entry.sheet.name} ({entry.groupType.name})
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      {chosen ? (
        <div className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          <p className="font-semibold" data-testid="sheet-maximum">
            Maximum total: {maxText(sheetMaximum(chosen.sheet))}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {chosen.sheet.categories.map((category) => (
              <li key={category.key}>{categorySummary(category)}</li>
            ))}
          </ul>
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => onCopy(chosen)}>
            Start our own from this sheet
          </button>
        </div>
      ) : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { FieldError, inputClass, secondaryButton } from '../../../components/signed-in/modal';
import {
  captionMaximum,
  COMBINE_CHOICES,
  draftMaximum,
  newCaption,
  newCategory,
  newLine,
  roundTo,
  sheetField,
  type CaptionDraft,
  type CategoryDraft,
  type CombineRule,
  type LineDraft,
  type SheetDraft,
} from '../utils/sheet-model';
import { Field } from '../../../components/signed-in/field';

const removeButton =
  'rounded border border-slate-400 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800';

const replaced = <T,>(list: readonly T[], index: number, value: T) =>
  list.map((item, i) => (i === index ? value : item));
const without = <T,>(list: readonly T[], index: number) => list.filter((_, i) => i !== index);

/** A number for a maximum: three fraction digits at most, as recaps print. */
export const maxText = (value: number) => roundTo(value).toLocaleString(undefined, { maximumFractionDigits: 3 });

/**
 * Building a score sheet in the page: categories (each with its combine rule), their captions, each caption's lines
 * (subcaptions) with maximum, step and weight; the sheet's maximum total is worked out as it is typed. Every input
 * is labelled; each category, caption and line is a group named for where it is, so a screen reader (and a test)
 * knows which "Maximum" it is in. `errors` are keyed by the API's field names (sheet-model's `sheetField`).
 */
export function SheetBuilder({
  draft,
  onChange,
  errors,
  idPrefix,
}: {
  draft: SheetDraft;
  onChange: (draft: SheetDraft) => void;
  errors: Map<string, string>;
  idPrefix: string;
}) {
  const total = draftMaximum(draft);
  const setCategory = (c: number, category: CategoryDraft) =>
    onChange({ ...draft, categories: replaced(draft.categories, c, category) });
  const categoriesError = errors.get('sheet.categories');
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Field
          id={`${idPrefix}-sheet-name`}
          label="Sheet name"
          error={errors.get(sheetField.name)}
          className="min-w-0 w-full sm:w-72"
        >
          {(control) => (
            <input
              {...control}
              value={draft.name}
              onChange={(event) => onChange({ ...draft, name: event.target.value })}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </Field>
        <p
          aria-live="polite"
          className="rounded-md bg-slate-100 px-3 py-1.5 text-base font-semibold dark:bg-slate-800"
          data-testid="sheet-maximum"
        >
          Maximum total: {maxText(total)}
        </p>
      </div>
      <FieldError id={`${idPrefix}-categories-error`} message={categoriesError} />
      {draft.categories.map((category, c) => (
        <CategoryEditor
          key={category.id}
          category={category}
          c={c}
          idPrefix={`${idPrefix}-c${c}`}
          errors={errors}
          onChange={(changed) => setCategory(c, changed)}
          onRemove={
            draft.categories.length > 1
              ? () => onChange({ ...draft, categories: without(draft.categories, c) })
              : undefined
          }
        />
      ))}
      <button
        type="button"
        className={secondaryButton}
        onClick={() => onChange({ ...draft, categories: [...draft.categories, newCategory()] })}
      >
        Add a category
      </button>
      {/* again at the foot of a long sheet, beside the save: the total in sight wherever the typing is */}
      <p className="text-right text-base font-semibold">Maximum total: {maxText(total)}</p>
    </div>
  );
}

function Group({ legend, children, tone }: { legend: string; children: ReactNode; tone: 'category' | 'caption' }) {
  return (
    <fieldset
      className={
        tone === 'category'
          ? 'min-w-0 space-y-3 rounded-md border border-slate-300 p-3 dark:border-slate-700'
          : 'min-w-0 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-2 sm:p-3 dark:border-slate-800 dark:bg-slate-900'
      }
    >
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function CategoryEditor({
  category,
  c,
  idPrefix,
  errors,
  onChange,
  onRemove,
}: {
  category: CategoryDraft;
  c: number;
  idPrefix: string;
  errors: Map<string, string>;
  onChange: (category: CategoryDraft) => void;
  onRemove?: () => void;
}) {
  const at = sheetField.category(c);
  const combineId = `${idPrefix}-combine`;
  const categoryTotal = draftMaximum({ name: '', categories: [category] });
  const label = `Category ${c + 1}${category.name.trim() ? `: ${category.name.trim()}` : ''}`;
  return (
    <Group legend={`${label} (out of ${maxText(categoryTotal)})`} tone="category">
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <Field
          id={`${idPrefix}-name`}
          label="Category name"
          error={errors.get(`${at}.name`) ?? errors.get(`${at}.key`)}
          className="min-w-0"
        >
          {(control) => (
            <input
              {...control}
              value={category.name}
              onChange={(event) => onChange({ ...category, name: event.target.value })}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="min-w-0">
          <label htmlFor={combineId} className="block text-sm font-medium">
            Captions combine as
          </label>
          <select
            id={combineId}
            value={category.combine}
            onChange={(event) => onChange({ ...category, combine: event.target.value as CombineRule })}
            className={`${inputClass} h-[2.125rem]`}
            aria-invalid={errors.has(`${at}.combine`) ? true : undefined}
            aria-describedby={errors.has(`${at}.combine`) ? `${combineId}-error` : undefined}
          >
            {COMBINE_CHOICES.map((choice) => (
              <option key={choice.rule} value={choice.rule}>
                {choice.label}
              </option>
            ))}
          </select>
          <FieldError id={`${combineId}-error`} message={errors.get(`${at}.combine`)} />
        </div>
        {onRemove ? (
          <button type="button" className={removeButton} onClick={onRemove} aria-label={`Remove ${label}`}>
            Remove
          </button>
        ) : null}
      </div>
      <FieldError id={`${idPrefix}-captions-error`} message={errors.get(`${at}.captions`)} />
      {category.captions.map((caption, k) => (
        <CaptionEditor
          key={caption.id}
          caption={caption}
          c={c}
          k={k}
          idPrefix={`${idPrefix}-k${k}`}
          errors={errors}
          onChange={(changed) => onChange({ ...category, captions: replaced(category.captions, k, changed) })}
          onRemove={
            category.captions.length > 1
              ? () => onChange({ ...category, captions: without(category.captions, k) })
              : undefined
          }
        />
      ))}
      <button
        type="button"
        className={secondaryButton}
        onClick={() => onChange({ ...category, captions: [...category.captions, newCaption()] })}
      >
        Add a caption to {category.name.trim() || `category ${c + 1}`}
      </button>
    </Group>
  );
}

function CaptionEditor({
  caption,
  c,
  k,
  idPrefix,
  errors,
  onChange,
  onRemove,
}: {
  caption: CaptionDraft;
  c: number;
  k: number;
  idPrefix: string;
  errors: Map<string, string>;
  onChange: (caption: CaptionDraft) => void;
  onRemove?: () => void;
}) {
  const at = sheetField.caption(c, k);
  const label = `Caption ${c + 1}.${k + 1}${caption.name.trim() ? `: ${caption.name.trim()}` : ''}`;
  return (
    <Group legend={`${label} (out of ${maxText(captionMaximum(caption))})`} tone="caption">
      <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[2fr_1fr_auto]">
        <Field
          id={`${idPrefix}-name`}
          label="Caption name"
          error={errors.get(`${at}.name`) ?? errors.get(`${at}.key`)}
          className="min-w-0"
        >
          {(control) => (
            <input
              {...control}
              value={caption.name}
              onChange={(event) => onChange({ ...caption, name: event.target.value })}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          id={`${idPrefix}-initials`}
          label="Initials (optional)"
          error={errors.get(`${at}.initials`)}
          className="min-w-0"
        >
          {(control) => (
            <input
              {...control}
              value={caption.initials}
              onChange={(event) => onChange({ ...caption, initials: event.target.value })}
              maxLength={20}
              autoComplete="off"
            />
          )}
        </Field>
        {onRemove ? (
          <button type="button" className={removeButton} onClick={onRemove} aria-label={`Remove ${label}`}>
            Remove
          </button>
        ) : null}
      </div>
      <FieldError id={`${idPrefix}-lines-error`} message={errors.get(`${at}.subcaptions`)} />
      {caption.lines.map((line, s) => (
        <LineEditor
          key={line.id}
          line={line}
          at={sheetField.line(c, k, s)}
          legend={`Subcaption ${s + 1} of caption ${c + 1}.${k + 1}`}
          idPrefix={`${idPrefix}-s${s}`}
          errors={errors}
          onChange={(changed) => onChange({ ...caption, lines: replaced(caption.lines, s, changed) })}
          onRemove={
            caption.lines.length > 1 ? () => onChange({ ...caption, lines: without(caption.lines, s) }) : undefined
          }
        />
      ))}
      <button
        type="button"
        className={secondaryButton}
        onClick={() => onChange({ ...caption, lines: [...caption.lines, newLine()] })}
      >
        Add a subcaption to {caption.name.trim() || `caption ${c + 1}.${k + 1}`}
      </button>
    </Group>
  );
}

function LineEditor({
  line,
  at,
  legend,
  idPrefix,
  errors,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  at: string;
  legend: string;
  idPrefix: string;
  errors: Map<string, string>;
  onChange: (line: LineDraft) => void;
  onRemove?: () => void;
}) {
  const set = (name: 'name' | 'initials' | 'max' | 'step' | 'weight') => (value: string) =>
    onChange({ ...line, [name]: value });
  const number = { inputMode: 'decimal' as const, autoComplete: 'off' };
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-2 dark:border-slate-700">
      <legend className="sr-only">{legend}</legend>
      <div className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]">
        <Field
          id={`${idPrefix}-name`}
          label="Subcaption name"
          error={errors.get(`${at}.name`) ?? errors.get(`${at}.key`)}
          className="min-w-0 col-span-2 sm:col-span-1"
        >
          {(control) => (
            <input
              {...control}
              value={line.name}
              onChange={(event) => set('name')(event.target.value)}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </Field>
        <Field id={`${idPrefix}-initials`} label="Initials" error={errors.get(`${at}.initials`)} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={line.initials}
              onChange={(event) => set('initials')(event.target.value)}
              maxLength={20}
              autoComplete="off"
            />
          )}
        </Field>
        <Field id={`${idPrefix}-max`} label="Maximum" error={errors.get(`${at}.max`)} className="min-w-0">
          {(control) => (
            <input {...control} value={line.max} onChange={(event) => set('max')(event.target.value)} {...number} />
          )}
        </Field>
        <Field id={`${idPrefix}-step`} label="Step" error={errors.get(`${at}.step`)} className="min-w-0">
          {(control) => (
            <input {...control} value={line.step} onChange={(event) => set('step')(event.target.value)} {...number} />
          )}
        </Field>
        <Field id={`${idPrefix}-weight`} label="Weight" error={errors.get(`${at}.weight`)} className="min-w-0">
          {(control) => (
            <input
              {...control}
              value={line.weight}
              onChange={(event) => set('weight')(event.target.value)}
              {...number}
            />
          )}
        </Field>
        {onRemove ? (
          <button
            type="button"
            className={`${removeButton} self-end`}
            onClick={onRemove}
            aria-label={`Remove ${legend.toLowerCase()}`}
          >
            Remove
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

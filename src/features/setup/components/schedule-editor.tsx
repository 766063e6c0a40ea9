import { useState, type FormEvent } from 'react';
import { BLOCK_KINDS, type BlockKind } from '../../../../domain/schedule/times';
import { Notice } from '../../../components/notice';
import { Field } from '../../../components/signed-in/field';
import { FieldError, inputClass, primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { formatTime } from '../../../lib/dates';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { ScheduleDraft } from '../api/get-schedule-draft';
import { setupKeys } from '../api/keys';
import { publishSchedule, saveScheduleDraft } from '../api/schedule-writes';
import type { TemplateStep } from '../../../../domain/schedule/itinerary';
import {
  addBlock,
  BLOCK_DEFAULTS,
  changeBlock,
  formFromDraft,
  moveRow,
  moveText,
  previewOf,
  removeBlock,
  requestOf,
  type ScheduleForm,
} from '../utils/schedule-model';

const smallButton =
  'rounded border border-slate-400 px-2 py-0.5 text-xs font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-500 dark:hover:bg-slate-800';

/** the signed-in inputs' look, sized by the caller */
const narrowInput = inputClass.replace('w-full', '');

interface Send {
  publish: boolean;
  reason: string;
  despiteConflicts: boolean;
}

/**
 * The draft as a form: times and intervals, the sequence with its computed times (moved with buttons, blocks added,
 * changed and removed), the conflicts in words, what moves against the published version; Save draft, Publish.
 */
export function ScheduleEditor({
  draft,
  templates,
}: {
  draft: ScheduleDraft;
  /** the saved logistical steps by division id: the API checks the day against them too */
  templates: ReadonlyMap<number, readonly TemplateStep[]>;
}) {
  const competitionId = draft.competition.id;
  const [form, setForm] = useState<ScheduleForm>(() => formFromDraft(draft));
  const [notice, setNotice] = useState<string>();
  const [reason, setReason] = useState('');
  const [despite, setDespite] = useState(false);
  const [blockKind, setBlockKind] = useState<BlockKind>('break');
  const [blockAt, setBlockAt] = useState(String(form.rows.length));
  const write = useWrite({
    write: async ({ publish, reason: why, despiteConflicts }: Send) => {
      const saved = await saveScheduleDraft(competitionId, requestOf(form));
      if (!publish) return { saved, version: undefined };
      const version = await publishSchedule(competitionId, {
        ...(why.trim() ? { reason: why.trim() } : {}),
        ...(despiteConflicts ? { despiteConflicts: true } : {}),
      });
      return { saved, version };
    },
    stale: () => [setupKeys.schedule(competitionId)],
    refreshAfterRefusal: true,
  });
  const preview = previewOf(form, templates);
  const refused = fieldErrors(write.error);
  const problems = new Map([...(preview.ok ? [] : preview.problems), ...refused]);
  const conflicts = preview.ok ? preview.conflicts : [];
  const publishedAt = new Map(
    draft.items.flatMap((item) => (item.kind === 'performance' ? [[item.performanceId, item.published] as const] : [])),
  );
  const moves = preview.ok
    ? preview.items.flatMap((item) => {
        if (item.kind !== 'performance' || !draft.published) return [];
        const was = publishedAt.get(item.performanceId) ?? null;
        const now = new Date(item.startsAt).toISOString();
        return was === now
          ? []
          : [{ performanceId: item.performanceId, groupName: item.groupName, from: was, to: now }];
      })
    : [];
  const needsReason = draft.published !== null;

  const update = (next: ScheduleForm) => {
    setForm(next);
    setNotice(undefined);
    write.reset();
  };
  const move = (index: number, delta: -1 | 1) => {
    const moved = moveRow(form, index, delta);
    if ('refusal' in moved) setNotice(moved.refusal);
    else {
      update(moved.form);
      // keep the keyboard on the row it moved, at its new place
      requestAnimationFrame(() =>
        document.getElementById(`schedule-move-${delta < 0 ? 'up' : 'down'}-${index + delta}`)?.focus(),
      );
    }
  };
  const send = (publish: boolean) => {
    setNotice(undefined);
    if (!preview.ok) {
      setNotice('Correct the fields named below first.');
      return;
    }
    if (publish && needsReason && reason.trim() === '') {
      setNotice('Say why the schedule changes: fans and staff see the reason with the new version.');
      return;
    }
    write.mutate({ publish, reason, despiteConflicts: despite });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const listedFields = (name: string) =>
    ['startsAt', 'endsAt', 'gapMinutes', 'reason'].includes(name) || /^(intervals|items)\.\d+\./.test(name);
  const general = [...refused].filter(([name]) => !listedFields(name));
  const done = write.isSuccess && !write.isPending ? write.data : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Schedule draft" className="mt-4 space-y-6">
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">The day</legend>
        <Field id="schedule-start" label="First item starts" error={problems.get('startsAt')}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={form.startsAt}
              onChange={(event) => update({ ...form, startsAt: event.target.value })}
            />
          )}
        </Field>
        <Field id="schedule-end" label="Venue ends" hint="Empty: no end time" error={problems.get('endsAt')}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={form.endsAt}
              onChange={(event) => update({ ...form, endsAt: event.target.value })}
            />
          )}
        </Field>
        <Field
          id="schedule-gap"
          label="Least gap, minutes"
          hint="Between a group's performances, and groups that may share members"
          error={problems.get('gapMinutes')}
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={form.gapMinutes}
              onChange={(event) => update({ ...form, gapMinutes: event.target.value })}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">Interval per division (minutes)</legend>
        {form.intervals.map((interval, index) => (
          <Field
            key={interval.divisionId}
            id={`schedule-interval-${interval.divisionId}`}
            label={interval.divisionName}
            error={problems.get(`intervals.${index}.minutes`)}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={interval.minutes}
                onChange={(event) =>
                  update({
                    ...form,
                    intervals: form.intervals.map((one, i) =>
                      i === index ? { ...one, minutes: event.target.value } : one,
                    ),
                  })
                }
              />
            )}
          </Field>
        ))}
      </fieldset>

      <section aria-labelledby="schedule-order">
        <h2 id="schedule-order" className="text-lg font-semibold">
          The order of the day
        </h2>
        {notice ? (
          <Notice tone="warning" role="alert">
            {notice}
          </Notice>
        ) : null}
        <ol className="mt-2 divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-600 dark:border-slate-600">
          {form.rows.map((row, index) => {
            const timed = preview.ok ? preview.items[index] : undefined;
            const when = timed
              ? `${formatTime(new Date(timed.startsAt).toISOString())}–${formatTime(new Date(timed.endsAt).toISOString())}`
              : '—';
            const name = row.kind === 'performance' ? row.groupName : row.title || BLOCK_DEFAULTS[row.blockKind].label;
            const was = row.kind === 'performance' ? publishedAt.get(row.performanceId) : undefined;
            const movedFrom =
              timed && was && draft.published && was !== new Date(timed.startsAt).toISOString() ? was : undefined;
            return (
              <li
                key={row.kind === 'performance' ? `p-${row.performanceId}` : row.key}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-2 py-2 text-sm"
                data-testid="schedule-row"
              >
                <span className="w-32 shrink-0 font-mono tabular-nums">{when}</span>
                {row.kind === 'performance' ? (
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{row.groupName}</span>{' '}
                    <span className="text-slate-700 dark:text-slate-300">
                      {row.divisionName} · {row.roundName} #{row.order}
                    </span>
                    {movedFrom ? (
                      <span className="ml-2 text-amber-800 dark:text-amber-300">(was {formatTime(movedFrom)})</span>
                    ) : null}
                  </span>
                ) : (
                  <span className="flex w-full min-w-0 flex-wrap items-start gap-2 sm:w-auto sm:flex-1">
                    <label className="text-xs">
                      Kind{' '}
                      <select
                        value={row.blockKind}
                        onChange={(event) =>
                          update(changeBlock(form, index, { blockKind: event.target.value as BlockKind }))
                        }
                        className="rounded border border-slate-400 bg-white px-1 py-0.5 dark:border-slate-500 dark:bg-slate-900"
                      >
                        {BLOCK_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {BLOCK_DEFAULTS[kind].label}
                          </option>
                        ))}
                      </select>
                    </label>
                    <span className="w-full sm:w-auto">
                      <label htmlFor={`schedule-block-title-${index}`} className="sr-only">
                        Title of block {index + 1}
                      </label>
                      <input
                        id={`schedule-block-title-${index}`}
                        value={row.title}
                        placeholder="Title"
                        aria-invalid={problems.has(`items.${index}.block.title`) || undefined}
                        aria-describedby={`schedule-block-title-${index}-error`}
                        onChange={(event) => update(changeBlock(form, index, { title: event.target.value }))}
                        className={`${narrowInput} w-full sm:w-40`}
                      />
                      <FieldError
                        id={`schedule-block-title-${index}-error`}
                        message={problems.get(`items.${index}.block.title`)}
                      />
                    </span>
                    <span>
                      <label htmlFor={`schedule-block-minutes-${index}`} className="sr-only">
                        Minutes of {name}
                      </label>
                      <input
                        id={`schedule-block-minutes-${index}`}
                        value={row.minutes}
                        inputMode="numeric"
                        aria-invalid={problems.has(`items.${index}.block.minutes`) || undefined}
                        aria-describedby={`schedule-block-minutes-${index}-error`}
                        onChange={(event) => update(changeBlock(form, index, { minutes: event.target.value }))}
                        className={`${narrowInput} w-16`}
                      />{' '}
                      min
                      <FieldError
                        id={`schedule-block-minutes-${index}-error`}
                        message={problems.get(`items.${index}.block.minutes`)}
                      />
                    </span>
                  </span>
                )}
                <FieldError id={`schedule-row-${index}-error`} message={problems.get(`items.${index}.performanceId`)} />
                <span className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    id={`schedule-move-up-${index}`}
                    className={smallButton}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${name} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    id={`schedule-move-down-${index}`}
                    className={smallButton}
                    disabled={index === form.rows.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${name} down`}
                  >
                    ↓
                  </button>
                  {row.kind === 'block' ? (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => update(removeBlock(form, index))}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap items-end gap-3 text-sm">
          <label>
            Add a{' '}
            <select
              value={blockKind}
              onChange={(event) => setBlockKind(event.target.value as BlockKind)}
              className="rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900"
            >
              {BLOCK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {BLOCK_DEFAULTS[kind].label.toLowerCase()}
                </option>
              ))}
            </select>
          </label>
          <label>
            before{' '}
            <select
              value={blockAt}
              onChange={(event) => setBlockAt(event.target.value)}
              className="rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900"
            >
              {form.rows.map((row, index) => (
                <option key={index} value={index}>
                  {index + 1}.{' '}
                  {row.kind === 'performance' ? row.groupName : row.title || BLOCK_DEFAULTS[row.blockKind].label}
                </option>
              ))}
              <option value={form.rows.length}>the end</option>
            </select>
          </label>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              const at = Math.min(Number(blockAt), form.rows.length);
              update(addBlock(form, at, blockKind));
              setBlockAt(String(form.rows.length + 1));
            }}
          >
            Add block
          </button>
        </div>
      </section>

      <section aria-labelledby="schedule-conflicts">
        <h2 id="schedule-conflicts" className="text-lg font-semibold">
          Conflicts
        </h2>
        {!preview.ok ? (
          <p className="text-sm">The times cannot be computed until the fields named above are corrected.</p>
        ) : conflicts.length === 0 ? (
          <p className="text-sm" data-testid="schedule-no-conflicts">
            No conflicts.
          </p>
        ) : (
          <ul className="list-disc pl-5 text-sm text-red-900 dark:text-red-200" data-testid="schedule-conflict-list">
            {conflicts.map((conflict) => (
              <li key={`${conflict.kind}-${conflict.items.join('-')}`}>{conflict.message}</li>
            ))}
          </ul>
        )}
      </section>

      {draft.published ? (
        <section aria-labelledby="schedule-moves">
          <h2 id="schedule-moves" className="text-lg font-semibold">
            What moves against version {draft.published.number}
          </h2>
          {moves.length === 0 ? (
            <p className="text-sm">Nothing moves.</p>
          ) : (
            <ul className="list-disc pl-5 text-sm" data-testid="schedule-moves-list">
              {moves.map((one) => (
                <li key={one.performanceId}>{moveText(one)}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section aria-labelledby="schedule-publish" className="space-y-3">
        <h2 id="schedule-publish" className="text-lg font-semibold">
          Publish
        </h2>
        {needsReason ? (
          <Field
            id="schedule-reason"
            label="Why it changes"
            hint="Kept with the version, with who and when"
            error={problems.get('reason')}
          >
            {(control) => (
              <textarea {...control} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </Field>
        ) : null}
        {conflicts.length > 0 ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={despite} onChange={(event) => setDespite(event.target.checked)} />
            Publish despite the conflicts
          </label>
        ) : null}
        {write.error ? (
          <Notice tone="error" role="alert">
            {general.length > 0
              ? general.map(([name, message]) => `${name}: ${message}`).join(' ')
              : refused.size > 0
                ? 'The schedule was not saved: see the fields named above.'
                : problemText(write.error)}
          </Notice>
        ) : null}
        {done ? (
          <Notice>
            {done.version
              ? `Published version ${done.version.body.number}: the standard schedule shows its times.`
              : 'Draft saved. Nothing is published until you publish it.'}
          </Notice>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={secondaryButton} disabled={write.isPending}>
            {write.isPending && !write.variables?.publish ? 'Saving…' : 'Save draft'}
          </button>
          <button type="button" className={primaryButton} disabled={write.isPending} onClick={() => send(true)}>
            {write.isPending && write.variables?.publish ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </section>
    </form>
  );
}

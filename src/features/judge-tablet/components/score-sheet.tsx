import { memo, useId, useRef, useState, type FormEvent } from 'react';
import type { MySeat } from '../../../lib/api-models';
import type { EntryState } from '../queue/judge-records';
import { checkSheet, formatCaptionScore, formatScore, type LineScore, type TypedLine } from '../utils/sheet';
import type { SeatPerformance, SheetState } from '../utils/sheet-state';
import { HeldEntryPanel } from './held-entry';
import { shortDateTime } from '../utils/show-date';

const when = shortDateTime;

/**
 * One performance's caption sheet: a big decimal field per subcaption with its maximum and step, the caption total as
 * the judge types, a wrong number said at once beside its field (and never sent), and Submit (Enter) to lock it.
 * Every keystroke goes to `onType`, which keeps it on the device and sends it when it is a valid draft.
 */
interface ScoreSheetProps {
  seat: MySeat;
  performance: SeatPerformance;
  state: SheetState;
  onType: (lines: TypedLine[], entry: { scores: LineScore[]; state: EntryState } | null) => void;
  onResolve: (choice: 'mine' | 'theirs') => void;
}

export const ScoreSheet = memo(function ScoreSheet({ seat, performance, state, onType, onResolve }: ScoreSheetProps) {
  const [lines, setLines] = useState<TypedLine[]>(state.lines);
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const check = checkSheet(seat.caption.subcaptions, lines, seat.caption.digits);

  const type = (key: string, text: string) => {
    const next = seat.caption.subcaptions.map((line) => ({
      subcaptionKey: line.key,
      text: line.key === key ? text : (lines.find((item) => item.subcaptionKey === line.key)?.text ?? ''),
    }));
    setLines(next);
    const nextCheck = checkSheet(seat.caption.subcaptions, next);
    onType(next, nextCheck.valid && nextCheck.scores.length > 0 ? { scores: nextCheck.scores, state: 'draft' } : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.locked) return;
    if (!check.complete) {
      setTried(true);
      const first = check.lines.findIndex((line) => line.check.kind !== 'number');
      form.current?.querySelectorAll('input')[Math.max(0, first)]?.focus();
      return;
    }
    onType(lines, { scores: check.scores, state: 'submitted' });
  };

  return (
    <form ref={form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate className="min-w-0">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {performance.order}. {performance.group.name}
      </h2>
      <p className="text-base text-slate-700 dark:text-slate-300">
        {seat.caption.name}
        {performance.performed ? '' : ' · did not perform'}
      </p>
      {state.held ? <HeldEntryPanel seat={seat} held={state.held} onResolve={onResolve} /> : null}
      {state.changedBy && !state.held ? (
        <p role="status" className="my-2 rounded-md bg-sky-50 px-3 py-2 dark:bg-sky-950">
          Corrected by {state.changedBy.name}
          {state.changedBy.at ? ` at ${when(state.changedBy.at)}` : ''}: these are the numbers now.
        </p>
      ) : null}
      <div className="mt-3 grid gap-4">
        {check.lines.map(({ line, text, check: lineCheck }) => {
          const error =
            lineCheck.kind === 'error'
              ? lineCheck.message
              : tried && lineCheck.kind === 'empty'
                ? 'Needs a number to submit'
                : null;
          return (
            <div key={line.key}>
              <label htmlFor={`${id}-${line.key}`} className="block text-lg font-semibold">
                {line.name}
              </label>
              <p id={`${id}-${line.key}-hint`} className="text-base text-slate-700 dark:text-slate-300">
                max {formatScore(line.max)} · step {formatScore(line.step)}
              </p>
              <input
                id={`${id}-${line.key}`}
                name={line.key}
                inputMode="decimal"
                enterKeyHint="done"
                autoComplete="off"
                value={text}
                readOnly={state.locked}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-${line.key}-hint${error ? ` ${id}-${line.key}-error` : ''}`}
                onChange={(event) => type(line.key, event.target.value)}
                className={`mt-1 h-16 w-full max-w-xs rounded-md border-2 bg-white px-3 text-3xl tabular-nums dark:bg-slate-900 ${
                  error ? 'border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-500'
                } ${state.locked ? 'bg-slate-100 dark:bg-slate-800' : ''}`}
              />
              {error ? (
                <p id={`${id}-${line.key}-error`} className="mt-1 font-semibold text-red-800 dark:text-red-300">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="mt-4 text-xl">
        Caption score{' '}
        <output className="text-3xl font-bold tabular-nums" aria-live="polite">
          {formatCaptionScore(check.score, seat.caption.digits)}
        </output>
      </p>
      {/* The score the recap prints is the lines times their weights, not their sum: said so it is never a surprise. */}
      <p className="text-base text-slate-700 dark:text-slate-300">
        {seat.caption.subcaptions.map((line) => `${line.initials} × ${line.weight}`).join(' + ')}
      </p>
      {state.locked ? (
        <p className="mt-3 text-base">
          {state.status === 'submitted-waiting'
            ? 'Submitted on this device: it is sent as soon as the network allows. Only a tabulator can change it now.'
            : state.held
              ? 'Decide above what to do with your numbers.'
              : 'Submitted. Only a tabulator can change it now.'}
        </p>
      ) : (
        <button
          type="submit"
          className="mt-3 min-h-14 rounded-md bg-blue-800 px-6 text-xl font-semibold text-white hover:bg-blue-900 dark:bg-sky-300 dark:text-slate-950"
        >
          Submit
        </button>
      )}
      {state.locked ? null : (
        // The keyboard's way through a sheet, said where a keyboard is likely (a tablet's or a laptop's).
        <p className="mt-2 hidden text-base text-slate-700 md:block dark:text-slate-300">
          Keyboard: Tab to the next line, Enter to submit, Alt+N for the next performance.
        </p>
      )}
      {tried && !check.complete && !state.locked ? (
        <p role="alert" className="mt-2 font-semibold text-red-800 dark:text-red-300">
          Every line needs a valid number before the entry can be submitted.
        </p>
      ) : null}
    </form>
  );
}, sameSheet);

/**
 * What the sheet shows of its state once open (its lines are its own from then on: the key in seat-view.tsx starts it
 * again when they must be the store's): the device store's answer to a keystroke changes none of it.
 */
function sameSheet(before: ScoreSheetProps, after: ScoreSheetProps): boolean {
  const [was, is] = [before.state, after.state];
  return (
    before.seat === after.seat &&
    before.performance === after.performance &&
    before.onType === after.onType &&
    before.onResolve === after.onResolve &&
    was.locked === is.locked &&
    was.status === is.status &&
    was.held === is.held &&
    was.changedBy?.name === is.changedBy?.name &&
    was.changedBy?.at === is.changedBy?.at
  );
}

import { useState, type FormEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { Notice } from '../../../components/notice';
import { isApiError } from '../../../lib/api/core';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { manageKeys } from '../api/keys';
import { enterScores, type CaptionScores } from '../api/console-writes';
import type { GridCell, GridColumn, GridRow } from '../utils/grid-model';
import { DialogActions, FieldError, inputClass, Modal, RefusalNotice } from '../../../components/signed-in/modal';

export interface CorrectionTarget {
  row: GridRow;
  column: GridColumn;
  cell: GridCell;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The version a 409 says the entry has now, and who wrote it when: the dialog then sends on that version. */
function conflictOf(error: unknown): { version: number; by: string; at: string } | null {
  if (!isApiError(error) || error.status !== 409 || !isObject(error.body)) return null;
  const current = (error.body as Record<string, unknown>).current;
  if (!isObject(current)) return null;
  return {
    version: Number(current.version) || 0,
    by: isObject(current.by) ? String(current.by.name) : 'someone',
    at: typeof current.at === 'string' ? current.at : '',
  };
}

/**
 * A caption's numbers for one performance, before and after. A reason is asked for once the entry is submitted or
 * the section released (the API's rule, decision 083); whatever the API refuses is said at the field it names, in
 * the sheet's words, and what was typed stays; a line typed anew drops the refusal it had.
 */
export function CorrectionDialog({
  competitionId,
  target,
  released,
  onClose,
}: {
  competitionId: number;
  target: CorrectionTarget;
  released: boolean;
  onClose: () => void;
}) {
  const { row, column, cell } = target;
  const before = new Map(cell.scores.map((line) => [line.subcaptionKey, line.score]));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      column.subcaptions.map((line) => [line.key, before.has(line.key) ? String(before.get(line.key)) : '']),
    ),
  );
  const [reason, setReason] = useState('');
  // The numbers last sent: a line's refusal is about what was sent, and goes once the line is typed anew.
  const [sent, setSent] = useState<Record<string, string>>({});
  const [baseVersion, setBaseVersion] = useState(cell.version);
  const typed =
    reason.trim() !== '' ||
    column.subcaptions.some((line) => values[line.key] !== (before.has(line.key) ? String(before.get(line.key)) : ''));
  useUnsaved(typed ? `the correction of ${column.captionName} for ${row.group}` : null);
  const [localProblem, setLocalProblem] = useState<LocalProblem | null>(null);
  const correct = useWrite({
    write: (body: CaptionScores) => enterScores(row.performanceId, body),
    stale: () => [manageKeys.competition(competitionId)],
    onSuccess: onClose,
    // A conflict says the version the entry has now: the next save is based on it.
    onError: (caught) => {
      const now = conflictOf(caught);
      if (now) setBaseVersion(now.version);
    },
  });
  const error: unknown = localProblem ?? correct.error;
  const sending = correct.isPending;
  const needsReason = released || cell.state === 'submitted' || cell.state === 'corrected';
  const errors = fieldErrors(error);
  const conflict = conflictOf(error);
  const lineError = (key: string, index: number) =>
    values[key] !== sent[key]
      ? undefined
      : (errors.get(`scores[${index}].score`) ??
        errors.get(`scores[${index}]`) ??
        errors.get(`scores[${index}].subcaptionKey`) ??
        errors.get(`scores.${key}`));
  const fieldNames = new Set([
    'reason',
    'scores',
    ...column.subcaptions.flatMap((line, index) => [
      `scores[${index}].score`,
      `scores[${index}]`,
      `scores[${index}].subcaptionKey`,
      `scores.${line.key}`,
    ]),
  ]);
  const general = [...errors.entries()].filter(([name]) => !fieldNames.has(name));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const localErrors: string[] = [];
    if (needsReason && reason.trim() === '') localErrors.push('reason');
    const scores = column.subcaptions
      .filter((line) => values[line.key]?.trim() !== '')
      .map((line) => ({ subcaptionKey: line.key, score: Number(values[line.key]) }));
    if (localErrors.length > 0) {
      correct.reset();
      setLocalProblem(
        new LocalProblem({
          reason: 'Say why this changes (it is kept in the audit trail and published with the recap once released).',
        }),
      );
      return;
    }
    setLocalProblem(null);
    setSent(values);
    correct.mutate({
      captionKey: column.captionKey,
      scores,
      ...(baseVersion !== null ? { baseVersion } : {}),
      ...(reason.trim() !== '' ? { reason: reason.trim() } : {}),
    });
  };

  const localErrors = error instanceof LocalProblem ? error.fields : {};
  const reasonError = localErrors.reason ?? errors.get('reason');
  return (
    <Modal title={`${column.captionName}: ${row.group}`} open onClose={onClose}>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {column.judge ? `Judge: ${column.judge}. ` : ''}Now: {cell.state === 'empty' ? 'nothing entered' : cell.state}
          {cell.version !== null && cell.version > 0 ? ` (version ${cell.version})` : ''}.
        </p>
        {column.subcaptions.length === 0 ? (
          <Notice tone="warning">This caption's lines are not known yet: the sheet could not be read.</Notice>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-2">
                  Line
                </th>
                <th scope="col" className="py-1 pr-2">
                  Before
                </th>
                <th scope="col" className="py-1">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {column.subcaptions.map((line, index) => {
                const id = `score-${column.captionKey}-${line.key}`;
                const message = lineError(line.key, index);
                return (
                  <tr key={line.key} className="align-top">
                    <th scope="row" className="py-1 pr-2 text-left font-normal">
                      <label htmlFor={id}>{line.name}</label>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        max {line.max}, step {line.step}
                      </span>
                    </th>
                    <td className="py-1 pr-2 tabular-nums">{before.has(line.key) ? before.get(line.key) : '—'}</td>
                    <td className="py-1">
                      <input
                        id={id}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={line.max}
                        step={line.step}
                        value={values[line.key] ?? ''}
                        onChange={(event) => setValues({ ...values, [line.key]: event.target.value })}
                        aria-invalid={message ? true : undefined}
                        aria-describedby={message ? `${id}-error` : undefined}
                        className={inputClass}
                      />
                      <FieldError id={`${id}-error`} message={message} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <div>
          <label htmlFor="correction-reason" className="block text-sm font-medium">
            Reason{needsReason ? ' (required)' : ' (optional)'}
          </label>
          <textarea
            id="correction-reason"
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'correction-reason-error' : undefined}
            className={inputClass}
          />
          <FieldError id="correction-reason-error" message={reasonError} />
        </div>
        {conflict ? (
          <Notice tone="warning" role="alert">
            {conflict.by} changed this entry meanwhile
            {conflict.at ? ` (${new Date(conflict.at).toLocaleTimeString()})` : ''}. Check the numbers above against the
            grid, then save again to replace them.
          </Notice>
        ) : error instanceof LocalProblem ? null : (
          <RefusalNotice error={error} general={general} fieldsNamed={errors.size} />
        )}
        <DialogActions onClose={onClose} sending={sending} />
      </form>
    </Modal>
  );
}

/** A check made before sending: shown the way the API's own field errors are. */
class LocalProblem extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('not sent');
  }
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { Notice } from '../../../components/notice';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { Modal, primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import { deletePerformance, updatePerformance } from '../api/performance-writes';
import {
  changedRows,
  localInputValue,
  moveGroup,
  numbered,
  type OrderRow,
  type RowChange,
} from '../utils/running-order-model';
import { RunningOrderTimes } from './running-order-times';

interface Failure {
  change: RowChange;
  message: string;
}

const rowButton =
  'rounded border border-slate-400 px-2 py-0.5 text-sm hover:bg-slate-100 disabled:opacity-40 dark:border-slate-500 dark:hover:bg-slate-800';

/**
 * One division and round's running order: move a row with its buttons or, focused, with Alt+Up and Alt+Down
 * (announced); fill times and see them beside the saved ones; save sends each changed row (POST /performances/{id}),
 * one after another with its progress, and stops at a refusal, naming the row and keeping every typed value.
 */
export function RunningOrderEditor({
  competitionId,
  sectionName,
  saved,
  defaultStart,
  canWrite,
}: {
  competitionId: number;
  sectionName: string;
  saved: OrderRow[];
  defaultStart: string;
  canWrite: boolean;
}) {
  const [draft, setDraft] = useState<OrderRow[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [progress, setProgress] = useState<{ at: number; total: number } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [removing, setRemoving] = useState<OrderRow | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const rowRefs = useRef(new Map<number, HTMLLIElement>());

  // A row added or removed elsewhere joins or leaves the draft; the draft's own order and times stay.
  const savedIds = saved.map((row) => row.performanceId).join(',');
  useEffect(() => {
    setDraft((current) => {
      if (!current) return current;
      const ids = new Set(saved.map((row) => row.performanceId));
      const kept = current.filter((row) => ids.has(row.performanceId));
      const known = new Set(kept.map((row) => row.performanceId));
      return numbered([...kept, ...saved.filter((row) => !known.has(row.performanceId))]);
    });
    // `savedIds` stands for `saved`'s membership: the draft follows rows coming and going, not every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedIds]);
  useEffect(() => {
    if (focusId !== null) rowRefs.current.get(focusId)?.focus();
  }, [focusId, draft]);

  const rows = draft ?? saved;
  const changes = changedRows(saved, rows);
  useUnsaved(changes.length > 0 ? `the running order of ${sectionName}` : null);
  const before = new Map(saved.map((row) => [row.performanceId, row]));
  // Sends each changed row in turn; a refusal stops it and is its answer (the rows before it are saved).
  const saveOrder = useWrite({
    write: async (list: RowChange[]): Promise<Failure | null> => {
      for (const [index, change] of list.entries()) {
        setProgress({ at: index + 1, total: list.length });
        try {
          await updatePerformance(change.performanceId, { order: change.order, time: change.time });
        } catch (error) {
          const named = [...fieldErrors(error).values()].join(' ');
          return { change, message: named || problemText(error) };
        }
      }
      return null;
    },
    stale: () => [setupKeys.schedule(competitionId)],
    onSuccess: (refused) => {
      setProgress(null);
      if (refused) {
        setFailure(refused);
        return;
      }
      // Everything went: the page shows the saved order again (and what others change from now on).
      setDraft(null);
      setAnnouncement(`Running order of ${sectionName} saved.`);
    },
  });
  const sending = saveOrder.isPending;

  const move = (index: number, step: -1 | 1) => {
    const moved = moveGroup(rows, index, step);
    if (moved === rows) return;
    const row = rows[index];
    setDraft([...moved]);
    setFocusId(row.performanceId);
    setAnnouncement(`${row.group} moved to position ${index + step + 1} of ${rows.length}. Not saved yet.`);
  };
  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!canWrite || sending || !event.altKey || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? -1 : 1);
    }
  };

  const save = () => {
    setFailure(null);
    saveOrder.mutate(changes);
  };

  const instructionsId = `order-help-${competitionId}`;
  return (
    <section aria-labelledby="order-heading" className="mt-4 space-y-3">
      <h2 id="order-heading" className="text-lg font-semibold">
        Running order: {sectionName}
      </h2>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No groups in this division and round yet.</p>
      ) : (
        <>
          {canWrite ? (
            <p id={instructionsId} className="text-sm text-slate-700 dark:text-slate-300">
              Move a group with its arrows, or focus its row and press Alt+Up or Alt+Down: the times stay in place and
              the groups move through them.
            </p>
          ) : null}
          <ol className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {rows.map((row, index) => {
              const old = before.get(row.performanceId);
              const changed = old !== undefined && changes.some((change) => change.performanceId === row.performanceId);
              const failed = failure?.change.performanceId === row.performanceId;
              return (
                // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a row is focused to move it by Alt+Up/Down (its instructions describe it); its arrow buttons do the same for a pointer
                <li
                  key={row.performanceId}
                  ref={(element) => {
                    if (element) rowRefs.current.set(row.performanceId, element);
                    else rowRefs.current.delete(row.performanceId);
                  }}
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the same row, focused to be moved
                  tabIndex={canWrite ? 0 : undefined}
                  aria-describedby={canWrite ? instructionsId : undefined}
                  onKeyDown={(event) => onRowKey(event, index)}
                  className={`flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 focus:outline-2 focus:outline-offset-[-2px] focus:outline-blue-700 ${
                    failed ? 'bg-red-50 dark:bg-red-950' : changed ? 'bg-amber-50 dark:bg-amber-950/40' : ''
                  }`}
                >
                  <span className="w-6 text-right tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 grow basis-40">
                    <span className="font-medium">{row.group}</span>
                    <span className="block text-sm tabular-nums text-slate-700 dark:text-slate-300">
                      {row.time ? <time dateTime={row.time}>{formatTime(row.time)}</time> : 'No time'}
                      {changed && old?.time !== row.time ? (
                        <> (saved: {old?.time ? formatTime(old.time) : 'no time'})</>
                      ) : null}
                      {changed ? <span className="ml-1 font-medium">· not saved</span> : null}
                    </span>
                    {failed ? (
                      <span role="alert" className="block text-sm text-red-800 dark:text-red-300">
                        Not saved: {failure.message}
                      </span>
                    ) : null}
                  </span>
                  {canWrite ? (
                    <span className="flex gap-1">
                      <button
                        type="button"
                        className={rowButton}
                        disabled={index === 0 || sending}
                        onClick={() => move(index, -1)}
                        aria-label={`Move ${row.group} up`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className={rowButton}
                        disabled={index === rows.length - 1 || sending}
                        onClick={() => move(index, 1)}
                        aria-label={`Move ${row.group} down`}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className={rowButton}
                        disabled={sending}
                        onClick={() => setRemoving(row)}
                        aria-label={`Remove ${row.group}`}
                      >
                        Remove
                      </button>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {failure ? (
        <Notice tone="error" role="alert">
          Row {failure.change.position} ({failure.change.group}) was refused: {failure.message} The rows above it are
          saved; it and the rows after it are not. Your order and times are kept: change it and save again.
        </Notice>
      ) : null}
      {canWrite && rows.length > 0 ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={primaryButton} disabled={changes.length === 0 || sending} onClick={save}>
              {progress
                ? `Saving ${progress.at} of ${progress.total}…`
                : `Save running order (${changes.length} changed)`}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={draft === null || sending}
              onClick={() => {
                setDraft(null);
                setFailure(null);
                setAnnouncement('Changes discarded.');
              }}
            >
              Discard changes
            </button>
            <span role="status" className="text-sm">
              {progress ? `Saving ${progress.at} of ${progress.total}` : ''}
            </span>
          </div>
          <RunningOrderTimes
            key={savedIds}
            rowCount={rows.length}
            initialStart={localInputValue(rows[0]?.time ?? defaultStart)}
            onPreview={(times) => {
              setDraft(numbered(rows, times));
              setAnnouncement(
                `Times filled from ${formatDateTime(times[0])}: shown in the running order, not saved yet.`,
              );
            }}
          />
        </>
      ) : null}
      {removing ? (
        <RemoveDialog
          competitionId={competitionId}
          row={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setDraft((current) =>
              current ? numbered(current.filter((row) => row.performanceId !== removing.performanceId)) : current,
            );
            setAnnouncement(`${removing.group} removed.`);
          }}
        />
      ) : null}
    </section>
  );
}

function RemoveDialog({
  competitionId,
  row,
  onClose,
  onRemoved,
}: {
  competitionId: number;
  row: OrderRow;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useWrite({
    write: () => deletePerformance(row.performanceId),
    stale: () => [setupKeys.schedule(competitionId)],
    onSuccess: () => {
      onRemoved();
      onClose();
    },
  });
  const { error, isPending: sending } = remove;
  return (
    <Modal title={`Remove ${row.group}?`} open onClose={onClose}>
      <p className="mt-2 text-sm">
        {row.group} leaves this division and round’s running order; any scores it has are deleted with it.
      </p>
      {error ? (
        <Notice tone="error" role="alert">
          Not removed: {problemText(error)}
        </Notice>
      ) : null}
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Keep it
        </button>
        <button type="button" className={primaryButton} disabled={sending} onClick={() => remove.mutate()}>
          {sending ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </Modal>
  );
}

import { useState, type FormEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { useChecks } from '../../../lib/signed-in/use-checks';
import { manageKeys } from '../api/keys';
import { setPenalties, setPerformed, type Penalties, type SetPerformed } from '../api/console-writes';
import type { GridRow } from '../utils/grid-model';
import { DialogActions, FieldError, inputClass, Modal, RefusalNotice } from '../../../components/signed-in/modal';

/**
 * A performance's penalty (one amount with what it was for; 0 clears it) and whether it performed, each with a
 * reason. A released section's change needs the reason (decision 083); the API's refusal shows at its field.
 */
export function PerformanceDialog({
  competitionId,
  row,
  released,
  canPenalize,
  canSetPerformed,
  onClose,
}: {
  competitionId: number;
  row: GridRow;
  released: boolean;
  canPenalize: boolean;
  canSetPerformed: boolean;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState(String(row.penalty));
  const [penaltyFor, setPenaltyFor] = useState('');
  const [reason, setReason] = useState('');
  const [performed, setPerformedValue] = useState(row.performed);
  const [noScoreReason, setNoScoreReason] = useState(row.noScoreReason);
  // Whether it performed, then its penalty: the console is read again after a refusal too (the first may have gone).
  const save = useWrite({
    write: async ({ performedBody, penaltiesBody }: { performedBody?: SetPerformed; penaltiesBody?: Penalties }) => {
      if (performedBody) await setPerformed(row.performanceId, performedBody);
      if (penaltiesBody) await setPenalties(row.performanceId, penaltiesBody);
    },
    stale: () => [manageKeys.competition(competitionId)],
    refreshAfterRefusal: true,
    onSuccess: onClose,
  });
  const { error, isPending: sending } = save;
  const errors = fieldErrors(error);

  const penalty = Number(amount);
  const penaltyChanged = canPenalize && amount.trim() !== '' && penalty !== row.penalty;
  const performedChanged =
    canSetPerformed && (performed !== row.performed || (!performed && noScoreReason !== row.noScoreReason));
  const typed = penaltyChanged || performedChanged || penaltyFor.trim() !== '' || reason.trim() !== '';
  useUnsaved(typed ? `the penalty and performance of ${row.group}` : null);
  const checks = useChecks(() => {
    const found: Record<string, string> = {};
    if (amount.trim() !== '' && (!Number.isFinite(penalty) || penalty < 0 || penalty > 100))
      found.amount = 'A penalty is a number of points from 0 to 100.';
    if (penaltyChanged && released && reason.trim() === '')
      found.reason = 'This division and round is released: say why (it is published with the recap).';
    if (performedChanged && !performed && noScoreReason.trim() === '')
      found.noScoreReason = 'Say why it did not perform (shown on the recap).';
    return found;
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.passes()) return;
    if (!penaltyChanged && !performedChanged) {
      onClose();
      return;
    }
    save.mutate({
      ...(performedChanged
        ? { performedBody: { performed, ...(performed ? {} : { noScoreReason: noScoreReason.trim() }) } }
        : {}),
      ...(penaltyChanged
        ? {
            penaltiesBody: {
              penalties:
                penalty > 0 ? [{ amount: penalty, ...(penaltyFor.trim() ? { reason: penaltyFor.trim() } : {}) }] : [],
              ...(reason.trim() ? { reason: reason.trim() } : {}),
            },
          }
        : {}),
    });
  };
  const amountError = checks.errors.get('amount') ?? errors.get('penalties[0].amount') ?? errors.get('penalties');
  const forError = errors.get('penalties[0].reason');
  const reasonError = checks.errors.get('reason') ?? errors.get('reason');
  const noScoreError = checks.errors.get('noScoreReason') ?? errors.get('noScoreReason') ?? errors.get('performed');
  const known = new Set([
    'penalties[0].amount',
    'penalties',
    'penalties[0].reason',
    'reason',
    'noScoreReason',
    'performed',
  ]);
  const general = [...errors.entries()].filter(([name]) => !known.has(name));
  return (
    <Modal title={`${row.group}: penalty and performance`} open onClose={onClose}>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        {canSetPerformed ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Performance</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={!performed}
                onChange={(event) => setPerformedValue(!event.target.checked)}
              />
              Did not perform
            </label>
            {!performed ? (
              <div>
                <label htmlFor="no-score-reason" className="block text-sm">
                  Why (shown on the recap, required)
                </label>
                <input
                  id="no-score-reason"
                  value={noScoreReason}
                  maxLength={200}
                  onChange={(event) => setNoScoreReason(event.target.value)}
                  aria-invalid={noScoreError ? true : undefined}
                  aria-describedby={noScoreError ? 'no-score-reason-error' : undefined}
                  className={inputClass}
                />
                <FieldError id="no-score-reason-error" message={noScoreError} />
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {canPenalize ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Penalty (now {row.penalty})</legend>
            <div>
              <label htmlFor="penalty-amount" className="block text-sm">
                Points (0 clears it)
              </label>
              <input
                id="penalty-amount"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="any"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? 'penalty-amount-error' : undefined}
                className={inputClass}
              />
              <FieldError id="penalty-amount-error" message={amountError} />
            </div>
            <div>
              <label htmlFor="penalty-for" className="block text-sm">
                What it is for (optional)
              </label>
              <input
                id="penalty-for"
                value={penaltyFor}
                maxLength={200}
                onChange={(event) => setPenaltyFor(event.target.value)}
                aria-invalid={forError ? true : undefined}
                aria-describedby={forError ? 'penalty-for-error' : undefined}
                className={inputClass}
              />
              <FieldError id="penalty-for-error" message={forError} />
            </div>
          </fieldset>
        ) : null}
        <div>
          <label htmlFor="performance-reason" className="block text-sm font-medium">
            Reason for the change{released ? ' (required: released)' : ' (optional)'}
          </label>
          <textarea
            id="performance-reason"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'performance-reason-error' : undefined}
            className={inputClass}
          />
          <FieldError id="performance-reason-error" message={reasonError} />
        </div>
        <RefusalNotice error={error} general={general} fieldsNamed={errors.size} />
        <DialogActions onClose={onClose} sending={sending} />
      </form>
    </Modal>
  );
}

import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/signed-in/field';
import { primaryButton, RefusalNotice, secondaryButton } from '../../../components/signed-in/modal';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { clearRecording, moveRecording, verifyRecording } from '../api/commentary-writes';
import { manageKeys } from '../api/keys';
import type { CommentarySection } from '../utils/commentary-model';

/** Where a recording may be filed: each performance of the competition, with its section's captions. */
export interface Place {
  performanceId: number;
  label: string;
  captions: { key: string; name: string }[];
}

export function placesOf(sections: readonly CommentarySection[]): Place[] {
  return sections.flatMap((section) =>
    section.rows.map((row) => ({
      performanceId: row.performanceId,
      label: `${section.name}: ${row.order}. ${row.group}`,
      captions: row.cells.map((cell) => ({ key: cell.captionKey, name: cell.captionName })),
    })),
  );
}

const stale = (competitionId: number) => () => [manageKeys.competition(competitionId)];

/** Verify the recording heard, or take it back: a verified one is not replaced by a later upload without a reason. */
export function VerifyButton({
  competitionId,
  recordingId,
  verified,
  what,
}: {
  competitionId: number;
  recordingId: number;
  verified: boolean;
  what: string;
}) {
  const verify = useWrite({
    write: (next: boolean) => verifyRecording(recordingId, next),
    stale: stale(competitionId),
  });
  return (
    <div>
      <button
        type="button"
        className={verified ? secondaryButton : primaryButton}
        disabled={verify.isPending}
        onClick={() => verify.mutate(!verified)}
      >
        {verified ? `Take back the verification of ${what}` : `Verify ${what}`}
      </button>
      <RefusalNotice error={verify.error} general={[]} fieldsNamed={0} />
    </div>
  );
}

/**
 * File a recording under another performance or caption (of the same competition), or back in its own place to make
 * it the one heard; with a reason, which the audit trail keeps.
 */
export function MoveForm({
  competitionId,
  recordingId,
  places,
  from,
  submitLabel,
  onDone,
  onCancel,
}: {
  competitionId: number;
  recordingId: number;
  places: readonly Place[];
  from: { performanceId: number; captionKey: string };
  submitLabel: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [performanceId, setPerformanceId] = useState(from.performanceId);
  const [captionKey, setCaptionKey] = useState(from.captionKey);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const move = useWrite({
    write: () => moveRecording(recordingId, { performanceId, captionKey, reason: reason.trim() }),
    stale: stale(competitionId),
    onSuccess: onDone,
  });
  const place = places.find((candidate) => candidate.performanceId === performanceId);
  const errors = fieldErrors(move.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setReasonMissing(true);
    setReasonMissing(false);
    move.mutate(undefined);
  };
  const id = `move-${recordingId}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-2 space-y-2 rounded-md border border-slate-300 p-3 dark:border-slate-700"
    >
      <Field id={`${id}-performance`} label="Performance" error={errors.get('performanceId')}>
        {(control) => (
          <select
            {...control}
            value={performanceId}
            onChange={(event) => {
              const next = Number(event.target.value);
              setPerformanceId(next);
              const captions = places.find((candidate) => candidate.performanceId === next)?.captions ?? [];
              if (!captions.some((caption) => caption.key === captionKey)) setCaptionKey(captions[0]?.key ?? '');
            }}
          >
            {places.map((candidate) => (
              <option key={candidate.performanceId} value={candidate.performanceId}>
                {candidate.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-caption`} label="Caption" error={errors.get('captionKey')}>
        {(control) => (
          <select {...control} value={captionKey} onChange={(event) => setCaptionKey(event.target.value)}>
            {(place?.captions ?? []).map((caption) => (
              <option key={caption.key} value={caption.key}>
                {caption.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${id}-reason`}
        label="Reason"
        hint="The audit trail keeps it, with who and when."
        error={reasonMissing ? 'Say why it is filed there.' : errors.get('reason')}
      >
        {(control) => (
          <input {...control} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
      <RefusalNotice error={move.error} general={[]} fieldsNamed={errors.size} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={move.isPending}>
          {move.isPending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Clear a recording: nobody hears it any more; it stays in the history, and a move brings it back. */
export function ClearForm({
  competitionId,
  recordingId,
  onDone,
  onCancel,
}: {
  competitionId: number;
  recordingId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const clear = useWrite({
    write: () => clearRecording(recordingId, reason.trim()),
    stale: stale(competitionId),
    onSuccess: onDone,
  });
  const errors = fieldErrors(clear.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setReasonMissing(true);
    setReasonMissing(false);
    clear.mutate(undefined);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-2 space-y-2 rounded-md border border-slate-300 p-3 dark:border-slate-700"
    >
      <Field
        id={`clear-${recordingId}-reason`}
        label="Why nobody should hear it"
        hint="It stays in the history: the people running the show can still hear it, and moving it back restores it."
        error={reasonMissing ? 'Say why it is cleared.' : errors.get('reason')}
      >
        {(control) => (
          <input {...control} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
      <RefusalNotice error={clear.error} general={[]} fieldsNamed={errors.size} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={clear.isPending}>
          {clear.isPending ? 'Clearing…' : 'Clear the recording'}
        </button>
      </div>
    </form>
  );
}

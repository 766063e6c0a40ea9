import { useState, type FormEvent } from 'react';
import type { CommentaryRelease } from '../../../../domain/commentary';
import { Field } from '../../../components/signed-in/field';
import { primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { Notice } from '../../../components/notice';
import { isApiError } from '../../../lib/api/core';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { releaseCommentary } from '../api/commentary-writes';
import type { ReleaseRequest } from '../api/get-commentary';
import { manageKeys } from '../api/keys';
import type { CommentarySection } from '../utils/commentary-model';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** "Bravo HS: Equipment" for each performance and caption a refused release by hand lacks. */
function missingOf(error: unknown, captionName: (key: string) => string): string[] {
  if (!isApiError(error) || error.status !== 409 || !isObject(error.body)) return [];
  const missing = (error.body as Record<string, unknown>).missing;
  if (!Array.isArray(missing)) return [];
  return missing.filter(isObject).map((item) => `${String(item.group)}: ${captionName(String(item.captionKey))}`);
}

const CHOICES: { release: CommentaryRelease; label: string }[] = [
  { release: 'with-scores', label: 'With the scores' },
  { release: 'now', label: 'Release now' },
  { release: 'withheld', label: 'Withhold' },
];

/**
 * A division and round's commentary release: with the scores (the default), now by hand, or withheld. A release by
 * hand that lacks recordings is refused with the list of what is missing, and can then be forced with a reason
 * (the audit trail keeps it). Only for those who release scores (`release`).
 */
export function CommentaryReleaseControls({
  competitionId,
  section,
  canRelease,
}: {
  competitionId: number;
  section: CommentarySection;
  canRelease: boolean;
}) {
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const captionName = (key: string) =>
    section.rows[0]?.cells.find((cell) => cell.captionKey === key)?.captionName ?? key;
  const send = useWrite({
    write: (body: ReleaseRequest) => releaseCommentary(competitionId, body),
    stale: () => [manageKeys.competition(competitionId)],
    onAccepted: () => setReason(''),
  });
  const current = section.release.release;
  const missing = missingOf(send.error, captionName);
  const base = { round: section.round.number, divisionId: section.division.id };
  const force = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    send.mutate({ ...base, release: 'now', force: true, reason: reason.trim() });
  };
  const reasonError = reasonMissing
    ? 'Say why it goes out with recordings missing: the audit trail keeps it.'
    : fieldErrors(send.error).get('reason');
  return (
    <div className="my-2 space-y-2">
      <p className="text-sm">
        <strong className="font-semibold">Commentary:</strong> {section.releaseText}
        {section.missing > 0
          ? ` ${section.missing} ${section.missing === 1 ? 'recording' : 'recordings'} missing.`
          : ' Every recording is in.'}
      </p>
      {canRelease ? (
        <div role="group" aria-label={`Release ${section.name}'s commentary`} className="flex flex-wrap gap-2">
          {CHOICES.map((choice) => (
            <button
              key={choice.release}
              type="button"
              aria-pressed={current === choice.release}
              className={current === choice.release ? primaryButton : secondaryButton}
              disabled={send.isPending}
              onClick={() => send.mutate({ ...base, release: choice.release })}
            >
              {choice.label}
              <span className="sr-only"> {section.name}</span>
            </button>
          ))}
        </div>
      ) : null}
      {missing.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-amber-700/50 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Not released: {section.name} lacks commentary for</p>
          <ul className="my-1 list-disc pl-5">
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <form onSubmit={force} className="mt-2 space-y-2" noValidate>
            <Field id={`force-${section.key}`} label="Release it as it is, because" error={reasonError}>
              {(control) => (
                <input
                  {...control}
                  value={reason}
                  maxLength={500}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className={primaryButton} disabled={send.isPending}>
              Release {section.name}'s commentary as it is
            </button>
          </form>
        </div>
      ) : send.error && !reasonError ? (
        <Notice tone="error" role="alert">
          The release was not changed: {problemText(send.error)}
        </Notice>
      ) : null}
    </div>
  );
}

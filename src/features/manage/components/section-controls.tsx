import { useState, type FormEvent } from 'react';
import { LocalDateTime } from '../../../components/local-date-time';
import { Notice } from '../../../components/notice';
import { can, type Me } from '../../../lib/signed-in/get-me';
import { fieldErrors, problemText, refusedSections, type RefusedSection } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { manageKeys } from '../api/keys';
import { release, signOff, type ReleaseRequest, type SignOffRequest } from '../api/console-writes';
import { seatLabel, type GridSection } from '../utils/grid-model';
import { refusalNow } from '../utils/refusal-model';
import { FieldError, inputClass, primaryButton, secondaryButton } from '../../../components/signed-in/modal';

/**
 * A division and round's sign-off and release. Sign-off for a chief judge or an administrator; release and
 * withdraw for a tabulator or an administrator. A refused release lists what is missing by caption and group, and
 * offers the override, which asks for a reason (decision 082); the list follows the grid after that, and goes once the
 * round is ready to release.
 */
export function SectionControls({
  competitionId,
  section,
  me,
}: {
  competitionId: number;
  section: GridSection;
  me: Me;
}) {
  const name = `${section.division.name} ${section.round.name || `round ${section.round.number}`}`;
  const [refusal, setRefused] = useState<RefusedSection[]>([]);
  const refused = refusalNow(refusal, section);
  const [forcing, setForcing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const releasing = !section.released;
  // A refused caption named as its column is: which General Effect judge, where two share the name.
  const seatOf = (lacking: RefusedSection, captionKey: string) =>
    lacking.divisionId === section.division.id && lacking.round === section.round.number
      ? seatLabel(section.columns.find((column) => column.captionKey === captionKey))
      : '';

  const act = useWrite({
    write: async (action: { release: ReleaseRequest } | { signOff: SignOffRequest }) => {
      if ('release' in action) await release(competitionId, action.release);
      else await signOff(competitionId, action.signOff);
    },
    stale: () => [manageKeys.competition(competitionId)],
    refreshAfterRefusal: true,
    onAccepted: () => {
      setRefused([]);
      setForcing(false);
      setReason('');
    },
    onError: (caught) => {
      const sections = refusedSections(caught);
      // A forced release refused for its reason keeps the list and the typed reason: the error shows at the field.
      const atReason = fieldErrors(caught).has('reason');
      setRefused((previous) => (sections.length > 0 ? sections : atReason ? previous : []));
    },
  });
  const busy = act.isPending;
  // A release refused for what the section lacks is said by the list, not as an error.
  const error = refusedSections(act.error).length > 0 ? null : act.error;
  const sectionBody = { round: section.round.number, divisionId: section.division.id };
  const toggleRelease = () => act.mutate({ release: { ...sectionBody, released: releasing } });
  const force = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    act.mutate({ release: { ...sectionBody, released: releasing, force: true, reason: reason.trim() } });
  };
  const reasonError = reasonMissing
    ? 'Say why it goes out as it is: the audit trail keeps it.'
    : fieldErrors(error).get('reason');

  return (
    <div className="my-2 space-y-2">
      <p className="text-sm">
        {section.signOff ? (
          <>
            <span aria-hidden="true">✓ </span>Signed off by {section.signOff.by.name},{' '}
            <LocalDateTime iso={section.signOff.at} />
          </>
        ) : (
          'Not signed off'
        )}
        {' · '}
        {section.released ? 'Released' : section.readyToRelease ? 'Ready to release' : 'Not ready to release'}
        {section.corrections > 0
          ? ` · ${section.corrections} correction${section.corrections === 1 ? '' : 's'} after release`
          : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {can(me, 'sign-off') ? (
          <button
            type="button"
            className={section.signOff ? secondaryButton : primaryButton}
            disabled={busy}
            onClick={() => act.mutate({ signOff: { ...sectionBody, signedOff: section.signOff === null } })}
          >
            {section.signOff ? `Take back sign-off of ${name}` : `Sign off ${name}`}
          </button>
        ) : null}
        {can(me, 'release') ? (
          <button
            type="button"
            className={releasing ? primaryButton : secondaryButton}
            disabled={busy}
            onClick={toggleRelease}
          >
            {releasing ? `Release ${name}` : `Withdraw ${name}`}
          </button>
        ) : null}
      </div>
      {refused.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-amber-700/50 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">
            Not {releasing ? 'released' : 'withdrawn'}: {name} is not complete.
          </p>
          {refused.map((lacking) => (
            <div key={`${lacking.divisionId}-${lacking.round}`}>
              {lacking.noSheet ? <p>It has no score sheet.</p> : null}
              {lacking.notSignedOff ? <p>It is not signed off, which this organization requires.</p> : null}
              {lacking.missing.length > 0 ? (
                <ul className="ml-5 list-disc">
                  {lacking.missing.map((caption) => (
                    <li key={caption.captionKey}>
                      {caption.captionName}
                      {seatOf(lacking, caption.captionKey)} missing for{' '}
                      {caption.performances.map((performance) => performance.group).join(', ')}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
          {forcing ? (
            <form onSubmit={force} noValidate className="mt-2 space-y-2">
              <label htmlFor={`force-reason-${section.key}`} className="block font-medium">
                Why {releasing ? 'release' : 'withdraw'} it anyway? (required)
              </label>
              <textarea
                id={`force-reason-${section.key}`}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `force-reason-${section.key}-error` : undefined}
                className={inputClass}
              />
              <FieldError id={`force-reason-${section.key}-error`} message={reasonError} />
              <div className="flex gap-2">
                <button type="submit" className={primaryButton} disabled={busy}>
                  {releasing ? `Release ${name} anyway` : `Withdraw ${name} anyway`}
                </button>
                <button type="button" className={secondaryButton} onClick={() => setForcing(false)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setForcing(true)}>
              {releasing ? 'Release anyway…' : 'Withdraw anyway…'}
            </button>
          )}
        </div>
      ) : null}
      {error && !(refused.length > 0 && fieldErrors(error).has('reason')) ? (
        <Notice tone="error" role="alert">
          {problemText(error)}
        </Notice>
      ) : null}
    </div>
  );
}

import { Notice } from '../../../components/notice';
import { problemText } from '../../../lib/signed-in/problems';
import { secondaryButton } from '../../../components/signed-in/modal';
import { signedInKeys } from '../../../lib/signed-in/keys';
import { useWrite } from '../../../lib/signed-in/use-write';
import { unseatJudge } from '../api/panel-writes';
import type { SectionProgress } from '../api/get-panel';
import { captionLabels, sectionKeyOf, sectionLabel } from '../utils/panel-copy';
import { PanelCopy } from './panel-copy';
import type { SeatTarget } from './panel-seat-dialog';

/** One division and round: each caption of its sheet with who sits on it, seat and remove, and copy from another. */
export function PanelSection({
  competitionId,
  section,
  others,
  onSeat,
}: {
  competitionId: number;
  section: SectionProgress;
  others: SectionProgress[];
  onSeat: (target: SeatTarget) => void;
}) {
  const key = sectionKeyOf(section);
  const label = sectionLabel(section);
  const names = captionLabels(section.captions);
  const unseat = useWrite({
    write: (captionKey: string) =>
      unseatJudge(competitionId, { round: section.round.number, divisionId: section.division.id, captionKey }),
    stale: () => [signedInKeys.competition(competitionId)],
  });
  const removing = unseat.isPending ? unseat.variables : null;
  const refusal = unseat.isError ? { captionKey: unseat.variables, error: unseat.error } : null;

  return (
    <section aria-labelledby={`panel-${key}`} className="my-6">
      <h2 id={`panel-${key}`} className="text-xl font-semibold">
        {label}
      </h2>
      {section.captions.length === 0 ? (
        <Notice tone="warning">
          This division has no score sheet for this round yet: give the division a sheet first, then seat its judges.
        </Notice>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {section.captions.map((caption) => {
            const judge = caption.judge;
            const name = names.get(caption.captionKey)!;
            const seatTarget: SeatTarget = {
              round: section.round.number,
              divisionId: section.division.id,
              captionKey: caption.captionKey,
              captionName: name,
              section: label,
              judge: judge ? { ...judge, userId: judge.userId ?? null } : null,
            };
            return (
              <li key={caption.captionKey} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <span className="font-medium">{name}</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    {judge ? (
                      <>
                        {`${judge.firstName} ${judge.lastName}`.trim()}
                        {judge.userId ? ' · judge user (enters on a tablet)' : ' · name only (paper)'}
                      </>
                    ) : (
                      'Nobody seated'
                    )}
                  </span>
                  {refusal?.captionKey === caption.captionKey ? (
                    <span role="alert" className="block text-sm text-red-800 dark:text-red-300">
                      Not removed: {problemText(refusal.error)}
                    </span>
                  ) : null}
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => onSeat(seatTarget)}
                    aria-label={`${judge ? 'Change' : 'Seat'} ${name}, ${label}`}
                  >
                    {judge ? 'Change' : 'Seat a judge'}
                  </button>
                  {judge ? (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={removing === caption.captionKey}
                      onClick={() => unseat.mutate(caption.captionKey)}
                      aria-label={`Remove ${name}'s judge, ${label}`}
                    >
                      {removing === caption.captionKey ? 'Removing…' : 'Remove'}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {section.captions.length > 0 && others.length > 0 ? (
        <PanelCopy competitionId={competitionId} target={section} sources={others} />
      ) : null}
    </section>
  );
}

import { useId, useState } from 'react';
import { Notice } from '../../../components/notice';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { inputClass, secondaryButton } from '../../../components/signed-in/modal';
import { signedInKeys } from '../../../lib/signed-in/keys';
import { useWrite } from '../../../lib/signed-in/use-write';
import { seatJudge } from '../api/panel-writes';
import type { SectionProgress } from '../api/get-panel';
import { planCopy, sectionKeyOf, sectionLabel } from '../utils/panel-copy';

interface Outcome {
  done: number;
  total: number;
  refused: { captionName: string; why: string }[];
  untouched: string[];
  notOnTarget: string[];
}

/**
 * "Copy panel from" another division or round of the competition: each of its seats is sent as a seat of this
 * section, one after another (the API seats one caption per request), with the progress and every refusal shown.
 */
export function PanelCopy({
  competitionId,
  target,
  sources,
}: {
  competitionId: number;
  target: SectionProgress;
  sources: SectionProgress[];
}) {
  const id = useId();
  const [from, setFrom] = useState(sectionKeyOf(sources[0]));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Each seat's refusal is kept in the outcome and the copy goes on: the write as a whole is never refused.
  const copying = useWrite({
    write: async (source: SectionProgress) => {
      const plan = planCopy(source, target);
      const state: Outcome = {
        done: 0,
        total: plan.seats.length,
        refused: [],
        untouched: plan.untouched,
        notOnTarget: plan.notOnTarget,
      };
      setOutcome({ ...state });
      for (const { captionName, seat } of plan.seats) {
        try {
          await seatJudge(competitionId, seat);
        } catch (error) {
          const fields = [...fieldErrors(error)].map(([name, message]) => `${name}: ${message}`).join('; ');
          state.refused.push({ captionName, why: `${problemText(error)}${fields ? ` (${fields})` : ''}` });
        }
        state.done += 1;
        setOutcome({ ...state, refused: [...state.refused] });
      }
    },
    stale: () => [signedInKeys.competition(competitionId)],
  });
  const busy = copying.isPending;

  const copy = () => {
    const source = sources.find((candidate) => sectionKeyOf(candidate) === from);
    if (source) copying.mutate(source);
  };

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium">
            Copy panel from
          </label>
          <select
            id={`${id}-from`}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className={`${inputClass} max-w-full`}
            disabled={busy}
          >
            {sources.map((source) => (
              <option key={sectionKeyOf(source)} value={sectionKeyOf(source)}>
                {sectionLabel(source)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={secondaryButton} onClick={copy} disabled={busy}>
          {busy ? 'Copying…' : `Copy to ${sectionLabel(target)}`}
        </button>
      </div>
      {outcome ? (
        <div role="status" aria-live="polite" className="mt-2 text-sm">
          {!busy ? (
            <p>
              {outcome.total === 0
                ? 'Nothing to copy: nobody is seated there on this sheet’s captions.'
                : `Copied ${outcome.total - outcome.refused.length} of ${outcome.total} seats.`}
              {outcome.untouched.length > 0 ? ` Left as they were: ${outcome.untouched.join(', ')}.` : ''}
              {outcome.notOnTarget.length > 0
                ? ` Not on this sheet, so not copied: ${outcome.notOnTarget.join(', ')}.`
                : ''}
            </p>
          ) : (
            <p>
              Copying {outcome.done} of {outcome.total}…
            </p>
          )}
          {outcome.refused.length > 0 ? (
            <Notice tone="error" role="alert">
              Refused:
              <ul className="list-disc pl-5">
                {outcome.refused.map((item) => (
                  <li key={item.captionName}>
                    {item.captionName}: {item.why}
                  </li>
                ))}
              </ul>
            </Notice>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

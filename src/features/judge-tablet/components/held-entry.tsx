import type { MySeat } from '../../../lib/api-models';
import type { HeldEntry } from '../queue/judge-records';
import { captionScore, formatCaptionScore, formatScore } from '../utils/sheet';
import { shortDateTime } from '../utils/show-date';

const when = shortDateTime;

/**
 * An entry the API did not take: a conflict (someone changed the entry while the judge's numbers waited) shows both
 * numbers line by line and who changed it; the judge decides. The judge's numbers stay until then.
 */
export function HeldEntryPanel({
  seat,
  held,
  onResolve,
}: {
  seat: MySeat;
  held: HeldEntry;
  onResolve: (choice: 'mine' | 'theirs') => void;
}) {
  const current = held.current;
  const mine = (key: string) => held.mine.scores.find((line) => line.subcaptionKey === key)?.score;
  const theirs = (key: string) => current?.scores.find((line) => line.subcaptionKey === key)?.score;
  const show = (value: number | undefined) => (value === undefined ? '–' : formatScore(value));
  const { subcaptions, digits } = seat.caption;
  const score = (scores: Parameters<typeof captionScore>[1]) =>
    formatCaptionScore(captionScore(subcaptions, scores, digits), digits);
  // A submitted entry is no longer the judge's: the API refuses it again whatever is sent.
  const canSendMine = held.kind === 'conflict' && current?.state !== 'submitted';
  return (
    <div
      role="alert"
      className="my-3 rounded-md border border-amber-700/50 bg-amber-50 px-3 py-3 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        {held.kind === 'conflict'
          ? `${current?.by?.name ?? 'Someone'} changed this entry${current?.at ? ` at ${when(current.at)}` : ''} while yours waited to be sent.`
          : `Not accepted: ${held.detail}`}
      </p>
      {held.kind === 'conflict' ? (
        <table className="data-table my-2 text-base">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col" className="num">
                Yours
              </th>
              <th scope="col" className="num">
                Now ({current?.state === 'submitted' ? 'submitted' : 'draft'})
              </th>
            </tr>
          </thead>
          <tbody>
            {seat.caption.subcaptions.map((line) => (
              <tr key={line.key}>
                <th scope="row">{line.name}</th>
                <td className="num">{show(mine(line.key))}</td>
                <td className="num">{show(theirs(line.key))}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Caption score</th>
              <td className="num">{score(held.mine.scores)}</td>
              <td className="num">{score(current?.scores ?? [])}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canSendMine ? (
          <button type="button" className="button min-h-12 text-base" onClick={() => onResolve('mine')}>
            Send mine instead
          </button>
        ) : null}
        <button type="button" className="button min-h-12 text-base" onClick={() => onResolve('theirs')}>
          {held.kind === 'conflict' ? 'Keep the current numbers' : 'Discard mine'}
        </button>
      </div>
    </div>
  );
}

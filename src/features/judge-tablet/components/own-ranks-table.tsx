import { memo } from 'react';
import type { MySeat } from '../../../lib/api-models';
import type { OwnRank } from '../utils/own-ranks';
import { formatCaptionScore } from '../utils/sheet';

/**
 * Numbers management: the judge's own caption scores so far in this caption, division and round, ranked, the open
 * sheet's row moving as the judge types. The judge's own numbers only: nothing of other judges before release.
 */
interface OwnRanksProps {
  seat: MySeat;
  ranks: readonly OwnRank[];
  current: number;
}

export function OwnRanksTable({ seat, ranks, current }: OwnRanksProps) {
  const ties = ranks.filter((rank) => rank.tied).length;
  return (
    <section aria-labelledby="own-ranks-heading" className="min-w-0">
      <h2 id="own-ranks-heading" className="text-xl font-semibold">
        Your {seat.caption.initials} numbers
      </h2>
      <p className="text-base text-slate-700 dark:text-slate-300">
        {seat.division.name} · {seat.round.name}: only you see these until release.
      </p>
      {ranks.length === 0 ? (
        <p className="mt-2">No numbers yet.</p>
      ) : (
        <table className="data-table mt-2 text-base">
          <thead>
            <tr>
              <th scope="col" className="num">
                Rank
              </th>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {ranks.map((rank) => (
              <RankRow
                key={rank.performanceId}
                rank={rank.rank}
                tied={rank.tied}
                groupName={rank.groupName}
                incomplete={rank.incomplete}
                score={formatCaptionScore(rank.total, seat.caption.digits)}
                current={rank.performanceId === current}
              />
            ))}
          </tbody>
        </table>
      )}
      {ties > 0 ? <p className="mt-2 text-base">Groups on the same score are marked “tie”.</p> : null}
    </section>
  );
}

/**
 * One group's row, drawn again only when what it shows changes: a keystroke moves one row and renumbers a few, and the
 * device store's answer to it changes none.
 */
const RankRow = memo(function RankRow({
  rank,
  tied,
  groupName,
  incomplete,
  score,
  current,
}: {
  rank: number;
  tied: boolean;
  groupName: string;
  incomplete: boolean;
  score: string;
  current: boolean;
}) {
  return (
    <tr
      aria-current={current ? 'true' : undefined}
      className={current ? 'bg-sky-100 font-semibold dark:bg-sky-950' : undefined}
    >
      <td className="num">
        {rank}
        {tied ? (
          <span className="ml-1 rounded bg-amber-200 px-1 text-sm text-amber-950 dark:bg-amber-800 dark:text-amber-50">
            tie
          </span>
        ) : null}
      </td>
      <td className="break-words">
        {groupName}
        {incomplete ? <span className="text-sm font-normal"> (incomplete)</span> : null}
      </td>
      <td className="num">{score}</td>
    </tr>
  );
});

import { formatScore, type ScoreFormat } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import type { CorrectionNote } from '../utils/recap-types';
import type { Ranked } from '../utils/scores-lookup';
import { CorrectionMarks } from './correction-marks';

/**
 * A number over its rank, as the published recap prints them; rank 1 marks a caption winner, and `corrections` the
 * corrections after release that changed it.
 */
export function ScoreValue({
  value,
  format,
  highlightWinner = false,
  corrections,
}: {
  value: Ranked | null;
  format: ScoreFormat;
  highlightWinner?: boolean;
  corrections?: readonly CorrectionNote[];
}) {
  if (value === null)
    return (
      <span className="text-slate-600 dark:text-slate-400">
        —<CorrectionMarks notes={corrections} />
      </span>
    );
  const winner = highlightWinner && value.rank === 1;
  return (
    <span className={`inline-flex flex-col items-end leading-tight ${winner ? 'font-bold' : ''}`}>
      <span>
        {formatScore(value.score, format)}
        <CorrectionMarks notes={corrections} />
      </span>
      {value.rank !== null ? (
        <span className="text-xs text-slate-700 dark:text-slate-300">
          <span className="sr-only">rank </span>
          {formatRank(value.rank)}
          {winner ? <span className="sr-only"> (highest)</span> : null}
        </span>
      ) : null}
    </span>
  );
}

export const winnerCellClass = 'bg-amber-100 dark:bg-amber-900/60';

import { formatRank } from '../../../lib/format';

/** The judge's rank, marked (≠, and in words for a screen reader) where it differs from the rank it is set against. */
export function RankBeside({
  rank,
  against,
  againstName,
}: {
  rank: number | null;
  against: number | null | undefined;
  againstName: string;
}) {
  const differs = rank !== null && against !== null && against !== undefined && rank !== against;
  return (
    <td className={`num whitespace-nowrap ${differs ? 'bg-amber-100 font-bold dark:bg-amber-900/60' : ''}`}>
      {formatRank(rank)}
      {differs ? (
        <>
          <span aria-hidden="true"> ≠</span>
          <span className="sr-only">
            {' '}
            (differs from {againstName} {formatRank(against)})
          </span>
        </>
      ) : null}
    </td>
  );
}

import type { CommentaryState } from '../../../../domain/commentary';
import type { CommentaryCell, CommentaryRow, CommentarySection } from '../utils/commentary-model';
import { CommentaryReleaseControls } from './commentary-release';

const stateMark: Record<CommentaryState, { symbol: string; className: string }> = {
  none: { symbol: '○', className: 'border-slate-300 dark:border-slate-600' },
  recording: { symbol: '◌', className: 'border-amber-700 dark:border-amber-300' },
  uploaded: { symbol: '●', className: 'border-blue-800 dark:border-sky-300' },
  verified: { symbol: '✓', className: 'border-green-800 bg-green-50 dark:border-green-300 dark:bg-green-950' },
};

/**
 * A division and round's commentary: its release, then each performance in running order with a button per caption
 * that says its state in words ("Equipment: Verified, 5:12") and opens it. Buttons wrap: no sideways scroll on a
 * tablet or a phone.
 */
export function CommentarySectionView({
  competitionId,
  section,
  canRelease,
  onOpen,
}: {
  competitionId: number;
  section: CommentarySection;
  canRelease: boolean;
  onOpen: (row: CommentaryRow, cell: CommentaryCell) => void;
}) {
  const { counts } = section;
  return (
    <section id={`commentary-${section.key}`} aria-labelledby={`commentary-heading-${section.key}`} className="my-6">
      <h2 id={`commentary-heading-${section.key}`} className="text-xl font-semibold">
        {section.name}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {counts.verified} verified · {counts.uploaded} uploaded, not verified · {counts.recording} on their way ·{' '}
        {counts.none} with none
      </p>
      <CommentaryReleaseControls competitionId={competitionId} section={section} canRelease={canRelease} />
      <ol className="mt-3 space-y-2">
        {section.rows.map((row) => (
          <li key={row.performanceId} className="rounded-md border border-slate-300 p-2 dark:border-slate-700">
            <p className="font-semibold">
              {row.order}. {row.group}
              {row.performed ? '' : <span className="font-normal"> · did not perform</span>}
            </p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {row.cells.map((cell) => {
                const mark = stateMark[cell.state];
                return (
                  <li key={cell.captionKey}>
                    <button
                      type="button"
                      onClick={() => onOpen(row, cell)}
                      className={`min-h-11 rounded-md border-2 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${mark.className}`}
                    >
                      <span aria-hidden="true">{mark.symbol} </span>
                      <span className="font-medium">{cell.captionName}</span>: {cell.text}
                      {cell.others > 0 ? ` (+${cell.others} more)` : ''}
                      <span className="sr-only">, {row.group}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

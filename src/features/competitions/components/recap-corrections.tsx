import { LocalDateTime } from '../../../components/local-date-time';
import type { CorrectionNote, DivisionRoundScores } from '../utils/recap-types';
import { sectionId } from '../utils/scores-lookup';

/**
 * A section's corrections after release (decision 083), under its numbers: each what changed, from what to what,
 * why and when, numbered as the marks on the numbers are (CorrectionMarks), and the target each mark links to.
 */
export function RecapCorrections({ section }: { section: DivisionRoundScores }) {
  const notes = section.corrections;
  if (!notes || notes.length === 0) return null;
  const headingId = `corrections-${sectionId(section)}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h3 id={headingId} className="font-semibold">
        Corrections after release
      </h3>
      <p className="text-slate-700 dark:text-slate-300">
        The numbers above are the corrected ones; each corrected number is marked † with its note&apos;s number.
      </p>
      <ol className="mt-2 space-y-2">
        {notes.map((note) => (
          <li
            key={note.id}
            id={note.id}
            // the marks link here: focus follows, so a screen reader reads the note next
            tabIndex={-1}
            className="scroll-mt-24 rounded outline-offset-2 target:ring-2 target:ring-amber-500"
          >
            <span aria-hidden="true" className="font-semibold">
              †{note.number}{' '}
            </span>
            <span className="sr-only">Note {note.number}: </span>
            <span className="font-semibold">{note.group ?? 'A performance since removed'}</span> · {note.what}:{' '}
            <Changes changes={note.changes} />. <span>Reason: {note.reason}</span>{' '}
            <span className="text-slate-700 dark:text-slate-300">
              (<LocalDateTime iso={note.at} />)
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Changes({ changes }: { changes: CorrectionNote['changes'] }) {
  return (
    <>
      {changes.map((change, index) => (
        <span key={index}>
          {index > 0 ? '; ' : null}
          {change.line ? `${change.line} ` : null}
          {change.before} <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> {change.after}
        </span>
      ))}
    </>
  );
}

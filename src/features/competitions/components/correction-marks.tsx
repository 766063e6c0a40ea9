import type { CorrectionNote } from '../utils/recap-types';

/**
 * The marks on a number corrected after release: a dagger and the note's number, each a link to its note under the
 * section (which says from what to what, and why). Read as "Corrected, note 1"; the reason is its title too.
 */
export function CorrectionMarks({ notes }: { notes: readonly CorrectionNote[] | undefined }) {
  if (!notes || notes.length === 0) return null;
  return (
    <>
      {notes.map((note) => (
        <a
          key={note.id}
          href={`#${note.id}`}
          aria-label={`Corrected, note ${note.number}`}
          title={`Corrected after release: ${note.reason}`}
          // a small mark with a finger-sized target: the pseudo-element widens what a tap hits, not the line
          className="relative ml-0.5 align-super text-xs leading-none font-semibold text-amber-900 underline decoration-dotted underline-offset-2 before:absolute before:-inset-2 before:content-[''] dark:text-amber-300"
        >
          †{note.number}
        </a>
      ))}
    </>
  );
}

const pressedStyle =
  'border-blue-900 bg-blue-900 text-white hover:bg-blue-800 dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950 dark:hover:bg-sky-200';

/**
 * A toggle named "Follow <what>" whether pressed or not (a toggle button keeps its name; aria-pressed is what
 * changes), with the star and the fill showing the state.
 */
export function FollowToggle({ what, pressed, onToggle }: { what: string; pressed: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={`button ${pressed ? pressedStyle : ''}`} aria-pressed={pressed} onClick={onToggle}>
      <span aria-hidden="true">{pressed ? '★' : '☆'}</span>
      Follow<span className="sr-only"> {what}</span>
    </button>
  );
}

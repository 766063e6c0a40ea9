import type { ReactNode } from 'react';
import { FieldError, inputClass } from './modal';

/** What a field's control carries: its id, and its error and hint tied to it for screen readers. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/**
 * A labelled field of the signed-in forms, its control (an input, a select, a textarea) drawn by `children` with the
 * props that tie it to its label, its hint and its error (the page's check, or the API's refusal naming it), shown
 * under it. What is typed stays in the caller's state whatever the server answers.
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  hint?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
        className: inputClass,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

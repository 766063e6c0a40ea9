import type { ReactNode } from 'react';
import { FieldError, inputClass } from '../../manage/components/modal';

/** What a field's control carries: its id, and its error tied to it for screen readers. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** A labelled field of the set-up forms with its error (the page's check, or the API's refusal naming it) under it. */
export function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
        className: inputClass,
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

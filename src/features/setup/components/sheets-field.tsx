import type { InputHTMLAttributes } from 'react';
import { FieldError, inputClass } from '../../manage/components/modal';

/**
 * One labelled input of the seasons and divisions forms with its error under it (tied by `aria-describedby`, and
 * `aria-invalid` while it stands). What is typed stays in the caller's state whatever the server answers.
 */
export function SheetsField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className = '',
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className'>) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

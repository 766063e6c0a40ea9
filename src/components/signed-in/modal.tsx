import { useEffect, useRef, type ReactNode } from 'react';
import { Notice } from '../notice';
import { problemText } from '../../lib/signed-in/problems';

/**
 * A modal dialog on the browser's own `<dialog>`: it traps focus, closes on Escape and gives focus back to what
 * opened it, so every dialog of the console works by keyboard without a library.
 */
export function Modal({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal: the dialog is then simply open (its content is what tests read).
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  const titleId = `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <div className="p-4">
          <div className="flex items-start justify-between gap-2">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded px-2 text-xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

export const inputClass =
  'w-full rounded border border-slate-400 bg-white px-2 py-1 text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

export const primaryButton =
  'rounded-md bg-blue-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-sky-300 dark:text-slate-950 dark:hover:bg-sky-200';

export const secondaryButton =
  'rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800';

/** A field's error, tied to its input by `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-800 dark:text-red-300">
      {message}
    </p>
  ) : null;
}

/**
 * A refused write's message where no field of the form shows it: the errors naming other fields, else the problem's
 * own sentence (when no field was named at all).
 */
export function RefusalNotice({
  error,
  general,
  fieldsNamed,
}: {
  error: unknown;
  general: [string, string][];
  fieldsNamed: number;
}) {
  if (!error || (general.length === 0 && fieldsNamed > 0)) return null;
  return (
    <Notice tone="error" role="alert">
      {general.length > 0 ? general.map(([name, message]) => `${name}: ${message}`).join('; ') : problemText(error)}
    </Notice>
  );
}

/** Cancel and Save, the end of every form of the console. */
export function DialogActions({ onClose, sending }: { onClose: () => void; sending: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className={secondaryButton} onClick={onClose}>
        Cancel
      </button>
      <button type="submit" className={primaryButton} disabled={sending}>
        {sending ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}

import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Modal, primaryButton, secondaryButton } from './modal';

type Register = (id: string, what: string | null) => void;
const UnsavedContext = createContext<Register | null>(null);

/**
 * A form says what it holds unsaved ("the new event", "the running order of Scholastic A Finals"), or null once
 * nothing is: while anything is, leaving the page asks first (LeaveGuard).
 */
export function useUnsaved(what: string | null) {
  const register = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    register?.(id, what);
    return () => register?.(id, null);
  }, [register, id, what]);
}

const listed = (things: string[]) =>
  things.length <= 1 ? (things[0] ?? '') : `${things.slice(0, -1).join(', ')} and ${things[things.length - 1]}`;

/**
 * Unsaved set-up forms ask before they are left (issue 36: Browser Back discarded a typed event name and six
 * running-order moves without a word). A navigation in the app, Back and Forward included, waits on the page's own
 * question (react-router's useBlocker: one per page, here, for every form under it); a reload or closing the tab
 * gets the browser's (beforeunload), which cannot say what would be lost. Nothing unsaved, nothing asked.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const [unsaved, setUnsaved] = useState<ReadonlyMap<string, string>>(() => new Map());
  const register = useCallback<Register>(
    (id, what) =>
      setUnsaved((current) => {
        if ((current.get(id) ?? null) === what) return current;
        const next = new Map(current);
        if (what === null) next.delete(id);
        else next.set(id, what);
        return next;
      }),
    [],
  );
  const dirty = unsaved.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return (
    <UnsavedContext value={register}>
      {children}
      {blocker.state === 'blocked' ? (
        <Modal title="Leave without saving?" open onClose={() => blocker.reset()}>
          <p className="mt-2 text-sm">
            Not saved yet: {listed([...unsaved.values()])}. Leaving this page now loses it.
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => blocker.proceed()}>
              Leave without saving
            </button>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog opens on its least destructive choice (WAI-ARIA's dialog pattern) */}
            <button type="button" className={primaryButton} onClick={() => blocker.reset()} autoFocus>
              Stay on this page
            </button>
          </div>
        </Modal>
      ) : null}
    </UnsavedContext>
  );
}

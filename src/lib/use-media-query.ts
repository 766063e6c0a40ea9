import { useSyncExternalStore } from 'react';

/** Subscribes to a CSS media query; false where matchMedia is missing (tests without a layout engine). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Tailwind's `md` breakpoint: below it the recap shows cards, from it a table. */
export const WIDE_SCREEN = '(min-width: 48rem)';

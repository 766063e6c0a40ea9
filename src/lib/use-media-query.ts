import { useSyncExternalStore } from 'react';

/**
 * Subscribes to a CSS media query; false where matchMedia is missing (tests without a layout engine), undefined
 * on the server and while the browser hydrates server HTML: the server cannot know the screen, so it renders both
 * layouts and lets CSS show one (see RecapSections).
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => undefined,
  );
}

/** Tailwind's `md` breakpoint: below it the recap shows cards, from it a table. */
export const WIDE_SCREEN = '(min-width: 48rem)';

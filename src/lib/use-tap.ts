import { useCallback, useEffect, useRef, type TouchEvent } from 'react';

/** How far, in CSS pixels, a finger may move and still tap (about a browser's touch slop). */
export const TAP_SLOP_PX = 10;
/** How long a finger may rest and still tap here; longer is left to the browser (a long press opens a link's menu). */
export const TAP_MAX_MS = 400;
/**
 * A touch that lands this soon after the page (or any box in it) scrolled most likely stops a fling; the browser
 * makes no click of such a touch, so neither do we.
 */
export const AFTER_SCROLL_MS = 100;

interface TouchStart {
  id: number;
  x: number;
  y: number;
  at: number;
}

export interface TapHandlers {
  onTouchStart: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  onTouchCancel: () => void;
}

/**
 * Acts on a finger's tap when the finger lifts, instead of at the click the browser makes of it. From a tap, a
 * browser makes mouse events (over, move, down, up), hit-tests for each, moves the focus and only then clicks, and on a
 * mid-range phone the reader sees nothing happen meanwhile (decision 015).
 *
 * Only what the browser would make a click of counts: one finger, moved at most TAP_SLOP_PX, lifted within
 * TAP_MAX_MS, not turned into a scroll (the touch's end is still cancelable), and not landing on a page that was
 * still scrolling (AFTER_SCROLL_MS: a touch that stops a fling). The tap's end is then cancelled,
 * so the browser makes no click of it and `onTap` runs once. Anything else, and every click not made from a touch
 * (mouse, keyboard, a screen reader's double tap), is left to the element's click handler, which must do the same.
 *
 * Returns a function that makes the touch handlers for one element; elements may share it (one finger taps one).
 */
export function useTap(): (onTap: () => void) => TapHandlers {
  const start = useRef<TouchStart | null>(null);
  const scrolledAt = useRef(-Infinity);
  useEffect(() => {
    const onScroll = (event: Event) => {
      scrolledAt.current = event.timeStamp;
    };
    // Capture: scroll events of boxes inside the page do not bubble.
    addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => removeEventListener('scroll', onScroll, { capture: true });
  }, []);
  return useCallback(
    (onTap: () => void) => ({
      onTouchStart(event: TouchEvent) {
        const touch = event.touches.length === 1 ? event.touches[0] : undefined;
        const stopsAFling = event.timeStamp - scrolledAt.current < AFTER_SCROLL_MS;
        start.current =
          touch && !stopsAFling
            ? { id: touch.identifier, x: touch.clientX, y: touch.clientY, at: event.timeStamp }
            : null;
      },
      onTouchEnd(event: TouchEvent) {
        const began = start.current;
        start.current = null;
        if (!began || !event.cancelable || event.defaultPrevented || event.touches.length > 0) return;
        const touch = Array.from(event.changedTouches).find((changed) => changed.identifier === began.id);
        if (
          !touch ||
          Math.abs(touch.clientX - began.x) > TAP_SLOP_PX ||
          Math.abs(touch.clientY - began.y) > TAP_SLOP_PX
        )
          return;
        if (event.timeStamp - began.at > TAP_MAX_MS) return;
        event.preventDefault();
        onTap();
      },
      onTouchCancel() {
        start.current = null;
      },
    }),
    [],
  );
}

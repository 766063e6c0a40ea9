import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_SCROLL_MS, TAP_MAX_MS, TAP_SLOP_PX, useTap } from './use-tap';

function Tappable({ onTap }: { onTap: () => void }) {
  const tap = useTap();
  return (
    <button type="button" {...tap(onTap)}>
      Target
    </button>
  );
}

afterEach(cleanup);

interface Point {
  identifier: number;
  clientX: number;
  clientY: number;
}
const point = (x: number, y: number, identifier = 0): Point => ({ identifier, clientX: x, clientY: y });

/** Touches the button at `from` and lifts at `to` `ms` later; whether the lift's default was prevented. */
function touch({
  to,
  ms = 80,
  fingers,
  cancelable = true,
}: { to?: Point; ms?: number; fingers?: Point[]; cancelable?: boolean } = {}) {
  const from = point(10, 10);
  to ??= from;
  fingers ??= [from];
  const target = screen.getByRole('button');
  const start = createEvent.touchStart(target, { touches: fingers, changedTouches: [from] });
  Object.defineProperty(start, 'timeStamp', { value: 1000 });
  fireEvent(target, start);
  const end = createEvent.touchEnd(target, { touches: [], changedTouches: [to], cancelable });
  Object.defineProperty(end, 'timeStamp', { value: 1000 + ms });
  fireEvent(target, end);
  return end.defaultPrevented;
}

describe('useTap', () => {
  it('acts on a tap at the lift and cancels the lift, so the browser makes no click of it', () => {
    const onTap = vi.fn();
    render(<Tappable onTap={onTap} />);
    expect(touch({ to: point(10 + TAP_SLOP_PX, 10 - TAP_SLOP_PX) })).toBe(true);
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('leaves to the browser a finger that moved, rested long, scrolled or came with another', () => {
    const onTap = vi.fn();
    render(<Tappable onTap={onTap} />);
    expect(touch({ to: point(10 + TAP_SLOP_PX + 1, 10) })).toBe(false);
    expect(touch({ to: point(10, 10 + TAP_SLOP_PX + 1) })).toBe(false);
    expect(touch({ ms: TAP_MAX_MS + 1 })).toBe(false);
    // Once the browser scrolls, the touch's end cannot be cancelled.
    expect(touch({ cancelable: false })).toBe(false);
    expect(touch({ fingers: [point(10, 10), point(50, 50, 1)] })).toBe(false);
    // The lift of another finger than the one that touched.
    expect(touch({ to: point(10, 10, 1) })).toBe(false);
    expect(onTap).not.toHaveBeenCalled();
  });

  it('leaves to the browser a touch that lands while the page still scrolls (it stops a fling)', () => {
    const onTap = vi.fn();
    render(<Tappable onTap={onTap} />);
    const scrolled = (at: number) => {
      const scroll = new Event('scroll');
      Object.defineProperty(scroll, 'timeStamp', { value: at });
      // A box inside the page: its scroll events do not bubble, the hook listens in the capture phase.
      screen.getByRole('button').dispatchEvent(scroll);
    };
    // The touch lands at 1000 (see touch()).
    scrolled(1000 - AFTER_SCROLL_MS + 1);
    expect(touch()).toBe(false);
    expect(onTap).not.toHaveBeenCalled();
    scrolled(1000 - AFTER_SCROLL_MS);
    expect(touch()).toBe(true);
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('forgets a cancelled touch, and a lift without a touch', () => {
    const onTap = vi.fn();
    render(<Tappable onTap={onTap} />);
    const target = screen.getByRole('button');
    fireEvent.touchStart(target, { touches: [point(10, 10)], changedTouches: [point(10, 10)] });
    fireEvent.touchCancel(target, { touches: [], changedTouches: [point(10, 10)] });
    expect(fireEvent.touchEnd(target, { touches: [], changedTouches: [point(10, 10)] })).toBe(true);
    expect(onTap).not.toHaveBeenCalled();
    // The tap after it counts.
    expect(touch()).toBe(true);
    expect(onTap).toHaveBeenCalledTimes(1);
  });
});

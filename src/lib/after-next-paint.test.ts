import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrameShown, afterNextPaint } from './after-next-paint';

// Animation frames are the test's to run: frame() runs those requested so far, then the tasks they queued.
let frames: (FrameRequestCallback | null)[] = [];

beforeEach(() => {
  frames = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = null;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function frame() {
  const due = frames.splice(0);
  frames = due.map(() => null); // keep ids stable for cancelAnimationFrame
  due.forEach((callback) => callback?.(0));
  vi.runOnlyPendingTimers();
}

describe('afterNextPaint', () => {
  it('calls back in a task after the next frame, not before', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    frame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not call back once cancelled', () => {
    const callback = vi.fn();
    afterNextPaint(callback)();
    frame();
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('afterNextFrameShown', () => {
  it('calls back only after the frame after the next one', () => {
    const callback = vi.fn();
    afterNextFrameShown(callback);
    frame();
    expect(callback).not.toHaveBeenCalled();
    frame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not call back when cancelled before the first frame or between the two', () => {
    const early = vi.fn();
    afterNextFrameShown(early)();
    const between = vi.fn();
    const cancelBetween = afterNextFrameShown(between);
    frame();
    cancelBetween();
    frame();
    frame();
    expect(early).not.toHaveBeenCalled();
    expect(between).not.toHaveBeenCalled();
  });
});

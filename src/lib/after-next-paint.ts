/**
 * Calls `callback` once the browser has painted the current frame: a task queued from requestAnimationFrame runs
 * after that frame's paint. Starting a follow-up transition from an effect is not enough: the browser keeps running
 * React's scheduled work before it paints, so the first commit can wait behind the whole follow-up render.
 * Returns a cancel function (for an effect's cleanup).
 */
export function afterNextPaint(callback: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timeout !== undefined) clearTimeout(timeout);
  };
}

/**
 * Calls `callback` once the frame after the next one has started: by then the next frame has been painted and
 * handed on to be rasterized and shown, which the main thread's work would otherwise compete with for the CPU.
 * For work that follows a change the reader waits to see, and that the reader does not see itself.
 */
export function afterNextFrameShown(callback: () => void): () => void {
  return twice(afterNextPaint, callback);
}

type Schedule = (callback: () => void) => () => void;

/** Schedules `callback` with `schedule`, from a callback of `schedule`: one cancel function for both. */
export function twice(schedule: Schedule, callback: () => void): () => void {
  let cancelSecond: (() => void) | undefined;
  const cancelFirst = schedule(() => {
    cancelSecond = schedule(callback);
  });
  return () => {
    cancelFirst();
    cancelSecond?.();
  };
}

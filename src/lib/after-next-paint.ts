/**
 * Resolves once the browser has painted the current frame: a task queued from requestAnimationFrame runs after that
 * frame's paint. For work the reader does not see that would otherwise delay a frame the reader waits for.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

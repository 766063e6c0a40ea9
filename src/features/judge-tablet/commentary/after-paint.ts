/**
 * Runs `work` once the page has painted its next frame: after a keystroke's own frame when one is on its way, so the
 * recording's bookkeeping (an IndexedDB write and the renders it brings) never stands between a typed number and the
 * screen showing it. Usually some milliseconds, a frame at most; a hidden page paints nothing (and nobody types on
 * it): there it runs at once. LATEST_MS bounds the wait should frames stop coming.
 */
const LATEST_MS = 200;

export function afterPaint(work: () => void): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'visible') {
    work();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(latest);
    work();
  };
  const latest = setTimeout(run, LATEST_MS);
  // after the frame's rendering (its commit to the compositor): once the page is idle where the browser says so
  // (Chromium), else in a task after it (Safari has no requestIdleCallback)
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: LATEST_MS });
    else setTimeout(run, 0);
  });
}

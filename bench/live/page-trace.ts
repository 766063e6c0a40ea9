/**
 * `BENCH_RELEASE_TRACE=1`: what a browser page of the release part did after each write (bench/live/release-moment.ts),
 * printed beside its time to the screen: when its `change` arrived, each read it made (start, first byte, end), its
 * long tasks, and when the new numbers were painted, all in ms from the write's answer. Made to find where a page's
 * time goes (decision 143); it changes nothing measured but the work of keeping these few entries.
 */
import type { Page } from '@playwright/test';

export const TRACING = process.env.BENCH_RELEASE_TRACE === '1';

type Traced = Window & { __releaseTrace?: string[] };

/** Installs the trace in every document the page opens, before the app's own scripts. */
export async function tracePage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const traced = window as Traced;
    const lines: string[] = [];
    traced.__releaseTrace = lines;
    // no named functions in here: tsx would wrap them in a helper the page does not have
    const origin = performance.timeOrigin;
    // The app's stream is an EventSource: its `change` events are noted as they arrive.
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('change', () => lines.push(`change ${Date.now()}`));
      }
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        const path = new URL(entry.name).pathname;
        lines.push(
          `read ${Math.round(origin + entry.startTime)} ${Math.round(origin + entry.responseStart)} ${Math.round(origin + entry.responseEnd)} ${path}`,
        );
      }
    }).observe({ type: 'resource' });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        lines.push(`long-task ${Math.round(origin + entry.startTime)} ${Math.round(entry.duration)}ms`);
    }).observe({ type: 'longtask' });
  });
}

/** The page's entries since the last call, every time in them made relative to `since` (ms since the epoch). */
export async function takeTrace(page: Page, since: number): Promise<string> {
  const lines = await page.evaluate(() => {
    const traced = window as Traced;
    return traced.__releaseTrace?.splice(0) ?? [];
  });
  return lines.map((line) => line.replace(/\b1\d{12}\b/g, (time) => String(Number(time) - since))).join('; ');
}

/**
 * A cold first visit of one page on the emulated phone (recap-page.ts's emulation: 4x CPU, DevTools Fast 3G, a new
 * browser each run): LCP, the time until the page's own content is on screen, what the page rendered (elements,
 * links) and what it loaded (reads under /api/, bytes). The archive-scale bench uses it on home, a season, its
 * standings and a recap; a page that renders hundreds of cards or waits for hundreds of reads shows here.
 */
import type { Page } from '@playwright/test';
import { launchChromium, phonePage } from './phone.js';

const TIMEOUT_MS = 180_000;

export interface PageVisit {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /** navigation start to the page's own content (its `ready` element) visible */
  readyMs: number;
  /** navigation start to the first and the last byte of the page's HTML (the server's time is in the first) */
  htmlFirstByteMs: number;
  htmlLastByteMs: number;
  /** elements and links in the document once the network was idle */
  elements: number;
  links: number;
  /** reads under /api/ the visit made (the navigation excluded) */
  apiReads: number;
  /** the longest of those reads, request to last byte (a view the BFF builds for it shows here) */
  slowestApiReadMs: number;
  transferBytes: number;
}

/** `ready` finds what says the page has shown its content (a heading, a table), as a user would look for it. */
export async function visitPage(url: string, ready: (page: Page) => ReturnType<Page['getByRole']>): Promise<PageVisit> {
  const browser = await launchChromium();
  try {
    const { context, page } = await phonePage(browser);
    await page.addInitScript({ content: `var __name = (target) => target; (${observeLcp.toString()})();` });
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await ready(page).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const readyMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    await page.waitForFunction(() => !Number.isNaN((window as unknown as LcpWindow).__lcp().lcpMs), undefined, {
      timeout: 60_000,
    });
    const paints = await page.evaluate(() => (window as unknown as LcpWindow).__lcp());
    const counts = await page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const navigation = entries.find((entry) => entry.entryType === 'navigation')!;
      return {
        htmlFirstByteMs: navigation.responseStart,
        htmlLastByteMs: navigation.responseEnd,
        elements: document.querySelectorAll('*').length,
        links: document.querySelectorAll('a[href]').length,
        apiReads: entries.filter(
          (entry) => entry.entryType === 'resource' && new URL(entry.name).pathname.startsWith('/api/'),
        ).length,
        slowestApiReadMs: Math.max(
          0,
          ...entries
            .filter((entry) => entry.entryType === 'resource' && new URL(entry.name).pathname.startsWith('/api/'))
            .map((entry) => entry.responseEnd - entry.startTime),
        ),
        transferBytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
      };
    });
    await context.close();
    return { ...paints, readyMs, ...counts };
  } finally {
    await browser.close();
  }
}

interface LcpWindow {
  __lcp(): { lcpMs: number; lcpElement: string; fcpMs: number };
}

/** Runs in the page before its scripts: LCP and FCP from buffered observers. */
function observeLcp() {
  let lcp: LargestContentfulPaint | undefined;
  let fcp = NaN;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lcp = entry as LargestContentfulPaint;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const describe = (element: Element | null | undefined) =>
    element
      ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`
      : 'none';
  (window as unknown as LcpWindow).__lcp = () => ({
    lcpMs: lcp ? lcp.startTime : NaN,
    lcpElement: describe(lcp?.element),
    fcpMs: fcp,
  });
}

/**
 * What a phone downloads on its first visit to a group page: a cold visit on the emulated phone (recap-page.ts's
 * emulation), every resource of the page (the navigation, scripts, stylesheet, and the reads under /api/) with the
 * bytes Chromium received (it asks for br), and the same resources fetched again gzip-only, which is the unit of
 * the budget. The reads under /api/ are reported apart: they are what a season's size could make grow.
 */
import { request as httpRequest } from 'node:http';
import { launchChromium, phonePage } from '../web/phone.js';

export interface PageResource {
  path: string;
  /** bytes over the wire as Chromium received them (headers included, br where offered) */
  transferBytes: number;
  /** the body gzip-compressed as the BFF serves it to a client that accepts gzip only */
  gzipBytes: number;
  decodedBytes: number;
}

export interface GroupPageVisit {
  url: string;
  resources: PageResource[];
  transferBytes: number;
  gzipBytes: number;
  /** the reads under /api/ alone */
  dataGzipBytes: number;
  /** rows of the group's performances table on the page */
  performancesShown: number;
}

export async function measureGroupPage(url: string): Promise<GroupPageVisit> {
  const browser = await launchChromium();
  try {
    const { context, page } = await phonePage(browser);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const table = page.getByRole('table', { name: /^Performances in / });
    await table.waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const performancesShown = await table.getByRole('rowheader').count();
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return { url: timing.name, transferBytes: timing.transferSize, decodedBytes: timing.decodedBodySize };
      }),
    );
    await context.close();
    const resources: PageResource[] = [];
    for (const entry of entries) {
      const target = new URL(entry.url);
      resources.push({
        path: `${target.pathname}${target.search}`,
        transferBytes: entry.transferBytes,
        decodedBytes: entry.decodedBytes,
        gzipBytes: await gzipBytesOf(entry.url, entry === entries[0]),
      });
    }
    const sum = (list: PageResource[], key: 'transferBytes' | 'gzipBytes') =>
      list.reduce((total, resource) => total + resource[key], 0);
    return {
      url: new URL(url).pathname + new URL(url).search,
      resources,
      transferBytes: sum(resources, 'transferBytes'),
      gzipBytes: sum(resources, 'gzipBytes'),
      dataGzipBytes: sum(
        resources.filter((resource) => resource.path.startsWith('/api/')),
        'gzipBytes',
      ),
      performancesShown,
    };
  } finally {
    await browser.close();
  }
}

/** The body's size as the BFF sends it to a client accepting gzip only (a page navigation asks for HTML). */
function gzipBytesOf(url: string, navigation: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip', accept: navigation ? 'text/html' : '*/*' };
    httpRequest(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

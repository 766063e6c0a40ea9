/**
 * The emulated mid-range phone the page benchmarks share (recap-page.ts's emulation, docs/decisions/007): Debian's
 * chromium, a phone-sized touch screen, the CPU 4x slower and DevTools' Fast 3G.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CPU_SLOWDOWN, FAST_3G, PHONE } from './recap-page.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchChromium = (args: string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...args] });

/** A new page in a new context of `browser`, throttled as the phone. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', timezoneId: 'America/Chicago' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...FAST_3G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

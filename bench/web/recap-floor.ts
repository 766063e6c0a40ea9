/**
 * The recap tap's floor (issue 41): the browser's own cost of the change a tap on "Full breakdown" makes, without
 * the app, in two steps:
 *
 * - capture (not timed, once before the runs): the recap page on the same phone, settled, is serialized without its
 *   scripts (its markup before the tap); then, tapped, the markup of the very commit in which the screen switched
 *   (the link current, every card on screen with its breakdown open and built);
 * - the floor page: that markup before the tap, with the page's own stylesheets, served at the app's origin (so its
 *   styles and fonts load as the app's do), and no script but one that works out, before the tap, the smallest set of
 *   changes that turn it into the switched markup (attributes set, text changed, an element's children replaced by
 *   their markup) and makes them on the tap's click, at once;
 * - each run, after the app's tap in the same browser, timed exactly as that tap (recap-page.ts's observer and
 *   finger): the lift to the first painted frame that shows the screen switched, same phone, same CPU slowdown.
 *
 * The budget is the app's time over this one's: what the app adds to what any page showing that DOM would cost.
 */
import type { Browser } from '@playwright/test';
import { launchChromium } from './phone.js';
import {
  CPU_SLOWDOWN,
  observePaints,
  PHONE,
  SETTLED_MS,
  tapWithContact,
  type BenchWindow,
  type PageMarkup,
} from './recap-page.js';

/** Where the floor page is served, on the app's origin: a path the app does not have. */
const FLOOR_PATH = '/__bench/recap-floor';
const TIMEOUT_MS = 120_000;

/** The recap page's markup before the tap and in the commit that switched its screen. */
export interface SwitchMarkup {
  before: PageMarkup;
  switched: PageMarkup;
}

const fullBreakdownLink = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Recap view' }).getByRole('link', { name: 'Full breakdown' });

/** Serializes the recap page before the tap and when its screen switched, on the phone, in a browser of its own. */
export async function captureSwitch(url: string): Promise<SwitchMarkup> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ ...PHONE, locale: 'en-US', timezoneId: 'America/Chicago' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.addInitScript({ content: `var __name = (target) => target; (${observePaints.toString()})();` });
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const link = fullBreakdownLink(page);
    await link.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    await page.evaluate((quietMs) => (window as unknown as BenchWindow).__bench.settled(quietMs), SETTLED_MS);
    // scrolled as the tap will scroll it, so that "on screen" is the same screen
    await link.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => (window as unknown as BenchWindow).__bench.markup());
    await page.evaluate(() =>
      (window as unknown as BenchWindow).__bench.armSwitch({ capture: true, screenOnly: true }),
    );
    await tapWithContact(cdp, link);
    const switched = await page.evaluate(() => (window as unknown as BenchWindow).__bench.switched);
    if (!switched.markup) throw new Error('the switched markup was not captured');
    return { before, switched: switched.markup };
  } finally {
    await browser.close();
  }
}

/** One tap on the floor page in `browser`, timed as the app's: the lift to the switched screen painted, ms. */
export async function measureFloor(browser: Browser, appUrl: string, markup: SwitchMarkup): Promise<number> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', timezoneId: 'America/Chicago' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript({ content: `var __name = (target) => target; (${observePaints.toString()})();` });
    const floorUrl = new URL(FLOOR_PATH, appUrl).href;
    await page.route(floorUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: floorPage(markup) }),
    );
    await page.goto(floorUrl, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    await page.waitForFunction(() => (window as unknown as FloorWindow).__floorReady === true, undefined, {
      timeout: TIMEOUT_MS,
    });
    await page.evaluate((quietMs) => (window as unknown as BenchWindow).__bench.settled(quietMs), SETTLED_MS);
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.armSwitch({ screenOnly: true }));
    await tapWithContact(cdp, fullBreakdownLink(page));
    const switched = await Promise.race([
      page.evaluate(() => (window as unknown as BenchWindow).__bench.switched),
      page.waitForTimeout(60_000).then(() => {
        throw new Error('the floor page did not show the switched screen within 60 s of the tap');
      }),
    ]);
    return switched.switchMs;
  } finally {
    await context.close();
  }
}

interface FloorWindow {
  __floorReady?: boolean;
}

const attributes = (list: [string, string][]) =>
  list.map(([name, value]) => ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`).join('');

/** The floor page: the markup before the tap, its styles, and the one script that makes the change on the click. */
function floorPage({ before, switched }: SwitchMarkup): string {
  // in a script element's text, "</script" would end it; JSON keeps "<\/" as the same string
  const target = JSON.stringify(switched.body).replaceAll('</', '<\\/');
  return [
    '<!doctype html>',
    `<html${attributes(before.htmlAttributes)}>`,
    '<head><meta charset="utf-8">',
    before.head,
    `<script>var __name = (target) => target; (${prepareChange.toString()})(${target});</script>`,
    '</head>',
    `<body${attributes(before.bodyAttributes)}>${before.body}</body>`,
    '</html>',
  ].join('\n');
}

/**
 * Runs in the floor page. Once it is parsed: the switched markup parsed into a detached document, compared with the
 * page node by node, and each difference kept as one change to make (an attribute, a text, or an element whose
 * children differ in number or kind: its children replaced by their markup, which the browser parses then, as it
 * builds the app's DOM). On the tap's click, the link's navigation is cancelled and every change made at once.
 */
function prepareChange(targetBody: string) {
  addEventListener('DOMContentLoaded', () => {
    const target = new DOMParser().parseFromString(`<!doctype html><body>${targetBody}</body>`, 'text/html').body;
    const changes: (() => void)[] = [];
    const sameKind = (a: Node, b: Node) =>
      a.nodeType === b.nodeType &&
      (a.nodeType !== Node.ELEMENT_NODE || (a as Element).tagName === (b as Element).tagName);
    const compare = (live: Element, wanted: Element) => {
      for (const { name, value } of [...wanted.attributes])
        if (live.getAttribute(name) !== value) changes.push(() => live.setAttribute(name, value));
      for (const { name } of [...live.attributes])
        if (!wanted.hasAttribute(name)) changes.push(() => live.removeAttribute(name));
      const liveChildren = [...live.childNodes];
      const wantedChildren = [...wanted.childNodes];
      if (
        liveChildren.length !== wantedChildren.length ||
        liveChildren.some((child, index) => !sameKind(child, wantedChildren[index]))
      ) {
        const markup = wanted.innerHTML;
        changes.push(() => {
          live.innerHTML = markup;
        });
        return;
      }
      liveChildren.forEach((child, index) => {
        const other = wantedChildren[index];
        if (child.nodeType === Node.ELEMENT_NODE) {
          if ((child as Element).outerHTML !== (other as Element).outerHTML)
            compare(child as Element, other as Element);
        } else if (child.nodeValue !== other.nodeValue) {
          const text = other.nodeValue;
          changes.push(() => {
            child.nodeValue = text;
          });
        }
      });
    };
    compare(document.body, target);
    document.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        for (const change of changes) change();
      },
      { capture: true, once: true },
    );
    (window as unknown as { __floorReady: boolean }).__floorReady = true;
  });
}

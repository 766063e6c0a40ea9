/**
 * The recap page of the biggest real recap on an emulated mid-range phone, in Debian's chromium: LCP of a cold
 * first visit; the time from tapping "Full breakdown" to the first frame painted with the screen switched (the link
 * current, every card on screen with its breakdown open and built); and, for information, the time until every card
 * of the page has its breakdown built and painted.
 */
import { chromium, type Browser, type CDPSession, type Locator } from '@playwright/test';

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

/**
 * Chrome DevTools' "Fast 3G" preset (named "Slow 4G" in newer DevTools): 562.5 ms latency (150 ms x 3.75),
 * 1.6 Mbit/s down and 750 kbit/s up, each x 0.9, as DevTools applies them. Bytes per second.
 */
export const FAST_3G = {
  latency: 562.5,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
export const CPU_SLOWDOWN = 4;
/** the tap waits until the page's DOM has not changed for this long */
export const SETTLED_MS = 1000;
/**
 * How long the finger rests on the screen in the tap. A finger tap lasts some 130 ms from touch to lift (133 ± 83 ms
 * measured in a study of touchscreen gestures); Playwright's tap lifts at once, which no finger does. See decision 016.
 */
export const TAP_CONTACT_MS = 80;
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

export interface RecapPageRun {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /**
   * The budgeted figure: tap on "Full breakdown" (the lift: its touchend event's timestamp) to the first frame painted in which
   * the link is the current view and every card (`article`) in the viewport that has a breakdown shows it open and
   * built (its disclosure button expanded, with the breakdown's tables in the region it controls).
   */
  switchMs: number;
  /** the same tap on the floor page (recap-floor.ts), in the same browser: the budget's floor */
  floorSwitchMs?: number;
  /** the switch's phases: tap to the commit that switched the screen; the style and layout of that commit (forced by the check); the rest to the painted frame */
  switchPhases: { toCommitMs: number; styleLayoutMs: number; toPaintMs: number };
  /** cards in the viewport when the screen had switched, and how many of them have a breakdown */
  cardsOnScreen: number;
  breakdownsOnScreen: number;
  /** tap to the first frame painted with every card of the page showing its breakdown open and built (not budgeted) */
  allBuiltMs: number;
  /** the longest task (Long Tasks API, 50 ms and over) between the screen switched and every breakdown built: how long input could wait meanwhile */
  longestCatchUpTaskMs: number | null;
  /** the longest Event Timing entry of the tap (input to the next paint after its handlers), for comparison */
  tapEventMs: number | null;
  /** breakdowns on the page (cards whose group performed), all open at the end */
  breakdowns: number;
  /** where the main thread's time went (Chrome's Performance.getMetrics, throttled ms): the first visit until the tap, and from the tap until every breakdown was built (DOM nodes then) */
  mainThread: { load: MainThreadTime; switch: MainThreadTime };
  /** bytes over the wire for the first visit (transferSize of navigation and resources) */
  transferBytes: number;
  resources: { name: string; transferBytes: number; decodedBytes: number; endMs: number }[];
}

export interface MainThreadTime {
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  taskMs: number;
  domNodes: number;
}

/**
 * One cold first visit per run, each in a browser of its own: a run then starts with no processes, caches or
 * leftover work from the one before (a closed context's renderer can still be exiting, and the browser's other
 * processes are shared), so the runs measure the same thing. With `floor`, each run's browser then taps the floor
 * page too (recap-floor.ts's measureFloor), after the app.
 */
export async function measureRecapPage(
  url: string,
  runs: number,
  log: (line: string) => void,
  options: { floor?: (browser: Browser) => Promise<number> } = {},
): Promise<RecapPageRun[]> {
  const results: RecapPageRun[] = [];
  for (let run = 1; run <= runs; run++) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const result = await measureOnce(browser, url);
      if (options.floor) result.floorSwitchMs = await options.floor(browser);
      log(
        `  run ${run}: LCP ${result.lcpMs.toFixed(0)} ms (${result.lcpElement}), tap "Full breakdown" to screen switched ${result.switchMs.toFixed(0)} ms ` +
          `(${result.breakdownsOnScreen} breakdowns on screen${result.floorSwitchMs === undefined ? '' : `; the floor page ${result.floorSwitchMs.toFixed(0)} ms`}), to all ${result.breakdowns} built ${result.allBuiltMs.toFixed(0)} ms, ${(result.transferBytes / 1024).toFixed(0)} KB transferred`,
      );
      results.push(result);
    } finally {
      await browser.close();
    }
  }
  return results;
}

async function measureOnce(browser: Browser, url: string): Promise<RecapPageRun> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', timezoneId: 'America/Chicago' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...FAST_3G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => list.find((metric) => metric.name === name)?.value ?? NaN;
      return {
        scriptMs: value('ScriptDuration') * 1000,
        styleMs: value('RecalcStyleDuration') * 1000,
        layoutMs: value('LayoutDuration') * 1000,
        taskMs: value('TaskDuration') * 1000,
        domNodes: value('Nodes'),
      };
    };
    // tsx keeps function names with a __name helper the page does not have: give it one.
    await page.addInitScript({ content: `var __name = (target) => target; (${observePaints.toString()})();` });

    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const fullBreakdown = page
      .getByRole('navigation', { name: 'Recap view' })
      .getByRole('link', { name: 'Full breakdown' });
    await fullBreakdown.waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // The link can be in the DOM, and the network idle, before the frame that shows it is painted and its LCP entry
    // delivered (an app that yields between commit and paint): wait for a candidate rather than read none.
    await page.waitForFunction(
      () => !Number.isNaN((window as unknown as BenchWindow).__bench.paints().lcpMs),
      undefined,
      { timeout: 60_000 },
    );
    // LCP candidates stop at the first input: read them before tapping.
    const paints = await page.evaluate(() => (window as unknown as BenchWindow).__bench.paints());
    // A reader taps once the page has settled; a tap during its first render (the app adds the later sections after
    // the first paint) would measure the rest of that render too, and by chance.
    await page.evaluate((quietMs) => (window as unknown as BenchWindow).__bench.settled(quietMs), SETTLED_MS);

    const beforeTap = await metrics();
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.armSwitch());
    await tapWithContact(cdp, fullBreakdown);
    const switched = await Promise.race([
      page.evaluate(() => (window as unknown as BenchWindow).__bench.switched),
      page.waitForTimeout(60_000).then(async () => {
        // Say what the page shows, so a failure points at the card (or the view) that did not switch.
        const seen = await page.evaluate(() => {
          const buttons = [...document.querySelectorAll('article button[aria-expanded]')];
          const built = buttons.filter(
            (button) =>
              button.getAttribute('aria-expanded') === 'true' &&
              document.getElementById(button.getAttribute('aria-controls') ?? '')?.querySelector('table') != null,
          );
          const current = document
            .querySelector('nav[aria-label="Recap view"] a[aria-current="page"]')
            ?.textContent?.trim();
          const notBuilt = buttons.find((button) => !built.includes(button));
          return { buttons: buttons.length, built: built.length, current, notBuilt: notBuilt?.outerHTML.slice(0, 200) };
        });
        throw new Error(
          `the full breakdown was not built on every card within 60 s of the tap (view "${seen.current}", ${seen.built} of ${seen.buttons} disclosures built; the first not: ${seen.notBuilt})`,
        );
      }),
    ]);
    const afterSwitch = await metrics();
    const resources = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          name: new URL(timing.name).pathname,
          transferBytes: timing.transferSize,
          decodedBytes: timing.decodedBodySize,
          endMs: Math.round(timing.responseEnd),
        };
      }),
    );
    return {
      ...paints,
      ...switched,
      mainThread: {
        load: beforeTap,
        switch: {
          scriptMs: afterSwitch.scriptMs - beforeTap.scriptMs,
          styleMs: afterSwitch.styleMs - beforeTap.styleMs,
          layoutMs: afterSwitch.layoutMs - beforeTap.layoutMs,
          taskMs: afterSwitch.taskMs - beforeTap.taskMs,
          domNodes: afterSwitch.domNodes,
        },
      },
      transferBytes: resources.reduce((sum, resource) => sum + resource.transferBytes, 0),
      resources: resources.filter((resource) => resource.endMs <= paints.lcpMs + 5_000),
    };
  } finally {
    await context.close();
  }
}

/**
 * A tap on the element's centre as a finger makes it: touch, rest TAP_CONTACT_MS, lift (DevTools'
 * Input.dispatchTouchEvent, the input Playwright's own tap sends, but with the two apart). The browser makes the
 * click from the lift unless the page cancels it, and the click's timestamp is the lift's.
 */
export async function tapWithContact(cdp: CDPSession, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to tap has no box on screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await new Promise((resolve) => setTimeout(resolve, TAP_CONTACT_MS));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

export type Switched = Pick<
  RecapPageRun,
  | 'switchMs'
  | 'switchPhases'
  | 'cardsOnScreen'
  | 'breakdownsOnScreen'
  | 'allBuiltMs'
  | 'longestCatchUpTaskMs'
  | 'tapEventMs'
  | 'breakdowns'
> & {
  /** armed with `capture`: the page's markup in the commit that switched the screen (recap-floor.ts) */
  markup?: PageMarkup;
};

/** A page's markup without its scripts: what the floor page (recap-floor.ts) is made of. */
export interface PageMarkup {
  htmlAttributes: [string, string][];
  bodyAttributes: [string, string][];
  /** the head's stylesheets and viewport, as markup */
  head: string;
  body: string;
}

/** How the switch is watched: `capture` keeps the switched markup; `screenOnly` settles once the screen switched. */
export interface ArmOptions {
  capture?: boolean;
  screenOnly?: boolean;
}

export interface BenchWindow {
  __bench: {
    paints(): { lcpMs: number; lcpElement: string; fcpMs: number };
    /** settles once the DOM has not changed for `quietMs` */
    settled(quietMs: number): Promise<void>;
    /** the page's markup now, scripts left out */
    markup(): PageMarkup;
    armSwitch(options?: ArmOptions): void;
    /** settles once every breakdown is built and painted, with both times */
    switched: Promise<Switched>;
  };
}

/**
 * Runs in the page before its scripts. LCP and FCP from buffered PerformanceObservers. The switch: a capture
 * listener takes the tap's lift, its touchend event's timestamp (same clock as performance.now()); after each DOM change a
 * MutationObserver checks whether the "Full breakdown" link is the current view and every card (`<article>`) that
 * intersects the viewport and has a breakdown shows it: its disclosure expanded, the breakdown's tables inside. Two
 * animation frames after the change that makes it so, the frame with it has been painted: that is the screen
 * switched. The observer then waits in the same way for every card of the page to show its breakdown (all built).
 * Event Timing entries of the tap are kept for comparison, long tasks to see how long input could wait during
 * the catch-up.
 */
export function observePaints() {
  let lcp: LargestContentfulPaint | undefined;
  let fcp = NaN;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lcp = entry as LargestContentfulPaint;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const tapEvents: number[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (['pointerdown', 'pointerup', 'click', 'touchstart', 'touchend'].includes(entry.name))
        tapEvents.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const longTasks: { start: number; end: number }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  const describe = (element: Element | null | undefined) =>
    element
      ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`
      : 'none';
  /** the frame with the current DOM has been painted when the second animation frame from now starts */
  const afterPaint = (callback: (paintedAt: number) => void) =>
    requestAnimationFrame(() => requestAnimationFrame(() => callback(performance.now())));
  const attributesOf = (element: Element): [string, string][] =>
    [...element.attributes].map((attribute) => [attribute.name, attribute.value]);
  const markup = (): PageMarkup => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const script of body.querySelectorAll('script')) script.remove();
    return {
      htmlAttributes: attributesOf(document.documentElement),
      bodyAttributes: attributesOf(document.body),
      head: [...document.head.querySelectorAll('style, link[rel="stylesheet"], meta[name="viewport"]')]
        .map((element) => element.outerHTML)
        .join('\n'),
      body: body.innerHTML,
    };
  };
  const bench = {
    paints: () => ({ lcpMs: lcp ? lcp.startTime : NaN, lcpElement: describe(lcp?.element), fcpMs: fcp }),
    markup,
    switched: undefined as unknown as Promise<Switched>,
    settled: (quietMs: number) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        function done() {
          observer.disconnect();
          resolve();
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    armSwitch(options: ArmOptions = {}) {
      tapEvents.length = 0;
      bench.switched = new Promise((resolve) => {
        let tappedAt: number | undefined;
        // The lift. The app may act on it and cancel the click; when the browser makes one, it has the same timestamp.
        addEventListener('touchend', (event) => (tappedAt ??= event.timeStamp), { capture: true, once: true });
        const fullIsCurrent = () =>
          document.querySelector('nav[aria-label="Recap view"] a[aria-current="page"]')?.textContent?.trim() ===
          'Full breakdown';
        /** a card's breakdown disclosure, and whether it is expanded, with the breakdown's tables in the region it controls */
        const BREAKDOWN_DISCLOSURE = 'button[aria-expanded]';
        const shows = (button: Element) =>
          button.getAttribute('aria-expanded') === 'true' &&
          document.getElementById(button.getAttribute('aria-controls') ?? '')?.querySelector('table') != null;
        /** cards in the viewport, in document order (they stack vertically: stop at the first one below it) */
        const cardsOnScreen = () => {
          const cards: Element[] = [];
          for (const card of document.querySelectorAll('article')) {
            const rect = card.getBoundingClientRect();
            if (rect.top >= innerHeight) break;
            if (rect.bottom > 0 && rect.height > 0) cards.push(card);
          }
          return cards;
        };
        // A function's first run compiles it: run the checks once now, so that does not land in the measured tap.
        for (const card of cardsOnScreen()) {
          const disclosure = card.querySelector(BREAKDOWN_DISCLOSURE);
          if (disclosure) shows(disclosure);
        }
        fullIsCurrent();
        let screen:
          | {
              switchMs: number;
              switchPhases: Switched['switchPhases'];
              cardsOnScreen: number;
              breakdownsOnScreen: number;
              markup?: PageMarkup;
            }
          | undefined;
        let screenPending = false;
        const observer = new MutationObserver(() => {
          if (tappedAt === undefined || !fullIsCurrent()) return;
          const tapped = tappedAt;
          if (!screenPending) {
            const committedAt = performance.now();
            const onScreen = cardsOnScreen(); // forces the style and layout of this commit
            const laidOutAt = performance.now();
            const withBreakdown = onScreen
              .map((card) => card.querySelector(BREAKDOWN_DISCLOSURE))
              .filter((button) => button !== null);
            if (withBreakdown.length === 0 || !withBreakdown.every(shows)) return;
            screenPending = true;
            // outside any measured run: the DOM of this very commit, before anything else changes it
            const switchedMarkup = options.capture ? markup() : undefined;
            afterPaint((paintedAt) => {
              screen = {
                switchMs: paintedAt - tapped,
                switchPhases: {
                  toCommitMs: committedAt - tapped,
                  styleLayoutMs: laidOutAt - committedAt,
                  toPaintMs: paintedAt - laidOutAt,
                },
                cardsOnScreen: onScreen.length,
                breakdownsOnScreen: withBreakdown.length,
                markup: switchedMarkup,
              };
              if (options.screenOnly) {
                observer.disconnect();
                resolve({
                  ...screen,
                  allBuiltMs: NaN,
                  longestCatchUpTaskMs: null,
                  tapEventMs: null,
                  breakdowns: document.querySelectorAll(`article ${BREAKDOWN_DISCLOSURE}`).length,
                });
                return;
              }
              allBuilt(tapped);
            });
            // Whether all are built is asked from the next change on (or once this frame is painted): asking it here
            // (every card's disclosure) would add the bench's own work to the measured frame.
            return;
          }
          allBuilt(tapped);
        });
        let allSeen = false;
        const allBuilt = (tapped: number) => {
          if (allSeen) return;
          const all = document.querySelectorAll(`article ${BREAKDOWN_DISCLOSURE}`);
          if (![...all].every(shows)) return;
          allSeen = true;
          observer.disconnect();
          afterPaint((paintedAt) => {
            // Event Timing and long task entries arrive after their frame; give them a moment.
            setTimeout(() => {
              const from = tapped + screen!.switchMs;
              const catchUpTasks = longTasks
                .filter((task) => task.end > from && task.start < paintedAt)
                .map((task) => Math.min(task.end, paintedAt) - Math.max(task.start, from));
              resolve({
                ...screen!,
                allBuiltMs: paintedAt - tapped,
                longestCatchUpTaskMs: catchUpTasks.length ? Math.max(...catchUpTasks) : null,
                tapEventMs: tapEvents.length ? Math.max(...tapEvents) : null,
                breakdowns: all.length,
              });
            }, 500);
          });
        };
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-expanded', 'aria-current'],
        });
      });
    },
  };
  (window as unknown as BenchWindow).__bench = bench;
}

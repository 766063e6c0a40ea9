/**
 * The search's budget (decision 032: suggestions must keep up with typing on a phone): on the emulated phone (4x CPU, Fast 3G), the time from a keystroke
 * in the banner's search field (its keydown event's timestamp) to the first frame painted after the suggestions
 * list shows that query (its last option, "All results for “...”", names the field's whole value). The index is read
 * once when the field is first focused (its download and size are reported, not budgeted: they happen before the
 * first keystroke is looked at); then a group's name is typed letter by letter, with one letter left out, as a fan
 * would type it, in a new browser each run.
 */
import type { Page } from '@playwright/test';
import { median } from '../lib/stats.js';
import { launchChromium, phonePage } from './phone.js';

const TIMEOUT_MS = 180_000;

export interface SearchKeystrokes {
  query: string;
  /** every keystroke of every run, in order */
  keystrokeMs: number[];
  medianMs: number;
  maxMs: number;
  /** field focused to the index read and the field ready, per run */
  indexLoadMs: number[];
  indexTransferBytes: number;
  /** entries in the index: groups, events, competitions, judges */
  indexEntries: number;
}

interface KeystrokeWindow {
  __search: { start: number; ms: number | null };
}

/** Installed before the app: times each keystroke in the search field to the frame painted with its suggestions. */
function observeKeystrokes() {
  const state = { start: 0, ms: null as number | null };
  (window as unknown as KeystrokeWindow).__search = state;
  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target as HTMLElement;
      if (target.getAttribute('role') !== 'combobox') return;
      state.start = event.timeStamp;
      state.ms = null;
    },
    true,
  );
  let waiting = false;
  new MutationObserver(() => {
    if (state.start === 0 || state.ms !== null || waiting) return;
    const field = document.querySelector<HTMLInputElement>('[role=combobox][aria-controls]');
    const list = field && document.getElementById(field.getAttribute('aria-controls')!);
    const options = list?.querySelectorAll('[role=option]');
    const last = options?.[options.length - 1];
    if (!field || !last || !last.textContent.includes(`“${field.value.trim()}”`)) return;
    waiting = true;
    // The frame that paints this DOM: the next animation frame, and a task after it (the paint itself).
    requestAnimationFrame(() =>
      setTimeout(() => {
        state.ms = performance.now() - state.start;
        waiting = false;
      }, 0),
    );
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** A name as a fan might type it: the name's longest word, its third letter left out. */
export function typedQuery(name: string): string {
  const longest = name.split(' ').reduce((best, word) => (word.length > best.length ? word : best), '');
  return longest.slice(0, 2) + longest.slice(3);
}

export async function measureSearchKeystrokes(
  baseUrl: string,
  groupName: string,
  runs: number,
  log: (line: string) => void,
): Promise<SearchKeystrokes> {
  const query = typedQuery(groupName);
  const keystrokeMs: number[] = [];
  const indexLoadMs: number[] = [];
  let indexTransferBytes = 0;
  let indexEntries = 0;
  for (let run = 1; run <= runs; run++) {
    const browser = await launchChromium();
    try {
      const { context, page } = await phonePage(browser);
      await page.addInitScript({ content: `var __name = (target) => target; (${observeKeystrokes.toString()})();` });
      await page.goto(`${baseUrl}/`, { timeout: TIMEOUT_MS });
      const field = page.getByRole('banner').getByRole('combobox', { name: /^Search/ });
      const indexRead = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/bff/search-index',
        { timeout: TIMEOUT_MS },
      );
      const focusedAt = Date.now();
      await field.tap();
      const response = await indexRead;
      const index = (await response.json()) as Record<string, unknown[]>;
      indexEntries = Object.values(index).reduce((sum, list) => sum + list.length, 0);
      await field.and(page.locator('[aria-controls]')).waitFor({ timeout: TIMEOUT_MS });
      indexLoadMs.push(Date.now() - focusedAt);
      indexTransferBytes = (await response.request().sizes()).responseBodySize;
      const times: number[] = [];
      for (const letter of query) {
        await page.keyboard.press(letter);
        await page.waitForFunction(() => (window as unknown as KeystrokeWindow).__search.ms !== null, undefined, {
          timeout: 30_000,
        });
        times.push(await page.evaluate(() => (window as unknown as KeystrokeWindow).__search.ms!));
      }
      await expectSuggestion(page, groupName);
      log(
        `  search run ${run}: "${query}" keystrokes ${times.map((ms) => ms.toFixed(0)).join(', ')} ms; index ${indexLoadMs.at(-1)} ms, ${(indexTransferBytes / 1024).toFixed(0)} KB, ${indexEntries} entries`,
      );
      keystrokeMs.push(...times);
      await context.close();
    } finally {
      await browser.close();
    }
  }
  return {
    query,
    keystrokeMs,
    medianMs: median(keystrokeMs),
    maxMs: Math.max(...keystrokeMs),
    indexLoadMs,
    indexTransferBytes,
    indexEntries,
  };
}

/** The measurement means something only if the misspelt query finds the group. */
async function expectSuggestion(page: Page, groupName: string): Promise<void> {
  const names = await page.getByRole('option').allTextContents();
  if (!names.some((name) => name.startsWith(groupName)))
    throw new Error(`the search did not suggest ${groupName} (suggested: ${names.join('; ')})`);
}

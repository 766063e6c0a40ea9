/**
 * The served recordings in a real browser (Debian's Chromium): an audio element reads them through Range requests
 * and finds a finite duration equal to what was recorded, seekable from start to end, and seeks into the second
 * segment of a recording reloaded half way. Chromium's own WebM is not seekable as recorded (no Duration, no Cues):
 * the first test shows that, so the others show the fix. The page's requests go to the API with the listener's
 * token (an audio element cannot send one; the BFF does that in the app).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright';
import { fixture, record, setUpCommentary, startCommentaryShow, type CommentaryShow } from '../helpers/commentary.js';

const ORIGIN = 'https://commentary.test';
let show: CommentaryShow;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  show = await startCommentaryShow();
  await setUpCommentary(show);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  });
  page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    if (url.pathname === '/as-recorded.webm')
      return route.fulfill({ contentType: 'audio/webm', body: fixture('chromium-6s.webm') });
    const range = route.request().headers().range;
    const answer = await show.api.fetch(url.pathname, {
      headers: { ...show.as.tabulator.auth, ...(range ? { range } : {}) },
    });
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers.entries()),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  await page.goto(`${ORIGIN}/`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await show?.api.stop();
});

interface Played {
  duration: number | null;
  seekable: [number, number] | null;
  seekedTo: number | null;
}

/** Loads the audio's metadata, then seeks to `at` seconds and waits for the seek to end. */
async function play(path: string, at: number): Promise<Played> {
  // the page's script as text: this file is type-checked for Node, without the DOM's types
  return await page.evaluate<Played>(`(async () => {
    const audio = new Audio();
    audio.preload = 'metadata';
    audio.src = ${JSON.stringify(ORIGIN + path)};
    await new Promise((resolve, reject) => {
      audio.onloadedmetadata = resolve;
      audio.onerror = () => reject(new Error(audio.error && audio.error.message));
    });
    const finite = Number.isFinite(audio.duration);
    const seekable = audio.seekable.length ? [audio.seekable.start(0), audio.seekable.end(audio.seekable.length - 1)] : null;
    if (!finite) return { duration: null, seekable, seekedTo: null };
    audio.currentTime = ${at};
    await new Promise((resolve) => (audio.onseeked = resolve));
    return { duration: audio.duration, seekable, seekedTo: audio.currentTime };
  })()`);
}

describe('playing a served recording in Chromium', () => {
  it("finds no duration in Chromium's WebM as recorded (what the server fixes)", async () => {
    expect((await play('/as-recorded.webm', 3)).duration).toBeNull();
  });

  it('plays a WebM recording with its duration and seeks in it', async () => {
    const finished = await record(show.as.judge, {
      performanceId: show.performances['Alpha HS'],
      captionKey: 'ea',
      segments: ['chromium-6s.webm'],
    });
    const played = await play(finished.body.audio, 4.5);
    expect(Math.abs(played.duration! * 1000 - finished.body.durationMs)).toBeLessThan(100);
    expect(Math.abs(played.duration! - 6.5)).toBeLessThan(1.5);
    expect(played.seekable).toEqual([0, played.duration]);
    expect(played.seekedTo).toBeCloseTo(4.5, 1);
  });

  it('plays a recording reloaded half way as one, and seeks into its second segment', async () => {
    const finished = await record(show.as.judge, {
      performanceId: show.performances['Bravo HS'],
      captionKey: 'ea',
      segments: ['chromium-6s.webm', 'chromium-4s.webm'],
    });
    const played = await play(finished.body.audio, 8.5);
    expect(Math.abs(played.duration! - 10.5)).toBeLessThan(1.5);
    expect(played.seekedTo).toBeCloseTo(8.5, 1);
  });

  it('plays MP4 recordings, one segment and two, with their duration', async () => {
    const single = await record(show.as.judge, {
      performanceId: show.performances['Charlie HS'],
      captionKey: 'ea',
      segments: ['chromium-4s.mp4'],
    });
    const joined = await record(show.as.judge, {
      performanceId: show.encore['Bravo HS'],
      captionKey: 'ea',
      segments: ['chromium-4s.mp4', 'chromium-3s.mp4'],
    });
    const one = await play(single.body.audio, 2);
    expect(Math.abs(one.duration! - 4.5)).toBeLessThan(1.5);
    const two = await play(joined.body.audio, 6);
    expect(Math.abs(two.duration! - 7.5)).toBeLessThan(1.5);
    expect(Math.abs(two.duration! * 1000 - joined.body.durationMs)).toBeLessThan(100);
    expect(two.seekedTo).toBeCloseTo(6, 1);
  });
});

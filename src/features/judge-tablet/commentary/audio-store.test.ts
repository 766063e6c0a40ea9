import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioStore, PIECES_TOLD_EVERY_MS } from './audio-store';

const KEY = '00000000-0000-4000-8000-00000000000c';
const opened: AudioStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the audio store's telling of the page", () => {
  it('keeps every piece at once, and tells the page of pieces at most once a second, the last one too', async () => {
    const store = await AudioStore.open(`judge-audio-store-test-${Date.now()}`);
    opened.push(store);
    await store.start(
      { key: KEY, performanceId: 1, captionKey: 'ge1', groupName: 'Alpha', mimeType: 'audio/webm;codecs=opus' },
      Date.now(),
    );
    let told = 0;
    store.subscribe(() => (told += 1));

    // the recording's start was just told: the pieces after it are kept at once, told within the second
    for (const size of [10, 20, 30]) await store.addPiece(KEY, 1, new ArrayBuffer(size), size * 10);
    expect(store.recording(KEY)?.segments[0].bytes).toBe(60);
    expect(told).toBe(0);

    await wait(PIECES_TOLD_EVERY_MS + 100);
    expect(told).toBe(1);
    expect(store.snapshot().get(KEY)?.segments[0].bytes).toBe(60);

    // any other write is told at once, the piece waiting to be told with it
    await store.addPiece(KEY, 1, new ArrayBuffer(5), 400);
    expect(told).toBe(1);
    await store.stop(KEY);
    expect(told).toBe(2);
    expect(store.snapshot().get(KEY)).toMatchObject({ state: 'stopped', segments: [{ bytes: 65 }] });
    await wait(PIECES_TOLD_EVERY_MS + 100);
    expect(told).toBe(2);
    expect((await store.piecesOf(KEY)).map((piece) => piece.size)).toEqual([10, 20, 30, 5]);
  });
});

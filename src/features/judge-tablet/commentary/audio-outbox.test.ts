import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeCommentaryApi } from '../../../test/fake-commentary-api';
import { AudioOutbox } from './audio-outbox';
import { AudioStore, audioWaiting } from './audio-store';
import { commentaryApi } from './commentary-api';

let databases = 0;
const opened: AudioStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function device(name = `judge-audio-test-${++databases}`) {
  const store = await AudioStore.open(name);
  opened.push(store);
  return { name, store };
}

const outboxOn = (store: AudioStore, api: FakeCommentaryApi, batchBytes = 1024) =>
  new AudioOutbox({ store, api: commentaryApi(api.transport), retryDelaysMs: [], batchBytes });

let pieceNumber = 0;
/** A piece of `size` bytes, each byte saying which piece it is, so a duplicate or a gap shows in the bytes. */
function piece(size: number): Uint8Array {
  pieceNumber += 1;
  return new Uint8Array(size).map((_, index) => (pieceNumber * 31 + index) % 251);
}

async function record(store: AudioStore, key: string, sizes: number[], segment = 1, performanceId = 101) {
  if (!store.recording(key))
    await store.start(
      { key, performanceId, captionKey: 'ge1', groupName: 'Alpha', mimeType: 'audio/webm;codecs=opus' },
      Date.now(),
    );
  const written: Uint8Array[] = [];
  for (const [index, size] of sizes.entries()) {
    const bytes = piece(size);
    written.push(bytes);
    await store.addPiece(key, segment, bytes.slice().buffer, (index + 1) * 1000);
  }
  return written;
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const KEY_A = '00000000-0000-4000-8000-00000000000a';
const KEY_B = '00000000-0000-4000-8000-00000000000b';

describe('the audio outbox', () => {
  it('sends the pieces in the order recorded, every byte once, and finishes a stopped recording', async () => {
    const api = new FakeCommentaryApi();
    api.network = 'down';
    const { store } = await device();
    const outbox = outboxOn(store, api, 700);
    const a = await record(store, KEY_A, [300, 300, 300, 300]);
    await store.stop(KEY_A);
    const b = await record(store, KEY_B, [500, 200], 1, 102);
    await outbox.run();
    expect(outbox.status().blocked).toBe('unavailable');
    expect(audioWaiting(store.snapshot())).toEqual({ count: 2, bytes: 1900 });

    api.network = 'up';
    await outbox.run();
    expect(api.held(KEY_A, 1)).toEqual(joined(a));
    expect(api.held(KEY_B, 1)).toEqual(joined(b));
    // A's appends before B's, each at the offset the one before left
    const [uploadA, uploadB] = [...api.uploads.keys()];
    expect(api.appended.map(({ uploadId, offset }) => [uploadId, offset])).toEqual([
      [uploadA, 0],
      [uploadA, 600],
      [uploadB, 0],
    ]);
    expect(api.finishes).toEqual([{ recordingId: 1, uploads: [{ number: 1, size: 1200 }] }]);
    expect(store.recording(KEY_A)?.state).toBe('finished');
    // B is still being recorded: everything sent, not finished
    expect(store.recording(KEY_B)?.state).toBe('recording');
    expect(await store.piecesOf(KEY_A)).toEqual([]);
    expect(await store.piecesOf(KEY_B)).toEqual([]);
    expect(audioWaiting(store.snapshot())).toEqual({ count: 0, bytes: 0 });
  });

  it('writes each piece once when answers are lost: the create, the upload, the append and the finish', async () => {
    const api = new FakeCommentaryApi();
    const { store } = await device();
    const outbox = outboxOn(store, api, 400);
    const written = await record(store, KEY_A, [400, 400, 400]);
    await store.stop(KEY_A);
    // every other pass, its first request is carried out and its answer lost
    for (let pass = 0; pass < 40 && store.recording(KEY_A)?.state !== 'finished'; pass += 1) {
      api.loseAnswers = pass % 2 === 0 ? 1 : 0;
      await outbox.run();
      // nothing leaves the device that the server has not said it holds
      const pieces = await store.piecesOf(KEY_A);
      const confirmed = store.recording(KEY_A)!.segments[0].confirmed;
      expect(pieces.every((item) => item.offset + item.size > confirmed)).toBe(true);
      expect(api.held(KEY_A, 1).length).toBeGreaterThanOrEqual(confirmed);
    }
    expect(store.recording(KEY_A)?.state).toBe('finished');
    expect(api.recordings.size).toBe(1);
    expect(api.uploads.size).toBe(1);
    expect(api.held(KEY_A, 1)).toEqual(joined(written));
    expect(api.appended.reduce((total, item) => total + item.length, 0)).toBe(1200);
    expect(api.finishes).toHaveLength(1);
  });

  it("goes on from the server's offset after a body cut off half way", async () => {
    const api = new FakeCommentaryApi();
    const { store } = await device();
    const outbox = outboxOn(store, api, 1000);
    const written = await record(store, KEY_A, [500, 500]);
    api.cutNextBodyAt = 640;
    await outbox.run();
    expect(outbox.status().blocked).toBe('unavailable');
    // the first piece is confirmed by the server's offset once asked; the second, half held, stays on the device
    await outbox.run();
    expect(api.held(KEY_A, 1)).toEqual(joined(written));
    expect(api.appended.map(({ offset, length }) => [offset, length])).toEqual([
      [0, 640],
      [640, 360],
    ]);
    expect(await store.piecesOf(KEY_A)).toEqual([]);
  });

  it('loses nothing and sends nothing twice across a restart between the write and the send', async () => {
    const api = new FakeCommentaryApi();
    const first = await device();
    const outbox = outboxOn(first.store, api, 300);
    const before = await record(first.store, KEY_A, [300]);
    await outbox.run();
    before.push(...(await record(first.store, KEY_A, [300])));
    // the second append reaches the server, its answer does not; then the page is gone
    api.loseAnswers = 1;
    await outbox.run();
    outbox.stop();
    const after = await record(first.store, KEY_A, [300]);
    first.store.close();
    expect(api.held(KEY_A, 1).length).toBe(600);

    const reopened = await device(first.name);
    expect(reopened.store.recording(KEY_A)?.segments[0]).toMatchObject({ bytes: 900 });
    // the piece whose answer was lost is still on the device: only the server's word takes it away
    expect((await reopened.store.piecesOf(KEY_A)).map((item) => item.offset)).toEqual([300, 600]);
    await reopened.store.stop(KEY_A);
    await outboxOn(reopened.store, api, 300).run();
    expect(api.held(KEY_A, 1)).toEqual(joined([...before, ...after]));
    expect(api.appended.reduce((total, item) => total + item.length, 0)).toBe(900);
    expect(reopened.store.recording(KEY_A)?.state).toBe('finished');
  });

  it('sends a new segment after a reload as the next upload, and finishes with both', async () => {
    const api = new FakeCommentaryApi();
    const { store } = await device();
    const outbox = outboxOn(store, api);
    const one = await record(store, KEY_A, [200, 200]);
    await outbox.run();
    const number = await store.newSegment(KEY_A);
    expect(number).toBe(2);
    const two = await record(store, KEY_A, [300], 2);
    await store.stop(KEY_A);
    await outbox.run();
    expect(api.held(KEY_A, 1)).toEqual(joined(one));
    expect(api.held(KEY_A, 2)).toEqual(joined(two));
    expect(api.finishes[0]?.uploads).toEqual([
      { number: 1, size: 400 },
      { number: 2, size: 300 },
    ]);
  });

  it('keeps every piece while signed out, offline or refused, and sends the others meanwhile', async () => {
    const api = new FakeCommentaryApi();
    const { store } = await device();
    const outbox = outboxOn(store, api);
    await record(store, KEY_A, [100, 100]);
    api.signedIn = false;
    await outbox.run();
    expect(outbox.status().blocked).toBe('signed-out');
    expect(await store.piecesOf(KEY_A)).toHaveLength(2);

    api.signedIn = true;
    api.refuseRecordings = { status: 409, code: 'commentary_disabled' };
    await outbox.resume();
    expect(store.recording(KEY_A)).toMatchObject({ state: 'refused', refusal: 'Refused' });
    expect(await store.piecesOf(KEY_A)).toHaveLength(2);

    api.refuseRecordings = null;
    const b = await record(store, KEY_B, [100], 1, 102);
    await outbox.run();
    expect(api.held(KEY_B, 1)).toEqual(joined(b));
    expect(await store.piecesOf(KEY_A)).toHaveLength(2);
    expect(audioWaiting(store.snapshot())).toEqual({ count: 0, bytes: 0 });
  });

  it('sends the tapped marks once, after a lost answer too', async () => {
    const api = new FakeCommentaryApi();
    const { store } = await device();
    const outbox = outboxOn(store, api);
    await record(store, KEY_A, [100]);
    await store.tapMark(KEY_A, 1500);
    await store.tapMark(KEY_A, 2500);
    api.loseAnswers = 1;
    await outbox.run();
    expect(store.recording(KEY_A)?.tappedSent).toBe(0);
    await outbox.run();
    expect(api.marks.map((mark) => [mark.recordingKey, mark.offsetMs])).toEqual([
      [KEY_A, 1500],
      [KEY_A, 2500],
    ]);
    expect(store.recording(KEY_A)?.tappedSent).toBe(2);
  });
});

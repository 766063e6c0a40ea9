/**
 * Recording commentary over the real HTTPS server, with real Chromium recordings (test/fixtures/commentary): a
 * seated judge's recording uploaded piece by piece and finished into one file; a lost answer and a repeated piece
 * written once; a truncated upload resumed at the server's offset; the size limit; the type told by content; the
 * event's commentaryEnabled honoured.
 */
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decoder } from 'ts-ebml';
import {
  fixture,
  piecesOf,
  record,
  sendPieces,
  setUpCommentary,
  startCommentaryShow,
  type Client,
  type CommentaryShow,
} from '../helpers/commentary.js';

const LIMIT = 200_000;
let show: CommentaryShow;
let judge: Client;

beforeAll(async () => {
  show = await startCommentaryShow({ env: { COMMENTARY_MAX_BYTES: String(LIMIT) } });
  await setUpCommentary(show);
  judge = show.as.judge;
}, 180_000);
afterAll(() => show?.api.stop());

const STREAM = { 'content-type': 'application/offset+octet-stream' };
const alpha = () => show.performances['Alpha HS'];
const bravo = () => show.performances['Bravo HS'];
const charlie = () => show.performances['Charlie HS'];

async function startRecording(client: Client, performanceId: number, contentType = 'audio/webm;codecs=opus') {
  const recording = await client.send('POST', `/performances/${performanceId}/commentary`, {
    captionKey: 'ea',
    contentType,
    key: randomUUID(),
  });
  expect(recording.status, recording.text).toBe(201);
  const upload = await client.send('POST', `/commentary/recordings/${recording.body.id}/uploads`, { number: 1 });
  expect(upload.status, upload.text).toBe(201);
  return { recordingId: recording.body.id as number, uploadId: upload.body.id as number };
}

const append = (client: Client, uploadId: number, offset: number, bytes: Uint8Array, headers = {}) =>
  client.send('PATCH', `/commentary/uploads/${uploadId}`, bytes, {
    ...STREAM,
    'upload-offset': String(offset),
    ...headers,
  });

/** The served file's Duration (ms) and its Clusters' timestamps, read back with ts-ebml. */
function webmTimeline(bytes: Buffer) {
  let duration: number | undefined;
  const clusters: number[] = [];
  let cues = 0;
  let inCluster = false;
  for (const element of new Decoder().decode(new Uint8Array(bytes).buffer)) {
    if (element.name === 'Cluster' && element.type === 'm' && !element.isEnd) inCluster = true;
    if (element.name === 'Duration' && 'value' in element) duration = Number(element.value);
    if (element.name === 'CuePoint' && element.type === 'm' && !element.isEnd) cues++;
    if (element.name === 'Timestamp' && inCluster && 'value' in element) clusters.push(Number(element.value));
  }
  return { duration, clusters, cues };
}

describe('a seated judge records a performance', () => {
  it('uploads the pieces in order and finishes into one file with a Duration and a Cue per Cluster', async () => {
    const finished = await record(judge, { performanceId: alpha(), captionKey: 'ea', segments: ['chromium-6s.webm'] });
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body).toMatchObject({
      performanceId: alpha(),
      captionKey: 'ea',
      state: 'uploaded',
      current: true,
      contentType: 'audio/webm',
      recordedFor: null,
      by: { kind: 'user', id: String(show.userIds.judge), name: 'Ann Equip' },
    });
    expect(finished.body.durationMs).toBeGreaterThan(6_300);
    expect(finished.body.durationMs).toBeLessThan(6_700);
    const served = await show.api.fetch(finished.body.audio, { headers: authOf(judge) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/webm');
    const file = Buffer.from(await served.arrayBuffer());
    expect(file.length).toBe(finished.body.size);
    const timeline = webmTimeline(file);
    expect(timeline.duration).toBeCloseTo(finished.body.durationMs, -1);
    expect(timeline.cues).toBe(timeline.clusters.length);
    // the recorder's own bytes, every cluster of them, follow the new header unchanged
    const original = fixture('chromium-6s.webm');
    expect(file.subarray(file.length - (original.length - 146)).equals(original.subarray(146))).toBe(true);
  });

  it('joins the segments of a recording reloaded half way into one file whose time runs on', async () => {
    const finished = await record(judge, {
      performanceId: bravo(),
      captionKey: 'ea',
      segments: ['chromium-6s.webm', 'chromium-4s.webm'],
    });
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.uploads.map((upload: { number: number }) => upload.number)).toEqual([1, 2]);
    expect(finished.body.durationMs).toBeGreaterThan(10_200);
    expect(finished.body.durationMs).toBeLessThan(10_700);
    const file = Buffer.from(
      await (await show.api.fetch(finished.body.audio, { headers: authOf(judge) })).arrayBuffer(),
    );
    const { clusters, duration } = webmTimeline(file);
    expect(clusters.length).toBe(7 + 4);
    for (let index = 1; index < clusters.length; index++) expect(clusters[index]).toBeGreaterThan(clusters[index - 1]);
    expect(clusters[7]).toBeGreaterThanOrEqual(6_480);
    expect(duration).toBeCloseTo(finished.body.durationMs, -1);
  });

  it('keeps an MP4 recording as it is, and joins two MP4 segments', async () => {
    const single = await record(judge, { performanceId: charlie(), captionKey: 'ea', segments: ['chromium-4s.mp4'] });
    expect(single.status, single.text).toBe(200);
    expect(single.body.contentType).toBe('audio/mp4');
    expect(single.body.durationMs).toBeGreaterThan(4_300);
    expect(single.body.durationMs).toBeLessThan(4_600);
    const file = Buffer.from(await (await show.api.fetch(single.body.audio, { headers: authOf(judge) })).arrayBuffer());
    expect(file.equals(fixture('chromium-4s.mp4'))).toBe(true);
    const joined = await record(judge, {
      performanceId: charlie(),
      captionKey: 'ea',
      segments: ['chromium-4s.mp4', 'chromium-3s.mp4'],
    });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.durationMs).toBeGreaterThan(7_200);
    expect(joined.body.durationMs).toBeLessThan(7_600);
    // the later one replaced the earlier as the one heard (neither was verified)
    expect(joined.body.current).toBe(true);
  });
});

describe('nothing lost, nothing twice', () => {
  it('refuses a piece sent again after a lost answer (409 with the offset), so it is written once', async () => {
    const { recordingId, uploadId } = await startRecording(judge, alpha());
    const pieces = piecesOf('chromium-6s.webm');
    const first = await append(judge, uploadId, 0, pieces[0]);
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(pieces[0].length));
    // the answer was lost: the tablet sends the same piece again at 0
    const again = await append(judge, uploadId, 0, pieces[0]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'offset_mismatch', offset: pieces[0].length });
    expect(again.headers.get('upload-offset')).toBe(String(pieces[0].length));
    const asked = await judge.get(`/commentary/uploads/${uploadId}`);
    expect(asked.body.offset).toBe(pieces[0].length);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    const head = await show.api.fetch(`/commentary/uploads/${uploadId}`, { method: 'HEAD', headers: authOf(judge) });
    expect(head.headers.get('upload-offset')).toBe(String(pieces[0].length));
    const size = await sendPieces(judge, uploadId, pieces.slice(1), pieces[0].length);
    const finished = await judge.send('POST', `/commentary/recordings/${recordingId}/finish`, {
      uploads: [{ number: 1, size }],
    });
    expect(finished.status, finished.text).toBe(200);
    expect(size).toBe(fixture('chromium-6s.webm').length);
  });

  it('answers an append repeated with its Idempotency-Key as the first time, without writing again', async () => {
    const { uploadId } = await startRecording(judge, alpha());
    const [piece, next] = piecesOf('chromium-6s.webm');
    const key = randomUUID();
    const first = await append(judge, uploadId, 0, piece, { 'idempotency-key': key });
    const replay = await append(judge, uploadId, 0, piece, { 'idempotency-key': key });
    expect(replay.status).toBe(204);
    expect(replay.headers.get('upload-offset')).toBe(first.headers.get('upload-offset'));
    const other = await append(judge, uploadId, 0, next, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect((await judge.get(`/commentary/uploads/${uploadId}`)).body.offset).toBe(piece.length);
  });

  it("finishes only once the server holds every piece: a truncated upload is resumed at the server's offset", async () => {
    const { recordingId, uploadId } = await startRecording(judge, bravo());
    const pieces = piecesOf('chromium-6s.webm');
    const whole = fixture('chromium-6s.webm').length;
    const sent = await sendPieces(judge, uploadId, pieces.slice(0, 3));
    // the connection drops in the middle of the fourth piece's body
    await cutOff(uploadId, sent, pieces[3], 1_000);
    const early = await judge.send('POST', `/commentary/recordings/${recordingId}/finish`, {
      uploads: [{ number: 1, size: whole }],
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'upload_incomplete', uploads: [{ id: uploadId, number: 1 }] });
    const offset = early.body.uploads[0].offset;
    // what arrived of the cut piece was not kept (it never filled a chunk), so the tablet sends it whole again
    expect(offset).toBe(sent);
    const rest = Buffer.concat(pieces.slice(3));
    expect(await sendPieces(judge, uploadId, [rest], offset)).toBe(whole);
    const finished = await judge.send('POST', `/commentary/recordings/${recordingId}/finish`, {
      uploads: [{ number: 1, size: whole }],
    });
    expect(finished.status, finished.text).toBe(200);
    const file = Buffer.from(
      await (await show.api.fetch(finished.body.audio, { headers: authOf(judge) })).arrayBuffer(),
    );
    expect(file.subarray(file.length - (whole - 146)).equals(fixture('chromium-6s.webm').subarray(146))).toBe(true);
    // finishing again answers the finished recording
    const again = await judge.send('POST', `/commentary/recordings/${recordingId}/finish`, {
      uploads: [{ number: 1, size: whole }],
    });
    expect(again.status).toBe(200);
    expect(again.body.etag).toBe(finished.body.etag);
  });
});

describe('limits', () => {
  it('refuses a recording larger than COMMENTARY_MAX_BYTES, declared or sent, and writes none of it', async () => {
    const recording = await judge.send('POST', `/performances/${alpha()}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
    });
    const declared = await judge.send('POST', `/commentary/recordings/${recording.body.id}/uploads`, {
      number: 1,
      size: LIMIT + 1,
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 'recording_too_large', limit: LIMIT });
    const upload = await judge.send('POST', `/commentary/recordings/${recording.body.id}/uploads`, { number: 1 });
    const header = piecesOf('chromium-6s.webm')[0];
    const tooBig = Buffer.concat([header, Buffer.alloc(LIMIT)]);
    const refused = await append(judge, upload.body.id, 0, tooBig);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('recording_too_large');
    expect(refused.headers.get('connection')).toBe('close');
    expect((await judge.get(`/commentary/uploads/${upload.body.id}`)).body.offset).toBe(0);
  });

  it('tells the type by content: a WAV or an MP4 sent as WebM is refused (415), a text type is not a recording', async () => {
    const { uploadId } = await startRecording(judge, alpha());
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(64)]);
    const refused = await append(judge, uploadId, 0, wav);
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: 'unsupported_audio', errors: [{ name: 'body' }] });
    const mp4 = await append(judge, uploadId, 0, piecesOf('chromium-4s.mp4')[0]);
    expect(mp4.status).toBe(415);
    expect(mp4.body.detail).toContain('an MP4 file, but the recording was made as audio/webm');
    const short = await append(judge, uploadId, 0, Buffer.from([0x1a, 0x45]));
    expect(short.status).toBe(422);
    expect((await judge.get(`/commentary/uploads/${uploadId}`)).body.offset).toBe(0);
    const notAudio = await judge.send('POST', `/performances/${alpha()}/commentary`, {
      captionKey: 'ea',
      contentType: 'text/plain',
    });
    expect(notAudio.status).toBe(422);
    expect(notAudio.body.errors[0].name).toBe('contentType');
    const json = await judge.send(
      'PATCH',
      `/commentary/uploads/${uploadId}`,
      { bytes: 'no' },
      {
        'upload-offset': '0',
      },
    );
    expect(json.status).toBe(415);
  });

  it("honours the event's commentaryEnabled: no recording where it is off", async () => {
    expect((await show.key.send('POST', `/events/${show.circuit.event.id}`, { commentaryEnabled: false })).status).toBe(
      200,
    );
    const refused = await judge.send('POST', `/performances/${alpha()}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('commentary_disabled');
    expect((await show.key.send('POST', `/events/${show.circuit.event.id}`, { commentaryEnabled: true })).status).toBe(
      200,
    );
    const seats = await judge.get('/me/seats');
    expect(seats.body.data[0].competition.commentaryEnabled).toBe(true);
  });

  it('makes a recording and begins its upload after the write requests under way (writes-first.ts)', async () => {
    // a judge's score write under way, as the API counts it
    const written = show.api.services.writesFirst.begin();
    let answered = false;
    const started = startRecording(judge, charlie()).then((ids) => {
      answered = true;
      return ids;
    });
    // the request has long arrived by then; it waits for the write, not for the network
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    written();
    const { uploadId } = await started;
    expect((await judge.get(`/commentary/uploads/${uploadId}`)).status).toBe(200);
  });

  it('answers the same recording for the same key (a lost answer), and refuses the key on another caption', async () => {
    const key = randomUUID();
    const first = await judge.send('POST', `/performances/${alpha()}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
      key,
    });
    const again = await judge.send('POST', `/performances/${alpha()}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
      key,
    });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    const elsewhere = await show.key.send('POST', `/performances/${alpha()}/commentary`, {
      captionKey: 'ma',
      contentType: 'audio/webm',
      key,
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.code).toBe('recording_key_used');
  });
});

const authOf = (client: Client) => client.auth;

/** Sends the head of a piece's append and then drops the connection, as a tablet losing its network would. */
function cutOff(uploadId: number, offset: number, piece: Buffer, bytes: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(`/commentary/uploads/${uploadId}`, show.api.url);
    const request = https.request(url, {
      method: 'PATCH',
      ca: show.api.ca,
      headers: {
        ...authOf(judge),
        ...STREAM,
        'upload-offset': String(offset),
        'content-length': String(piece.length),
      },
    });
    request.on('error', () => resolve());
    request.write(piece.subarray(0, bytes), () => request.destroy());
    request.on('close', () => resolve());
  });
}

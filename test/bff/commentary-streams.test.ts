/**
 * The judges' commentary through the BFF (session/streamed-requests.ts), over the real BFF and the real API: an
 * upload's appends streamed on with the user's token (declared or chunked), bounded, CSRF-checked, a lost answer's
 * 409 and the server's offset passed back; the audio streamed back with Range (206, 416), If-None-Match (304) and
 * HEAD, private and never for a caller without a session.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE } from '../../server/bff/session/session.js';
import { MAX_APPEND_BYTES } from '../../server/bff/session/streamed-requests.js';
import { piecesOf, setUpCommentary, startCommentaryShow, type CommentaryShow } from '../helpers/commentary.js';

const SECRET = 'a session secret for the commentary streams and long enough';
const BYTES = 'application/offset+octet-stream';
const SEGMENT = 'chromium-6s.webm';

let show: CommentaryShow;
let bff: RunningBff;
/** the judge's session cookie, sealed as the BFF's sign-in seals it, around the judge's own token */
let judge: string;

beforeAll(async () => {
  show = await startCommentaryShow();
  await setUpCommentary(show);
  const fans = await show.api.createKey(show.circuit.org.guid, { readOnly: true, name: 'BFF fans' });
  const signIn = await show.api.createKey(show.circuit.org.guid, {
    name: 'BFF sign-in',
    redirectUris: ['http://127.0.0.1:1/auth/callback'],
  });
  bff = await startBff(
    defineBffConfig({
      port: 0,
      apiBaseUrl: show.api.url,
      clientId: fans.clientId,
      clientSecret: fans.clientSecret,
      apiCa: show.api.ca,
      organization: show.circuit.org.guid,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
      signInClientId: signIn.clientId,
      signInClientSecret: signIn.clientSecret,
      sessionSecrets: SECRET,
    }),
    { log: () => {} },
  );
  const token = show.as.judge.auth.authorization.replace(/^Bearer /, '');
  const sealed = await createSessionSealer([SECRET]).seal('session', { token, expiresAt: Date.now() + 3_600_000 });
  judge = `${SESSION_COOKIE}=${sealed}`;
}, 180_000);

afterAll(async () => {
  await bff?.close();
  await show?.api.stop();
});

const sameOrigin = (extra: Record<string, string> = {}) => ({
  cookie: judge,
  'sec-fetch-site': 'same-origin',
  ...extra,
});

const post = (target: string, body: unknown) =>
  fetch(`${bff.url}/api${target}`, {
    method: 'POST',
    headers: sameOrigin({ 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });

const append = (
  uploadId: number,
  offset: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) =>
  fetch(`${bff.url}/api/commentary/uploads/${uploadId}`, {
    method: 'PATCH',
    headers: sameOrigin({ 'content-type': BYTES, 'upload-offset': String(offset), ...headers }),
    body,
    duplex: 'half',
  });

/** A body with no Content-Length: the pieces one by one, as a stream the BFF must pass on as it comes. */
function chunked(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(pieces[next++]);
      else controller.close();
    },
  });
}

/**
 * A PATCH whose headers declare more than is sent (fetch would refuse to): the BFF must answer from the headers
 * alone, before any byte of the body.
 */
function rawPatch(uploadId: number, headers: Record<string, string>): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${bff.url}/api/commentary/uploads/${uploadId}`, { method: 'PATCH', headers });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
      request.destroy();
    });
    request.on('error', reject);
    request.write(new Uint8Array(16));
  });
}

/** The API's own word on an upload's offset, asked past the BFF. */
async function serverOffset(uploadId: number): Promise<number> {
  const answer = await show.as.judge.send('GET', `/commentary/uploads/${uploadId}`);
  return Number(answer.headers.get('upload-offset'));
}

async function newUpload(performance: string): Promise<{ recordingId: number; uploadId: number }> {
  const created = await post(`/performances/${show.performances[performance]}/commentary`, {
    captionKey: 'ea',
    contentType: 'audio/webm;codecs=opus',
    key: crypto.randomUUID(),
  });
  expect(created.status).toBe(201);
  const recordingId = ((await created.json()) as { id: number }).id;
  const upload = await post(`/commentary/recordings/${recordingId}/uploads`, { number: 1 });
  expect(upload.status).toBe(201);
  return { recordingId, uploadId: ((await upload.json()) as { id: number }).id };
}

describe('commentary through the BFF', () => {
  let recording: { id: number; audio: string; size: number; etag: string };

  it('streams appends on with the judge’s token, declared or chunked, and the audio back with Range', async () => {
    const { recordingId, uploadId } = await newUpload('Alpha HS');
    const pieces = piecesOf(SEGMENT);
    const [head, ...rest] = pieces;
    const first = await append(uploadId, 0, head);
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(head.length));
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const restBytes = rest.reduce((total, piece) => total + piece.length, 0);
    const second = await append(uploadId, head.length, chunked(rest));
    expect(second.status).toBe(204);
    const size = head.length + restBytes;
    expect(second.headers.get('upload-offset')).toBe(String(size));
    expect(await serverOffset(uploadId)).toBe(size);

    const finished = await post(`/commentary/recordings/${recordingId}/finish`, { uploads: [{ number: 1, size }] });
    expect(finished.status).toBe(200);
    recording = (await finished.json()) as typeof recording;
    const direct = Buffer.from(
      await (await show.api.fetch(recording.audio, { headers: show.as.judge.auth })).arrayBuffer(),
    );

    const audio = `${bff.url}/api${recording.audio}`;
    const whole = await fetch(audio, { headers: { cookie: judge } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await whole.arrayBuffer()).equals(direct)).toBe(true);

    const part = await fetch(audio, { headers: { cookie: judge, range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${direct.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(direct.subarray(100, 200))).toBe(true);

    const past = await fetch(audio, { headers: { cookie: judge, range: `bytes=${direct.length + 10}-` } });
    expect(past.status).toBe(416);
    await past.body?.cancel();
    const same = await fetch(audio, { headers: { cookie: judge, 'if-none-match': whole.headers.get('etag')! } });
    expect(same.status).toBe(304);
    const head2 = await fetch(audio, { method: 'HEAD', headers: { cookie: judge } });
    expect(head2.status).toBe(200);
    expect(head2.headers.get('content-length')).toBe(String(direct.length));
    expect(head2.headers.get('content-type')).toBe('audio/webm');
  });

  it('passes a lost answer’s 409 back with the server’s offset, so a piece is written once', async () => {
    const { uploadId } = await newUpload('Bravo HS');
    const [piece] = piecesOf(SEGMENT);
    expect((await append(uploadId, 0, piece)).status).toBe(204);
    const again = await append(uploadId, 0, piece);
    expect(again.status).toBe(409);
    expect(again.headers.get('upload-offset')).toBe(String(piece.length));
    expect(again.headers.get('content-type')).toMatch(/json/);
    expect(await serverOffset(uploadId)).toBe(piece.length);
  });

  it(`refuses an append over ${MAX_APPEND_BYTES} bytes, declared or streamed, and the upload goes on at the server's offset`, async () => {
    const { uploadId } = await newUpload('Charlie HS');
    const [piece, next] = piecesOf(SEGMENT);
    expect((await append(uploadId, 0, piece)).status).toBe(204);
    const declared = await rawPatch(uploadId, {
      ...sameOrigin({ 'content-type': BYTES, 'upload-offset': String(piece.length) }),
      'content-length': String(MAX_APPEND_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    const tooMuch = new Uint8Array(256 * 1024);
    const streamed = await append(uploadId, piece.length, chunked(Array.from({ length: 33 }, () => tooMuch)));
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { code: string }).code).toBe('body_too_large');
    // What reached the API before the bound is kept as any cut append's bytes are: the client goes on from there.
    const offset = await serverOffset(uploadId);
    expect(offset).toBeGreaterThanOrEqual(piece.length);
    expect(offset).toBeLessThanOrEqual(piece.length + MAX_APPEND_BYTES);
    expect((await append(uploadId, offset, next)).status).toBe(204);
    expect(await serverOffset(uploadId)).toBe(offset + next.length);
  });

  it('refuses an append from another site, or without a session, and never serves the audio without one', async () => {
    const { uploadId } = await newUpload('Alpha HS');
    const [piece] = piecesOf(SEGMENT);
    const forged = await fetch(`${bff.url}/api/commentary/uploads/${uploadId}`, {
      method: 'PATCH',
      headers: {
        cookie: judge,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
        'content-type': BYTES,
        'upload-offset': '0',
      },
      body: piece,
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('cross_site_request');
    const anonymous = await fetch(`${bff.url}/api/commentary/uploads/${uploadId}`, {
      method: 'PATCH',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': BYTES, 'upload-offset': '0' },
      body: piece,
    });
    expect(anonymous.status).toBe(401);
    expect(await serverOffset(uploadId)).toBe(0);

    const fan = await fetch(`${bff.url}/api${recording.audio}`, { headers: { range: 'bytes=0-99' } });
    expect(fan.status).toBe(401);
    expect(fan.headers.get('cache-control')).toBe('private, no-store');
    const stranger = await fetch(`${bff.url}/api${recording.audio}`, {
      headers: { cookie: `${SESSION_COOKIE}=x.y.z` },
    });
    expect(stranger.status).toBe(401);
  });

  it('answers 400 naming the header for an append without a valid Upload-Offset or Content-Length', async () => {
    const { uploadId } = await newUpload('Bravo HS');
    const noOffset = await fetch(`${bff.url}/api/commentary/uploads/${uploadId}`, {
      method: 'PATCH',
      headers: sameOrigin({ 'content-type': BYTES }),
      body: new Uint8Array(4),
    });
    expect(noOffset.status).toBe(400);
    expect(((await noOffset.json()) as { code: string }).code).toBe('bad_upload_offset');
    const badOffset = await append(uploadId, 0, new Uint8Array(4), { 'upload-offset': '-1' });
    expect(badOffset.status).toBe(400);
  });
});

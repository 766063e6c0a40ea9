/**
 * The judges' commentary through the BFF (decision 128), streamed both ways with the user's token: an upload's
 * append (`PATCH`, `application/offset+octet-stream`) goes on to the API as it arrives, bounded, never held whole;
 * a recording's audio comes back as the API sends it, `Range` passed through (206), for the signed-in only. Both
 * are `private, no-store` and vary on the cookie: never in a shared cache, and the service worker leaves them alone
 * (decision 090).
 */
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { Context } from 'hono';
import { problemForUpstream, problemResponse } from '../http/problems.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { StreamedUpstreamResponse, UpstreamHttp } from '../upstream/upstream-http.js';
import type { Session } from './session.js';
import { PRIVATE_HEADERS, sessionEnded } from './user-requests.js';

/**
 * One append's body at most. The tablet sends a few seconds of audio an append (256 KiB at most); a file recorded
 * elsewhere goes in appends of this size. The API bounds the whole recording (COMMENTARY_MAX_BYTES).
 */
export const MAX_APPEND_BYTES = 8 * 1024 * 1024;

export const BYTES_TYPE = 'application/offset+octet-stream';
const AUDIO_TYPE = /^audio\/(?:webm|mp4)(?:\s*;.*)?$/i;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;
const HEADER_VALUE = /^[\t\x20-\x7e]{0,1024}$/;

interface Streamed {
  c: Context;
  upstream: UpstreamHttp;
  session: Session;
  pathAndQuery: string;
  requestId: string;
  endSession: string[];
}

/** An append to an upload: the body streamed to the API, at most MAX_APPEND_BYTES (413 past it). */
export async function forwardAppend(deps: Streamed): Promise<Response> {
  const { c } = deps;
  const declared = c.req.header('content-length');
  if (declared !== undefined && !/^\d{1,12}$/.test(declared))
    return refuse(400, 'bad_content_length', 'Content-Length must be a number of bytes.');
  if (Number(declared ?? 0) > MAX_APPEND_BYTES) return tooLarge();
  const offset = c.req.header('upload-offset');
  if (offset === undefined || !/^\d{1,16}$/.test(offset))
    return refuse(400, 'bad_upload_offset', 'Upload-Offset must be the byte offset the append starts at.');
  const headers = baseHeaders(deps, {
    'content-type': BYTES_TYPE,
    'upload-offset': offset,
    accept: 'application/json',
  });
  if (declared !== undefined) headers['content-length'] = declared;
  else headers['transfer-encoding'] = 'chunked';
  const key = c.req.header('idempotency-key');
  if (key !== undefined && HEADER_VALUE.test(key)) headers['idempotency-key'] = key;

  let tooMuch = false;
  const body = c.req.raw.body
    ? Readable.fromWeb(c.req.raw.body as NodeWebStream<Uint8Array>).pipe(
        bounded(MAX_APPEND_BYTES, () => (tooMuch = true)),
      )
    : undefined;
  const answer = await exchange(deps, 'PATCH', headers, body);
  if (answer instanceof Response) return tooMuch ? tooLarge() : answer;
  if (tooMuch) {
    answer.body.destroy();
    return tooLarge();
  }
  const out = new Headers(PRIVATE_HEADERS);
  for (const name of ['upload-offset', 'upload-length', 'retry-after']) copy(answer, out, name);
  return relay(answer, out, JSON_TYPE);
}

/** A recording's audio (GET or HEAD), with Range, If-Range and If-None-Match passed through. */
export async function forwardAudio(deps: Streamed & { method: 'GET' | 'HEAD' }): Promise<Response> {
  const headers = baseHeaders(deps, { accept: 'audio/webm, audio/mp4, application/json' });
  for (const name of ['range', 'if-range', 'if-none-match']) {
    const value = deps.c.req.header(name);
    if (value !== undefined && HEADER_VALUE.test(value)) headers[name] = value;
  }
  const answer = await exchange(deps, deps.method, headers, undefined);
  if (answer instanceof Response) return answer;
  const out = new Headers(PRIVATE_HEADERS);
  for (const name of [
    'content-range',
    'accept-ranges',
    'etag',
    'last-modified',
    'content-disposition',
    'content-length',
  ])
    copy(answer, out, name);
  out.set('x-content-type-options', 'nosniff');
  if (deps.method === 'HEAD') {
    answer.body.destroy();
    const type = String(answer.headers['content-type'] ?? '');
    if (AUDIO_TYPE.test(type)) out.set('content-type', type);
    return new Response(null, { status: answer.status, headers: out });
  }
  return relay(answer, out, answer.status < 300 ? AUDIO_TYPE : JSON_TYPE);
}

function baseHeaders(deps: Streamed, extra: Record<string, string>): Record<string, string> {
  return {
    'user-agent': 'marching-results-bff',
    'x-request-id': deps.requestId,
    authorization: `Bearer ${deps.session.token}`,
    ...extra,
  };
}

async function exchange(
  deps: Streamed,
  method: 'GET' | 'HEAD' | 'PATCH',
  headers: Record<string, string>,
  body: Readable | undefined,
): Promise<StreamedUpstreamResponse | Response> {
  let answer: StreamedUpstreamResponse;
  try {
    answer = await deps.upstream.stream({ method, pathAndQuery: deps.pathAndQuery, headers, body });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const problem = problemForUpstream(error);
    const unsure =
      method !== 'PATCH' ? '' : ' Some bytes may have arrived: ask the upload for its offset and go on from there.';
    return problemResponse({ ...problem, detail: `${problem.detail}${unsure}`, headers: { ...PRIVATE_HEADERS } });
  }
  if (answer.status === 401) {
    answer.body.destroy();
    return sessionEnded(deps.endSession);
  }
  return answer;
}

/** The API's answer streamed on, when its type is one relayed here (audio, or a problem's JSON); else 502. */
function relay(answer: StreamedUpstreamResponse, out: Headers, allowed: RegExp): Response {
  if (answer.status === 204 || answer.status === 304) {
    answer.body.destroy();
    return new Response(null, { status: answer.status, headers: out });
  }
  const type = String(answer.headers['content-type'] ?? '');
  if (!allowed.test(type) && !JSON_TYPE.test(type)) {
    answer.body.destroy();
    return problemResponse({
      status: answer.status >= 400 ? answer.status : 502,
      code: 'upstream_error',
      detail: `The results API answered ${answer.status}.`,
      headers: { ...PRIVATE_HEADERS },
    });
  }
  out.set('content-type', type);
  return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, {
    status: answer.status,
    headers: out,
  });
}

function copy(answer: StreamedUpstreamResponse, out: Headers, name: string): void {
  const value = answer.headers[name];
  if (typeof value === 'string') out.set(name, value);
}

/** Passes at most `limit` bytes; past them the stream fails, and with it the request to the API. */
function bounded(limit: number, onTooMuch: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        onTooMuch();
        done(new Error(`more than ${limit} bytes`));
        return;
      }
      done(null, chunk);
    },
  });
}

const tooLarge = () =>
  refuse(
    413,
    'body_too_large',
    `An append's body may be at most ${MAX_APPEND_BYTES} bytes: ask the upload for its offset and send the rest from there in appends of that size.`,
  );

const refuse = (status: number, code: string, detail: string) =>
  problemResponse({ status, code, detail, headers: { ...PRIVATE_HEADERS } });

/**
 * A stand-in for the commentary recording operations as the API documents them (docs/openapi.json, decision 128),
 * for the audio outbox's tests: a recording per device key (the same key answers the same one), an upload per
 * segment number, appends at the upload's offset only (409 offset_mismatch with the server's `offset` otherwise,
 * nothing written), the upload's offset read back, and a finish that refuses (409 upload_incomplete) until it holds
 * exactly the sizes the device declares. It drops the network, loses answers after writing, and keeps half of a body
 * cut off, as a gym's network does.
 */
interface FakeUpload {
  id: number;
  recordingId: number;
  number: number;
  bytes: Uint8Array[];
  offset: number;
}

interface FakeRecording {
  id: number;
  key: string;
  performanceId: number;
  captionKey: string;
  contentType: string;
  finished: boolean;
  uploads: number[];
}

export class FakeCommentaryApi {
  readonly recordings = new Map<number, FakeRecording>();
  readonly uploads = new Map<number, FakeUpload>();
  readonly marks: { performanceId: number; captionKey: string; recordingKey: string; offsetMs: number }[] = [];
  /** every append the API applied: upload, offset, length */
  readonly appended: { uploadId: number; offset: number; length: number }[] = [];
  readonly finishes: { recordingId: number; uploads: { number: number; size: number }[] }[] = [];
  requests = 0;
  network: 'up' | 'down' = 'up';
  signedIn = true;
  /** the next N requests are carried out, then their answers lost */
  loseAnswers = 0;
  /** the next append keeps only this many bytes of its body, then the connection drops */
  cutNextBodyAt: number | null = null;
  /** refuse a new recording with this problem (e.g. 409 commentary_disabled) */
  refuseRecordings: { status: number; code: string } | null = null;
  private nextId = 1;

  /** The bytes the server holds of a recording's segment. */
  held(recordingKey: string, number: number): Uint8Array {
    const recording = [...this.recordings.values()].find((item) => item.key === recordingKey);
    const upload =
      recording && [...this.uploads.values()].find((u) => u.recordingId === recording.id && u.number === number);
    return upload ? concat(upload.bytes) : new Uint8Array();
  }

  transport = async (url: string, init: RequestInit = {}): Promise<Response> => {
    if (this.network === 'down') throw new TypeError('Failed to fetch');
    this.requests += 1;
    if (!this.signedIn) return problem(401, 'session_expired', 'Sign in again.');
    const method = init.method ?? 'GET';
    const path = new URL(url, 'https://tablet.test').pathname.replace(/^\/api/, '');
    const answer = await this.route(method, path, init);
    if (this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      throw new TypeError('Failed to fetch');
    }
    return answer;
  };

  private async route(method: string, path: string, init: RequestInit): Promise<Response> {
    let match = /^\/performances\/(\d+)\/commentary$/.exec(path);
    if (match && method === 'POST') {
      const body = jsonOf(init.body) as { captionKey: string; contentType: string; key: string };
      const before = [...this.recordings.values()].find((item) => item.key === body.key);
      if (before) return json(200, this.recordingAnswer(before));
      if (this.refuseRecordings) return problem(this.refuseRecordings.status, this.refuseRecordings.code, 'Refused');
      const recording: FakeRecording = {
        id: this.nextId++,
        key: body.key,
        performanceId: Number(match[1]),
        captionKey: body.captionKey,
        contentType: body.contentType,
        finished: false,
        uploads: [],
      };
      this.recordings.set(recording.id, recording);
      return json(201, this.recordingAnswer(recording));
    }
    match = /^\/commentary\/recordings\/(\d+)\/uploads$/.exec(path);
    if (match && method === 'POST') {
      const recording = this.recordings.get(Number(match[1]));
      if (!recording) return problem(404, 'not_found', path);
      const { number } = jsonOf(init.body) as { number: number };
      const before = recording.uploads.map((id) => this.uploads.get(id)!).find((u) => u.number === number);
      if (before) return json(200, uploadAnswer(before));
      const upload: FakeUpload = { id: this.nextId++, recordingId: recording.id, number, bytes: [], offset: 0 };
      this.uploads.set(upload.id, upload);
      recording.uploads.push(upload.id);
      return json(201, uploadAnswer(upload));
    }
    match = /^\/commentary\/uploads\/(\d+)$/.exec(path);
    if (match) {
      const upload = this.uploads.get(Number(match[1]));
      if (!upload) return problem(404, 'not_found', path);
      if (method === 'GET') return json(200, uploadAnswer(upload), { 'upload-offset': String(upload.offset) });
      if (method === 'PATCH') return this.append(upload, init);
    }
    match = /^\/commentary\/recordings\/(\d+)\/finish$/.exec(path);
    if (match && method === 'POST') {
      const recording = this.recordings.get(Number(match[1]));
      if (!recording) return problem(404, 'not_found', path);
      const { uploads } = jsonOf(init.body) as { uploads: { number: number; size: number }[] };
      const held = recording.uploads.map((id) => this.uploads.get(id)!);
      const incomplete =
        held.length !== uploads.length ||
        held.some((upload) => uploads.find((u) => u.number === upload.number)?.size !== upload.offset);
      if (incomplete && !recording.finished)
        return json(409, {
          status: 409,
          title: 'Incomplete',
          code: 'upload_incomplete',
          detail: 'append the rest',
          uploads: held.map((u) => ({ id: u.id, number: u.number, offset: u.offset })),
        });
      if (!recording.finished) this.finishes.push({ recordingId: recording.id, uploads });
      recording.finished = true;
      return json(200, this.recordingAnswer(recording));
    }
    match = /^\/performances\/(\d+)\/commentary\/marks$/.exec(path);
    if (match && method === 'POST') {
      const body = jsonOf(init.body) as {
        captionKey: string;
        marks: { recordingKey: string; offsetMs: number }[];
      };
      for (const mark of body.marks) {
        const seen = this.marks.some((m) => m.recordingKey === mark.recordingKey && m.offsetMs === mark.offsetMs);
        if (!seen) this.marks.push({ performanceId: Number(match[1]), captionKey: body.captionKey, ...mark });
      }
      return json(200, { kept: body.marks.length });
    }
    return problem(404, 'not_found', `${method} ${path}`);
  }

  private async append(upload: FakeUpload, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (headers.get('content-type') !== 'application/offset+octet-stream')
      return problem(415, 'unsupported_media_type', 'octet-stream only');
    const offset = Number(headers.get('upload-offset'));
    if (this.recordings.get(upload.recordingId)!.finished) return problem(409, 'recording_finished', 'finished');
    if (offset !== upload.offset)
      return json(
        409,
        { status: 409, title: 'Offset', code: 'offset_mismatch', detail: 'not there', offset: upload.offset },
        { 'upload-offset': String(upload.offset) },
      );
    const bytes = new Uint8Array(await (init.body as Blob).arrayBuffer());
    if (this.cutNextBodyAt !== null) {
      const kept = bytes.slice(0, this.cutNextBodyAt);
      this.cutNextBodyAt = null;
      this.write(upload, offset, kept);
      throw new TypeError('network connection was lost');
    }
    this.write(upload, offset, bytes);
    return new Response(null, { status: 204, headers: { 'upload-offset': String(upload.offset) } });
  }

  private write(upload: FakeUpload, offset: number, bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    upload.bytes.push(bytes);
    upload.offset += bytes.length;
    this.appended.push({ uploadId: upload.id, offset, length: bytes.length });
  }

  private recordingAnswer(recording: FakeRecording) {
    const uploads = recording.uploads.map((id) => this.uploads.get(id)!);
    return {
      id: recording.id,
      key: recording.key,
      performanceId: recording.performanceId,
      captionKey: recording.captionKey,
      state: recording.finished ? 'uploaded' : 'recording',
      durationMs: recording.finished ? 1000 * uploads.length : null,
      uploads: uploads.map(uploadAnswer),
    };
  }
}

const uploadAnswer = (upload: FakeUpload) => ({
  id: upload.id,
  recordingId: upload.recordingId,
  number: upload.number,
  offset: upload.offset,
  size: null,
  limit: 60 * 1024 * 1024,
});

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A JSON request's body (the fetch layer sends JSON as a string). */
const jsonOf = (body: RequestInit['body']): unknown => JSON.parse(typeof body === 'string' ? body : 'null');

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const problem = (status: number, code: string, detail: string) =>
  json(status, { type: 'about:blank', status, title: code, code, detail });

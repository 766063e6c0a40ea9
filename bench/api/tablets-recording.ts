/**
 * A judge's tablet uploading its commentary while the judge enters the round (`npm run bench -- --only commentary`),
 * in the devices' process (judges-tablets.ts): the recording made on the judge's first performance, one upload,
 * then what its recorder kept, an append every SEND_EVERY_MS (5 s of sound), at the offset the API answered (the
 * tablet's outbox online: src/features/judge-tablet/commentary/audio-outbox.ts), spread over the round so that the uploads run while the
 * judges write. The pieces are a real Chromium recording's (test/fixtures/commentary/): its first piece (the header)
 * once, then the others over and over. Not finished: the budget is on the uploads while the round is entered.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { apiClient, Json } from '../../test/api/client.js';
import { SEND_EVERY_MS } from '../../src/features/judge-tablet/commentary/recorder.js';
import type { AppendsResult, RecordingPlan } from './tablets-protocol.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fixture's pieces in order, as its recorder gave them. */
export function piecesOf(plan: RecordingPlan): Buffer[] {
  const bytes = readFileSync(plan.fixture);
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of plan.sizes) {
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

export const newAppends = (): AppendsResult => ({ latencies: [], notOk: 0, bytes: 0 });

/**
 * Judge `index` of `judges` records and uploads `plan.seconds` of sound from `started` (performance.now()) on, its
 * appends a little apart from the other judges' (as tablets started at different moments are).
 */
export async function uploadRecording(
  client: ReturnType<typeof apiClient>,
  seat: Json,
  plan: RecordingPlan,
  pieces: readonly Buffer[],
  at: { started: number; index: number; judges: number },
  appends: AppendsResult,
): Promise<void> {
  const [first] = seat.performances as Json[];
  const created = await client.send('POST', `/performances/${first.id}/commentary`, {
    captionKey: seat.caption.key,
    contentType: 'audio/webm;codecs=opus',
    key: randomUUID(),
  });
  if (created.status !== 201) throw new Error(`recording: ${created.status} ${created.text.slice(0, 200)}`);
  const upload = await client.send('POST', `/commentary/recordings/${created.body.id}/uploads`, { number: 1 });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${upload.text.slice(0, 200)}`);
  const step = plan.spreadMs / plan.seconds;
  // the tablet sends what its recorder kept every SEND_EVERY_MS (recorder.ts): that many seconds in one append
  const perSend = Math.max(1, Math.round(SEND_EVERY_MS / 1000));
  const pieceOf = (second: number) => (second === 0 ? pieces[0] : pieces[1 + ((second - 1) % (pieces.length - 1))]);
  let offset = 0;
  for (let second = 0; second < plan.seconds; second += perSend) {
    const last = Math.min(plan.seconds, second + perSend);
    await sleep(Math.max(0, at.started + (last + at.index / at.judges) * step - performance.now()));
    const piece = Buffer.concat(Array.from({ length: last - second }, (_, k) => pieceOf(second + k)));
    const sent = performance.now();
    const answer = await client.send('PATCH', `/commentary/uploads/${upload.body.id}`, piece, {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    });
    appends.latencies.push(performance.now() - sent);
    const confirmed = Number(answer.headers.get('upload-offset'));
    if (answer.status !== 204) appends.notOk++;
    // the server's offset, whatever the answer: a 409 says where the next piece goes
    if (Number.isFinite(confirmed) && confirmed >= offset) {
      appends.bytes += confirmed - offset;
      offset = confirmed;
    }
  }
}

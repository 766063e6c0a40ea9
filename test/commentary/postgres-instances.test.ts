/**
 * Commentary on PostgreSQL (DATABASE_URL) behind two API instances: a recording's pieces sent to either instance
 * in turn (a load balancer's choice), finished through one, served whole and by Range by both, byte for byte: the
 * files live in the database every instance reaches, not on one instance's disk.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api/client.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { commentaryShowOn, fixture, piecesOf, setUpCommentary, type CommentaryShow } from '../helpers/commentary.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';

let postgres: TestPostgres;
let first: TestApi;
let second: TestApi;
let show: CommentaryShow;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const url = await postgres.createDatabase('commentary_instances');
  [first, second] = await Promise.all([
    startTestApi({ env: { DATABASE_URL: url } }),
    startTestApi({ env: { DATABASE_URL: url } }),
  ]);
  show = await commentaryShowOn(first, await buildSmallCircuit(first.services.database.db));
  await setUpCommentary(show);
}, 180_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.stop();
});

describe('two API instances on one PostgreSQL', () => {
  it("serve each other's recordings, uploaded piece by piece through both", async () => {
    expect(first.services.database.kind).toBe('postgres');
    const judgeOn = (api: TestApi) => apiClient(api, show.as.judge.auth);
    const instances = [judgeOn(first), judgeOn(second)];
    const created = await instances[0].send('POST', `/performances/${show.encore['Bravo HS']}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
      key: randomUUID(),
    });
    const upload = await instances[1].send('POST', `/commentary/recordings/${created.body.id}/uploads`, { number: 1 });
    let offset = 0;
    for (const [index, piece] of piecesOf('chromium-6s.webm').entries()) {
      const client = instances[index % 2];
      // the other instance answers where the upload is, before each piece
      expect((await instances[(index + 1) % 2].get(`/commentary/uploads/${upload.body.id}`)).body.offset).toBe(offset);
      const sent = await client.send('PATCH', `/commentary/uploads/${upload.body.id}`, piece, {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      });
      expect(sent.status, sent.text).toBe(204);
      offset = Number(sent.headers.get('upload-offset'));
    }
    const finished = await instances[1].send('POST', `/commentary/recordings/${created.body.id}/finish`, {
      uploads: [{ number: 1, size: offset }],
    });
    expect(finished.status, finished.text).toBe(200);
    const served = await Promise.all(
      [first, second].map(async (api) => {
        const response = await api.fetch(finished.body.audio, { headers: show.as.tabulator.auth });
        return { etag: response.headers.get('etag'), bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    expect(served[0].etag).toBe(finished.body.etag);
    expect(served[1].etag).toBe(finished.body.etag);
    expect(served[0].bytes.equals(served[1].bytes)).toBe(true);
    expect(served[0].bytes.length).toBe(finished.body.size);
    const original = fixture('chromium-6s.webm');
    expect(served[1].bytes.subarray(-1000).equals(original.subarray(-1000))).toBe(true);
    const range = await first.fetch(finished.body.audio, {
      headers: { ...show.as.tabulator.auth, range: 'bytes=100-199' },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(served[1].bytes.subarray(100, 200))).toBe(true);
  });
});

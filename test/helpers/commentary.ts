/**
 * The small circuit with commentary on (its event's commentaryEnabled), the people of a show signed in (two judges
 * seated on the finals' Equipment and Movement, a tabulator, an administrator, a chief judge), the fans' read-only
 * key, and a tablet's way of recording: a recording, an upload, the pieces sent in order, the finish.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { apiClient, type Answer } from '../api/client.js';
import type { TestApi, TestApiOptions } from './api-server.js';
import { buildSmallCircuit } from './small-circuit.js';
import { REDIRECT_URI, userToken } from './user-tokens.js';

export type Client = ReturnType<typeof apiClient>;
const PASSWORD = 'a long enough password';
const fixtures = new URL('../fixtures/commentary/', import.meta.url);

export const fixture = (name: string): Buffer => readFileSync(new URL(name, fixtures));
const pieceSizes = JSON.parse(readFileSync(new URL('pieces.json', fixtures), 'utf8')) as Record<string, number[]>;

/** A fixture's pieces as its recorder gave them, in order. */
export function piecesOf(name: string): Buffer[] {
  const bytes = fixture(name);
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of pieceSizes[name]) {
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

export interface CommentaryShow {
  api: TestApi;
  circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
  key: Client;
  fans: Client;
  as: Record<'judge' | 'judge2' | 'tabulator' | 'administrator' | 'chief', Client>;
  userIds: Record<'judge' | 'judge2' | 'tabulator' | 'administrator' | 'chief', number>;
  /** the finals' performances by group name */
  performances: Record<string, number>;
  /** the encore round's (unreleased) performances by group name, once setUpCommentary added Bravo and Charlie */
  encore: Record<string, number>;
}

export async function startCommentaryShow(options: TestApiOptions = {}): Promise<CommentaryShow> {
  const { startTestApi } = await import('./api-server.js');
  const api = await startTestApi(options);
  const circuit = await buildSmallCircuit(api.services.database.db);
  return commentaryShowOn(api, circuit);
}

/** The people and the seats on an API that already has the small circuit (a second instance shares them). */
export async function commentaryShowOn(
  api: TestApi,
  circuit: Awaited<ReturnType<typeof buildSmallCircuit>>,
): Promise<CommentaryShow> {
  const db = api.services.database.db;
  const keyApp = await api.createKey(circuit.org.guid, { name: 'Show tablets', redirectUris: [REDIRECT_URI] });
  const key = apiClient(api, { authorization: `Bearer ${await api.token(keyApp.clientId, keyApp.clientSecret)}` });
  const fansKey = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  const fans = apiClient(api, { authorization: `Bearer ${await api.token(fansKey.clientId, fansKey.clientSecret)}` });
  const people = {
    judge: ['judge', 'Ann', 'Equip'],
    judge2: ['judge', 'Max', 'Move'],
    tabulator: ['tabulator', 'Tess', 'Tab'],
    administrator: ['administrator', 'Ada', 'Admin'],
    chief: ['chief-judge', 'Pat', 'Chief'],
  } as const;
  const as = {} as CommentaryShow['as'];
  const userIds = {} as CommentaryShow['userIds'];
  for (const [who, [role, first, last]] of Object.entries(people) as [
    keyof typeof people,
    (typeof people)[keyof typeof people],
  ][]) {
    const email = `${who}.${randomUUID().slice(0, 8)}@circuit.example`;
    const user = await api.createUser(circuit.org.guid, email, PASSWORD, { role });
    await db.execute(sql`UPDATE users SET first_name = ${first}, last_name = ${last} WHERE id = ${user.id}`);
    userIds[who] = user.id;
    as[who] = apiClient(api, { authorization: `Bearer ${await userToken(api, keyApp, email, PASSWORD)}` });
  }
  return {
    api,
    circuit,
    key,
    fans,
    as,
    userIds,
    performances: circuit.performances,
    encore: { 'Alpha HS': circuit.encorePerformanceId },
  };
}

/**
 * Turns the show's commentary on (the event's commentaryEnabled), adds Bravo and Charlie to the encore round (whose
 * scores are not released), and seats the two judges on Equipment and Movement in both rounds.
 */
export async function setUpCommentary(show: CommentaryShow): Promise<void> {
  const { key, circuit } = show;
  expect200(await key.send('POST', `/events/${circuit.event.id}`, { commentaryEnabled: true }), 'enable commentary');
  for (const [name, order] of [
    ['Bravo HS', 2],
    ['Charlie HS', 3],
  ] as const) {
    const added = await key.send('POST', `/competitions/${circuit.competition.id}/performances`, {
      groupId: circuit.groups[name].id,
      divisionId: circuit.scholasticA.id,
      round: 2,
      order,
    });
    if (added.status !== 201) throw new Error(`encore ${name}: ${added.status} ${added.text}`);
    show.encore[name] = added.body.id;
  }
  for (const round of [1, 2])
    for (const [who, captionKey, firstName, lastName] of [
      ['judge', 'ea', 'Ann', 'Equip'],
      ['judge2', 'ma', 'Max', 'Move'],
    ] as const) {
      const seated = await key.send('POST', `/competitions/${circuit.competition.id}/judges`, {
        round,
        divisionId: circuit.scholasticA.id,
        captionKey,
        firstName,
        lastName,
        userId: show.userIds[who],
      });
      if (seated.status >= 300) throw new Error(`seating ${who}: ${seated.status} ${seated.text}`);
    }
}

function expect200(answer: Answer, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
}

/** Sends pieces to an upload from `offset`, one append each; answers the upload's offset after the last. */
export async function sendPieces(client: Client, uploadId: number, pieces: readonly Uint8Array[], offset = 0) {
  let at = offset;
  for (const piece of pieces) {
    const answer = await client.send('PATCH', `/commentary/uploads/${uploadId}`, piece, {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(at),
    });
    if (answer.status !== 204) throw new Error(`append at ${at}: ${answer.status} ${answer.text}`);
    at = Number(answer.headers.get('upload-offset'));
  }
  return at;
}

/**
 * Records as a tablet does: a recording, one upload per segment (each fixture a segment), the pieces in order,
 * the finish. Answers the finish's answer.
 */
export async function record(
  client: Client,
  input: { performanceId: number; captionKey: string; segments: string[]; key?: string; reason?: string },
): Promise<Answer> {
  const type = input.segments[0].endsWith('.mp4') ? 'audio/mp4' : 'audio/webm;codecs=opus';
  const created = await client.send('POST', `/performances/${input.performanceId}/commentary`, {
    captionKey: input.captionKey,
    contentType: type,
    key: input.key ?? randomUUID(),
  });
  if (created.status !== 201) throw new Error(`recording: ${created.status} ${created.text}`);
  const uploads = [];
  for (const [index, name] of input.segments.entries()) {
    const upload = await client.send('POST', `/commentary/recordings/${created.body.id}/uploads`, {
      number: index + 1,
    });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${upload.text}`);
    uploads.push({ number: index + 1, size: await sendPieces(client, upload.body.id, piecesOf(name)) });
  }
  return client.send('POST', `/commentary/recordings/${created.body.id}/finish`, {
    uploads,
    ...(input.reason ? { reason: input.reason } : {}),
  });
}

/**
 * The edges of the write operations. A score off its sheet's range is a 422 naming the line
 * whatever its size; a 413 tells the client the connection is done; two rounds with one number are refused; and a
 * group without a circuit id has one that is numeric text, the same in v4, v3 and v2.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { once } from 'node:events';
import tls from 'node:tls';
import type { HttpBindings } from '@hono/node-server';
import { createApp } from '../../server/api/app.js';
import { listenHttps } from '../../server/api/http/listen.js';
import { loadTls } from '../../server/api/http/tls.js';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { apiClient, namesOf, type Json } from './client.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let client: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  let auth: Record<string, string>;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  client = apiClient(api.inProcess, auth);
  token = auth.authorization;
});
afterAll(() => api?.stop());

describe("scores outside their line's range", () => {
  it('answers 422 naming the line for any size of number, in JSON lists and maps and in forms', async () => {
    const path = `/performances/${circuit.performances['Charlie HS']}/scores`;
    const before = (await client.get(`/competitions/${circuit.competition.id}/scores`)).body;
    const cases: [Promise<Awaited<ReturnType<typeof client.send>>>, string][] = [
      [
        client.send('POST', path, { captionKey: 'ea', scores: { voc: 101, exc: 60 } }),
        'Equipment Analysis: Voc can be at most 100',
      ],
      [
        client.send('POST', path, { captionKey: 'ea', scores: { voc: 1001, exc: 60 } }),
        'Equipment Analysis: Voc can be at most 100',
      ],
      [
        client.send('POST', path, { captionKey: 'ea', scores: { voc: 60, exc: 1e9 } }),
        'Equipment Analysis: Exc can be at most 100',
      ],
      [
        client.send('POST', path, { captionKey: 'ea', scores: { voc: -5, exc: 60 } }),
        'Equipment Analysis: Voc cannot be below 0',
      ],
      [
        client.send('POST', path, { captionKey: 'ea', scores: [{ subcaptionKey: 'exc', score: 5000 }] }),
        'Equipment Analysis: Exc can be at most 100',
      ],
      [
        client.form(path, { captionKey: 'ea', 'scores.voc': '60', 'scores.exc': '1001' }),
        'Equipment Analysis: Exc can be at most 100',
      ],
    ];
    for (const [sent, message] of cases) {
      const answer = await sent;
      expect(answer.status, message).toBe(422);
      expect(answer.body.detail).toBe(message);
      expect(answer.body.errors).toEqual([
        { name: expect.stringMatching(/^scores\[\d\]\.score$/), in: 'body', message },
      ]);
    }
    expect((await client.get(`/competitions/${circuit.competition.id}/scores`)).body).toEqual(before);
  });

  it('still answers 400 for a score that is not a number, naming the line', async () => {
    const path = `/performances/${circuit.performances['Charlie HS']}/scores`;
    const answer = await client.send('POST', path, { captionKey: 'ea', scores: { voc: 'lots', exc: 60 } });
    expect(answer.status).toBe(400);
    expect(namesOf(answer)).toEqual(['scores.voc']);
  });
});

describe('kept-alive connections', () => {
  it('answers 413 with Connection: close and closes, so a client never sends its next request into a closing connection', async () => {
    const url = new URL(api.url);
    const socket = tls.connect({ host: url.hostname, port: Number(url.port), ca: api.ca, servername: url.hostname });
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is the server's right once it said close
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

    const body = JSON.stringify({ name: 'x'.repeat(300 * 1024), divisionId: circuit.scholasticA.id });
    socket.write(
      `POST /groups/ HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`,
    );
    await closed;
    const answer = Buffer.concat(received).toString('latin1');
    const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(head).not.toMatch(/keep-alive/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 413,
      code: 'body_too_large',
    });
  });

  it('reads a body its answer did not need, so the next request on the kept-alive connection is answered', async () => {
    // The 401 comes before the body has arrived. Left unread, the body was drained by the Node adapter in the
    // background for at most 500 ms, which then closed the connection under the client's next request. The rest of
    // the body comes later than that: the adapter's clock is moved past it at once, not waited for.
    const watched = await serveWatched(api);
    try {
      const socket = tls.connect({ host: '127.0.0.1', port: watched.port, ca: api.ca, servername: 'localhost' });
      await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const body = JSON.stringify({ name: 'x'.repeat(2000), divisionId: circuit.scholasticA.id });
      const arrived = watched.nextExchange();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        socket.write(
          `POST /groups/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer not-a-token\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 100)}`,
        );
        // Whichever comes first: the server reads the rest of the body before it answers, or it answers and leaves the
        // body to the adapter's background drain. Then 500 ms and more pass for the adapter.
        const exchange = await arrived;
        await Promise.race([exchange.bodyRead, exchange.answered]);
        await vi.advanceTimersByTimeAsync(1_000);
      } finally {
        vi.useRealTimers();
      }
      socket.write(body.slice(100));
      socket.write(`GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      const bothAnswered = new Promise<void>((resolve) => {
        const check = () =>
          /HTTP\/1\.1 200 [^]*"status":"ok"/.test(received) ? resolve() : socket.once('data', check);
        check();
      });
      await Promise.race([bothAnswered, closed]);
      socket.destroy();
      expect(received).toMatch(/^HTTP\/1\.1 401 /);
      expect(received).toMatch(/HTTP\/1\.1 200 [^]*"status":"ok"/);
    } finally {
      await watched.close();
    }
  });
});

/**
 * The API's app on an HTTPS listener of its own, as startApi serves it, which tells the test when each request
 * arrives, when its body starts being read and when its answer has gone: the events the test waits for in place of
 * a clock it cannot move.
 */
async function serveWatched(served: TestApi) {
  const app = createApp(served.services);
  const tlsMaterial = await loadTls({ dataDir: served.dataDir });
  const waiting: ((exchange: { bodyRead: Promise<unknown>; answered: Promise<unknown> }) => void)[] = [];
  const server = await listenHttps(
    (request: Request, env?: unknown) => {
      const { incoming, outgoing } = env as HttpBindings;
      // listened to before the app runs, so neither event can come first
      waiting.shift()?.({ bodyRead: once(incoming, 'resume'), answered: once(outgoing, 'close') });
      return app.fetch(request, env);
    },
    tlsMaterial,
    { port: 0, host: '127.0.0.1' },
  );
  return {
    port: server.port,
    nextExchange: () =>
      new Promise<{ bodyRead: Promise<unknown>; answered: Promise<unknown> }>((resolve) => waiting.push(resolve)),
    close: () => server.close(),
  };
}

describe('penalties from a form', () => {
  it('takes one penalty as amount and reason, and refuses unknown fields beside them', async () => {
    // a performance of the unreleased round: a released one's penalty is a correction that needs a reason (083)
    const path = `/performances/${circuit.encorePerformanceId}/penalties`;
    const entered = await client.form(path, { amount: '0.5', reason: 'Timing' });
    expect(entered.status).toBe(200);
    expect(entered.body.penalty).toBe(0.5);
    const unknown = await client.form(path, { amount: '0.5', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(namesOf(unknown)).toEqual(['colour']);
    expect((await client.send('POST', path, { penalties: [] })).body.penalty).toBe(0);
  });
});

describe('competition rounds', () => {
  it('refuses two rounds with one number (422 naming rounds) and creates nothing', async () => {
    const before = (await client.get(`/events/${circuit.event.id}`)).body.competitions.length;
    const answer = await client.send('POST', `/events/${circuit.event.id}/competitions`, {
      name: 'Doubled',
      date: '2027-01-16T18:00:00Z',
      groupTypeId: 1,
      rounds: [
        { number: 1, name: 'Prelims' },
        { number: 2, name: 'Semis' },
        { number: 1, name: 'Finals' },
      ],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ name: 'rounds', in: 'body', message: expect.stringContaining('round 1') }]);
    expect((await client.get(`/events/${circuit.event.id}`)).body.competitions).toHaveLength(before);
  });
});

describe('a group without a circuit id', () => {
  it('has its own id as circuit id (numeric text), the same in v4, v3 and v2, and gets it back when the circuit id is cleared', async () => {
    const created = await client.send('POST', '/groups/', { name: 'Zulu HS', divisionId: circuit.scholasticA.id });
    expect(created.status).toBe(201);
    const id: number = created.body.id;
    expect(created.body.circuitId).toBe(String(id));
    expect((await client.get(`/groups/${id}`)).body.circuitId).toBe(String(id));
    expect((await client.get('/v3/groups?q=Zulu')).body.data.map((group: Json) => group.circuitId)).toEqual([
      String(id),
    ]);
    expect(
      (await client.form('/groups/', { name: 'Yankee HS', divisionId: String(circuit.scholasticA.id), circuitId: '' }))
        .body.circuitId,
    ).toMatch(/^\d+$/);

    // v2: registered groups, and a released performance's record
    const v2Groups = (await client.get('/2018-03/groups')).body as Json[];
    expect(v2Groups.find((group) => group.GroupName === 'Zulu HS')!.OrgGroupIdentifier).toBe(String(id));
    const event = await client.send('POST', '/events/', {
      seasonId: circuit.season.id,
      name: 'Zulu Show',
      eventTypeId: 1,
      startDate: '2027-02-20',
    });
    const competition = await client.send('POST', `/events/${event.body.id}/competitions`, {
      name: 'Color Guard',
      date: '2027-02-20T15:00:00Z',
      groupTypeId: 1,
    });
    await client.send('POST', `/competitions/${competition.body.id}/performances`, {
      groupId: id,
      divisionId: circuit.scholasticA.id,
    });
    // unscored: released by force (decision 082), the record is what this test reads
    await client.send('POST', `/competitions/${competition.body.id}/release`, { force: true, reason: 'Records only' });
    const records = (await client.get(`/2018-03/performances?c=${competition.body.guid}`)).body as Json[];
    expect(records.map((record) => [record.GroupName, record.OrgGroupIdentifier])).toEqual([['Zulu HS', String(id)]]);

    // a circuit id given is served as given; cleared, the group's id comes back
    expect((await client.send('POST', `/groups/${id}`, { circuitId: '4242' })).body.circuitId).toBe('4242');
    expect(
      (await client.get('/2018-03/groups')).body.find((group: Json) => group.GroupName === 'Zulu HS')
        .OrgGroupIdentifier,
    ).toBe('4242');
    expect((await client.send('POST', `/groups/${id}`, { circuitId: '' })).body.circuitId).toBe(String(id));
  });
});

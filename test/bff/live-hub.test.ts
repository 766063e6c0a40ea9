import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { liveRoute } from '../../server/bff/live/live-route.js';
import { liveDayRoute } from '../../server/bff/live/day-route.js';
import { createLiveHub, type LiveEvent, type LiveHub } from '../../server/bff/live/live-hub.js';
import { mayBeLive } from '../../server/bff/live/live-day.js';
import type { ProxyAnswer } from '../../server/bff/upstream/proxy-answer.js';
import { ViewProblem } from '../../server/bff/views/view-problem.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const GUID = '0b5d6f1e-3c2a-4e8b-9f10-6a7b8c9d0e1f';
const OTHER = '1c6e7a2f-4d3b-4f9c-8a21-7b8c9d0e1f20';

function record(guid: string, date: string, released = false) {
  return {
    EventGuid: 'e',
    EventName: 'Show',
    Location: 'Here',
    Date: date,
    CompetitionGuid: guid,
    CompetitionName: 'Color Guard',
    ChiefJudge: '',
    GroupTypeID: 1,
    ScoresReleased: released,
    CategoryRecapReleased: released,
    RecapReleased: released,
    SeasonName: '2026 Season',
    IsCurrentSeason: true,
  };
}

/** An upstream of one listing and per-competition performances, counting every read. */
function fakeUpstream() {
  const state = {
    listing: [record(GUID, '2026-11-24T15:00:00Z'), record(OTHER, '2026-11-24T18:00:00Z')],
    performances: new Map([
      [GUID, 'p1'],
      [OTHER, 'q1'],
    ]),
    reads: [] as string[],
    failing: false,
    /** the v4 schedule's ETag of competition 7 (our API's; absent: the upstream serves none, as the hosted one) */
    schedule: undefined as string | undefined,
  };
  const answer = (path: string, search: string): ProxyAnswer => {
    state.reads.push(`${path}${search}`);
    if (state.failing) return { status: 503, headers: {}, body: '{"code":"upstream_unavailable","detail":"down"}' };
    if (path === '/2018-03/competitions')
      return {
        status: 200,
        headers: { etag: `"${JSON.stringify(state.listing).length}"` },
        body: JSON.stringify(state.listing),
      };
    if (path.startsWith('/competitions/'))
      return state.schedule === undefined
        ? { status: 404, headers: {}, body: '{"code":"not_found","detail":"no such operation"}' }
        : { status: 200, headers: { etag: `"${state.schedule}"` }, body: '{}' };
    const guid = new URLSearchParams(search).get('c')!;
    const tag = state.performances.get(guid);
    return { status: 200, headers: { etag: `"${tag}"` }, body: '[]' };
  };
  const read = (path: string, search: string): Promise<ProxyAnswer> => Promise.resolve(answer(path, search));
  return { state, read };
}

const hubs: LiveHub[] = [];
afterEach(() => hubs.splice(0).forEach((hub) => hub.close()));

function hubOver(
  upstream: ReturnType<typeof fakeUpstream>,
  limits: { maxCompetitions?: number; maxListeners?: number; competitionId?: number } = {},
) {
  const lookUps: string[] = [];
  const hub = createLiveHub({
    readFresh: upstream.read,
    lookUp: (guid) => {
      lookUps.push(guid);
      const found = upstream.state.listing.find((candidate) => candidate.CompetitionGuid === guid);
      if (!found) return Promise.reject(new ViewProblem(404, 'not_found', `There is no competition ${guid}.`));
      return Promise.resolve({
        summary: {
          competition: { guid, date: found.Date, id: limits.competitionId ?? null },
          season: { id: 1, name: found.SeasonName },
        } as never,
      });
    },
    now: () => NOW,
    intervalMs: 60_000,
    maxCompetitions: limits.maxCompetitions ?? 10,
    maxListeners: limits.maxListeners ?? 100,
  });
  hubs.push(hub);
  return { hub, lookUps };
}

describe('the live hub', () => {
  it('reads each watched competition once per tick however many listen, and tells every listener of a change', async () => {
    const upstream = fakeUpstream();
    const { hub, lookUps } = hubOver(upstream);
    const heard: LiveEvent[][] = [];
    const joins = await Promise.all(
      Array.from({ length: 50 }, (_, i) => hub.join(GUID, (event) => (heard[i] ??= []).push(event))),
    );
    expect(joins.every((join) => join.kind === 'joined')).toBe(true);
    expect(lookUps).toHaveLength(1);
    upstream.state.reads.length = 0;
    await hub.tick();
    expect(upstream.state.reads).toHaveLength(2);
    expect(heard.filter(Boolean)).toHaveLength(0);

    upstream.state.performances.set(GUID, 'p2');
    await hub.tick();
    expect(heard.filter(Boolean)).toHaveLength(50);
    expect(heard[0][0].kind).toBe('change');
  });

  it("reads the competition's schedule too: a published time moved is a change though no number moved (decision 141)", async () => {
    const upstream = fakeUpstream();
    upstream.state.schedule = 's1';
    const { hub } = hubOver(upstream, { competitionId: 7 });
    const heard: LiveEvent[] = [];
    await hub.join(GUID, (event) => heard.push(event));
    upstream.state.reads.length = 0;
    await hub.tick();
    expect(upstream.state.reads).toContain('/competitions/7/schedule');
    expect(heard).toEqual([]);
    upstream.state.schedule = 's2';
    await hub.tick();
    expect(heard.map((event) => event.kind)).toEqual(['change']);
    // an upstream without the schedule as data (the hosted service) is no change, and no failure
    upstream.state.schedule = undefined;
    await hub.tick();
    await hub.tick();
    expect(heard.map((event) => event.kind)).toEqual(['change', 'change']);
  });

  it('reads a season listing once per tick for all its competitions, and a release changes the version', async () => {
    const upstream = fakeUpstream();
    const { hub } = hubOver(upstream);
    const heard: LiveEvent[] = [];
    await hub.join(GUID, (event) => heard.push(event));
    await hub.join(OTHER, () => undefined);
    upstream.state.reads.length = 0;
    upstream.state.listing[0] = record(GUID, '2026-11-24T15:00:00Z', true);
    await hub.tick();
    expect(upstream.state.reads.filter((read) => read.startsWith('/2018-03/competitions'))).toHaveLength(1);
    expect(upstream.state.reads).toHaveLength(3);
    expect(heard.map((event) => event.kind)).toEqual(['change']);
  });

  it('stops watching with the last listener, and answers not live for another day without watching', async () => {
    const upstream = fakeUpstream();
    const { hub } = hubOver(upstream);
    const join = await hub.join(GUID, () => undefined);
    expect(hub.watched).toBe(1);
    if (join.kind === 'joined') join.leave();
    expect(hub.watched).toBe(0);
    expect(hub.listeners).toBe(0);
    upstream.state.reads.length = 0;
    await hub.tick();
    expect(upstream.state.reads).toHaveLength(0);

    upstream.state.listing[0] = record(GUID, '2026-10-03T15:00:00Z');
    expect((await hub.join(GUID, () => undefined)).kind).toBe('not_live');
    expect(hub.watched).toBe(0);
  });

  it('bounds watched competitions and listeners, and keeps its version through an outage', async () => {
    const upstream = fakeUpstream();
    const { hub } = hubOver(upstream, { maxCompetitions: 1, maxListeners: 2 });
    const heard: LiveEvent[] = [];
    expect((await hub.join(GUID, (event) => heard.push(event))).kind).toBe('joined');
    expect((await hub.join(OTHER, () => undefined)).kind).toBe('full');
    expect((await hub.join(GUID, () => undefined)).kind).toBe('joined');
    expect((await hub.join(GUID, () => undefined)).kind).toBe('full');
    upstream.state.failing = true;
    await hub.tick();
    upstream.state.failing = false;
    await hub.tick();
    expect(heard).toEqual([]);
  });

  it('ends its listeners when the competition is over, and passes an unknown competition on as a 404', async () => {
    const upstream = fakeUpstream();
    const { hub } = hubOver(upstream);
    const heard: LiveEvent[] = [];
    await hub.join(GUID, (event) => heard.push(event));
    upstream.state.listing[0] = record(GUID, '2026-11-20T15:00:00Z');
    await hub.tick();
    expect(heard).toEqual([{ kind: 'end', reason: 'not_live' }]);
    expect(hub.watched).toBe(0);
    await expect(hub.join('2d7f8b3a-5e4c-4a0d-9b32-8c9d0e1f2031', () => undefined)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('mayBeLive', () => {
  it('takes yesterday, today and tomorrow in UTC, for viewers in every zone', () => {
    expect(mayBeLive('2026-11-23T23:00:00', NOW)).toBe(true);
    expect(mayBeLive('2026-11-24', NOW)).toBe(true);
    expect(mayBeLive('2026-11-25T01:00:00Z', NOW)).toBe(true);
    expect(mayBeLive('2026-11-22T23:59:59Z', NOW)).toBe(false);
    expect(mayBeLive('2026-11-26', NOW)).toBe(false);
    expect(mayBeLive('not a date', NOW)).toBe(false);
  });
});

/** Reads an SSE body until `count` events have arrived (comments included as events named "comment"). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  count: number,
): Promise<Array<{ event: string; id?: string; data?: string }>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; id?: string; data?: string }> = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1 && events.length < count) {
      const block = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (block[0].startsWith(':')) events.push({ event: 'comment' });
      else
        events.push({
          event: block.find((line) => line.startsWith('event: '))!.slice(7),
          id: block.find((line) => line.startsWith('id: '))?.slice(4),
          data: block.find((line) => line.startsWith('data: '))?.slice(6),
        });
    }
  }
  reader.releaseLock();
  return events;
}

describe('the live route', () => {
  function routeOver(upstream: ReturnType<typeof fakeUpstream>, heartbeatMs = 60_000) {
    const { hub } = hubOver(upstream);
    const app = new Hono().get('/live/:guid', liveRoute(hub, heartbeatMs));
    return { hub, app };
  }

  it('streams ready, then a change after a release, and lets go of the listener when the browser leaves', async () => {
    const upstream = fakeUpstream();
    const { hub, app } = routeOver(upstream);
    const response = await app.request(`/live/${GUID}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const [ready] = await readEvents(response.body!, 1);
    expect(ready.event).toBe('ready');
    upstream.state.listing[0] = record(GUID, '2026-11-24T15:00:00Z', true);
    await hub.tick();
    const [change] = await readEvents(response.body!, 1);
    expect(change.event).toBe('change');
    expect(change.id).not.toBe(ready.id);
    await response.body!.cancel();
    await expect.poll(() => hub.listeners).toBe(0);
    expect(hub.watched).toBe(0);
  });

  it('sends a change at once to a reconnect whose Last-Event-ID is behind, and heartbeats while idle', async () => {
    const upstream = fakeUpstream();
    const { app } = routeOver(upstream, 20);
    const response = await app.request(`/live/${GUID}`, { headers: { 'last-event-id': 'an-old-version' } });
    const events = await readEvents(response.body!, 3);
    expect(events.map((event) => event.event)).toEqual(['ready', 'change', 'comment']);
    await response.body!.cancel();
  });

  it('lets go of the listener when the browser leaves before reading anything', async () => {
    const upstream = fakeUpstream();
    const { hub, app } = routeOver(upstream);
    const abort = new AbortController();
    const response = await app.request(`/live/${GUID}`, { signal: abort.signal });
    expect(response.status).toBe(200);
    expect(hub.listeners).toBe(1);
    abort.abort();
    await expect.poll(() => hub.listeners).toBe(0);
    expect(hub.watched).toBe(0);
  });

  it('answers 204 for a competition that is not live, 404 for an unknown or malformed one', async () => {
    const upstream = fakeUpstream();
    upstream.state.listing[1] = record(OTHER, '2026-09-01T15:00:00Z');
    const { app, hub } = routeOver(upstream);
    expect((await app.request(`/live/${OTHER}`)).status).toBe(204);
    const unknown = await app.request('/live/2d7f8b3a-5e4c-4a0d-9b32-8c9d0e1f2031');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: expect.stringContaining('no competition') });
    expect((await app.request('/live/not-a-guid')).status).toBe(404);
    expect(hub.watched).toBe(0);
  });
});

describe("the day's live route: several competitions in one stream", () => {
  const UNKNOWN = '2d7f8b3a-5e4c-4a0d-9b32-8c9d0e1f2031';
  function routeOver(upstream: ReturnType<typeof fakeUpstream>, limits: { maxCompetitions?: number } = {}) {
    const { hub } = hubOver(upstream, limits);
    const app = new Hono().get('/live', liveDayRoute(hub, 60_000));
    return { hub, app };
  }
  const named = (events: Array<{ event: string; data?: string }>) =>
    events.map(({ event, data }) => {
      const { guid, reason } = JSON.parse(data!) as { guid: string; reason?: string };
      return reason ? `${event} ${guid} ${reason}` : `${event} ${guid}`;
    });

  it("streams each competition's changes under its guid on one connection, and lets go of all when the browser leaves", async () => {
    const upstream = fakeUpstream();
    const { hub, app } = routeOver(upstream);
    const response = await app.request(`/live?competitions=${GUID},${OTHER}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(named(await readEvents(response.body!, 2))).toEqual([`ready ${GUID}`, `ready ${OTHER}`]);
    expect(hub.listeners).toBe(2);
    upstream.state.performances.set(OTHER, 'q2');
    await hub.tick();
    expect(named(await readEvents(response.body!, 1))).toEqual([`change ${OTHER}`]);
    await response.body!.cancel();
    await expect.poll(() => hub.listeners).toBe(0);
    expect(hub.watched).toBe(0);
  });

  it('ends an unknown, finished or refused competition at once and streams the others; closes when all have ended', async () => {
    const upstream = fakeUpstream();
    const THIRD = '3e8f9c4b-6f5d-4b1e-8c43-9d0e1f203142';
    upstream.state.listing.push(record(THIRD, '2026-11-24T20:00:00Z'));
    upstream.state.performances.set(THIRD, 'r1');
    const { hub, app } = routeOver(upstream, { maxCompetitions: 2 });
    const response = await app.request(`/live?competitions=${GUID},${UNKNOWN}`);
    expect(named(await readEvents(response.body!, 2))).toEqual([`ready ${GUID}`, `end ${UNKNOWN} not_found`]);
    // The server watches two competitions at most here: a third is refused, not queued.
    const second = await app.request(`/live?competitions=${OTHER},${THIRD}`);
    expect(named(await readEvents(second.body!, 2))).toEqual([`ready ${OTHER}`, `end ${THIRD} full`]);
    await second.body!.cancel();
    upstream.state.listing[0] = record(GUID, '2026-11-20T15:00:00Z');
    await hub.tick();
    expect(named(await readEvents(response.body!, 1))).toEqual([`end ${GUID} not_live`]);
    expect((await readEvents(response.body!, 1)).length, 'the stream is over').toBe(0);
    expect(hub.listeners).toBe(0);
  });

  it('lets go of the competitions it joined and says why when the upstream cannot say of another', async () => {
    const upstream = fakeUpstream();
    const { hub } = hubOver(upstream);
    const app = new Hono().get(
      '/live',
      liveDayRoute(
        {
          ...hub,
          join: (guid, listener) =>
            guid === OTHER
              ? Promise.reject(new ViewProblem(503, 'upstream_unavailable', 'The results service is not answering.'))
              : hub.join(guid, listener),
        },
        60_000,
      ),
    );
    const answer = await app.request(`/live?competitions=${GUID},${OTHER}`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 'upstream_unavailable' });
    expect(hub.listeners).toBe(0);
  });

  it('answers 204 when none is live, 400 for none named, too many, or one that is not a guid', async () => {
    const upstream = fakeUpstream();
    upstream.state.listing[1] = record(OTHER, '2026-09-01T15:00:00Z');
    const { app, hub } = routeOver(upstream);
    expect((await app.request(`/live?competitions=${OTHER},${UNKNOWN}`)).status).toBe(204);
    for (const search of ['', '?competitions=', `?competitions=${GUID},not-a-guid`]) {
      const answer = await app.request(`/live${search}`);
      expect(answer.status, search).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
    const thirteen = Array.from({ length: 13 }, (_, i) => `${GUID.slice(0, -2)}${String(i).padStart(2, '0')}`);
    const tooMany = await app.request(`/live?competitions=${thirteen.join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ detail: expect.stringContaining('12 competitions at most') });
    expect(hub.watched).toBe(0);
  });
});

/**
 * `GET /api/health`: the BFF's own state (its cache, its upstream calls, the live, console, judges' seats
 * and tablets watchers), never cached.
 */

interface Watchers {
  readonly watched: number;
  readonly listeners: number;
}

export function healthRoute(deps: {
  proxy: { readonly cachedEntries: number; readonly upstreamCalls: number };
  /** whether the upstream's changes are pushed (our API) or polled for (the hosted service, or our API's stream down) */
  changes: { readonly state: string };
  live: Watchers;
  consoles: Watchers;
  seats: Watchers;
  tablets: Watchers;
}) {
  const { proxy, changes, live, consoles, seats, tablets } = deps;
  return () =>
    Response.json(
      {
        status: 'ok',
        cache: { entries: proxy.cachedEntries },
        upstream: { calls: proxy.upstreamCalls, changes: changes.state },
        live: { competitions: live.watched, listeners: live.listeners },
        consoles: { competitions: consoles.watched, listeners: consoles.listeners },
        judges: { sessions: seats.watched, listeners: seats.listeners },
        tablets: { competitions: tablets.watched, listeners: tablets.listeners },
      },
      { headers: { 'cache-control': 'no-cache' } },
    );
}

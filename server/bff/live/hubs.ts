/**
 * The watchers behind the BFF's pushes, closed at shutdown: the fans' live hub (one upstream read per live
 * competition, decision 033), the consoles' hub, which reads as the signed-in user whose console listens
 * (decision 101), and the judges' seats' hub, which reads each judge's seats with that judge's own token
 * (decision 124), and the tablet status pages' hub, which reads as the signed-in user whose page listens (decision
 * 130); never the signed-in ones with the BFF's key. The first three read when our API's pushed changes say its data
 * changed (upstream/changes.ts, decision 131), and on their timers only while it cannot say; the tablets' hub reads on
 * its timer always, as a tablet's heartbeat is not a write of the show and no change tells of it.
 */
import type { BffConfig } from '../config.js';
import type { LogLine } from '../http/log.js';
import type { UpstreamReads } from '../upstream/reads.js';
import { createConsoleHub, type ConsoleHub } from './console-hub.js';
import { createLiveHub, type LiveHub, type LiveHubOptions } from './live-hub.js';
import { createSeatsHub, type SeatsHub } from './seats-hub.js';
import { createTabletsHub, type TabletsHub } from './tablets-hub.js';

export interface Hubs {
  live: LiveHub;
  consoles: ConsoleHub;
  seats: SeatsHub;
  tablets: TabletsHub;
}

export function createHubs(deps: {
  config: BffConfig;
  upstream: UpstreamReads;
  lookUp: LiveHubOptions['lookUp'];
  now: () => number;
  log: (line: LogLine) => void;
}): Hubs {
  const { config, upstream, now, log } = deps;
  const detail = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const live = createLiveHub({
    readFresh: upstream.readFresh,
    lookUp: deps.lookUp,
    now,
    intervalMs: config.liveIntervalMs,
    changes: upstream.changes,
    maxCompetitions: config.liveMaxCompetitions,
    maxListeners: config.liveMaxListeners,
    onReadFailure: (guid, error) => log({ level: 'warn', msg: 'live read failed', guid, detail: detail(error) }),
  });
  const consoles = createConsoleHub({
    readAs: upstream.readAs,
    now,
    intervalMs: config.consoleIntervalMs,
    changes: upstream.changes,
    maxCompetitions: config.liveMaxCompetitions,
    maxListeners: config.liveMaxListeners,
    onReadFailure: (competitionId, error) =>
      log({ level: 'warn', msg: 'console watch read failed', competitionId, detail: detail(error) }),
  });
  const seats = createSeatsHub({
    readAs: upstream.readAs,
    now,
    intervalMs: config.judgeIntervalMs,
    changes: upstream.changes,
    maxListeners: config.liveMaxListeners,
    onReadFailure: (error) => log({ level: 'warn', msg: 'judge seats watch read failed', detail: detail(error) }),
  });
  const tablets = createTabletsHub({
    readAs: upstream.readAs,
    now,
    intervalMs: config.tabletsIntervalMs,
    maxCompetitions: config.liveMaxCompetitions,
    maxListeners: config.liveMaxListeners,
    onReadFailure: (competitionId, error) =>
      log({ level: 'warn', msg: 'tablets watch read failed', competitionId, detail: detail(error) }),
  });
  return { live, consoles, seats, tablets };
}

/**
 * The BFF's entry point: builds the app from a validated config, listens (127.0.0.1:8080 by default), closes
 * gracefully. `server/start.ts` calls startBff with a config object; run directly, this file reads the environment.
 */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createBff, type BffDeps } from './app.js';
import { readBffConfig, type BffConfig } from './config.js';
import { logJsonLine, type LogLine } from './http/log.js';
import { createUpstreamHttp } from './upstream/upstream-http.js';

export interface RunningBff {
  url: string;
  port: number;
  /** the organization's guid the BFF sends as v2's `o`: configured, or read from the upstream's token (organization.ts) */
  organization(): Promise<string | undefined>;
  /** requests received and not yet answered (what close() waits for; a test's proof that concurrent reads arrived) */
  requestsInProgress(): number;
  /** calls `listener` each time requestsInProgress() changes: a test waits on it instead of polling */
  onRequestsInProgressChange(listener: () => void): void;
  /** stops accepting connections, lets requests in progress finish (up to a grace period), closes upstream sockets */
  close(): Promise<void>;
}

/** How long close() waits for requests in progress before cutting their connections. */
const CLOSE_GRACE_MS = 5_000;

export async function startBff(config: BffConfig, deps: Omit<BffDeps, 'upstream'> = {}): Promise<RunningBff> {
  const upstream = createUpstreamHttp(config);
  const { app, organization, hubs, changes } = createBff(config, { ...deps, upstream });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  let inProgress = 0;
  const countListeners: (() => void)[] = [];
  const counted = (change: number) => {
    inProgress += change;
    for (const listener of countListeners) listener();
  };
  server.on('request', (_request, response: ServerResponse) => {
    counted(1);
    response.once('close', () => counted(-1));
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    upstream.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    organization: () => organization.guid(),
    requestsInProgress: () => inProgress,
    onRequestsInProgressChange: (listener) => void countListeners.push(listener),
    close() {
      closing ??= new Promise<void>((resolve) => {
        // Live streams never finish on their own: ended first, so the grace period is for ordinary requests.
        for (const hub of [hubs.live, hubs.consoles, hubs.seats, hubs.tablets]) hub.close();
        changes.close();
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          upstream.close();
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/**
 * Says at start which organization the BFF reads, or, when the upstream's tokens do not name it and API_ORGANIZATION
 * is not set, that it must be set (false: the caller stops). An upstream that cannot be reached yet is not a reason to
 * stop: the organization is then learnt on first use.
 */
export async function checkOrganization(bff: RunningBff, log: (line: LogLine) => void = logJsonLine): Promise<boolean> {
  try {
    const guid = await bff.organization();
    if (guid) {
      log({ level: 'info', msg: 'Organization', organization: guid });
      return true;
    }
    console.error(
      '\n  API_ORGANIZATION is required with this API: its access tokens do not say which organization they belong to.\n' +
        "  Set API_ORGANIZATION to your organization's GUID (the `o` of its v2 listings) and start again.\n",
    );
    return false;
  } catch (error) {
    log({
      level: 'warn',
      msg: 'Could not ask the API for a token yet; the organization will be learnt on first use',
      detail: (error as Error).message,
    });
    return true;
  }
}

// Run through tsx (the .ts) or built (the .js in .build/ that scripts/start.js runs).
const isEntryPoint =
  import.meta.url === `file://${process.argv[1]}` || /server\/bff\/server\.[jt]s$/.test(process.argv[1] ?? '');
if (isEntryPoint) {
  let config: BffConfig;
  try {
    config = readBffConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  startBff(config)
    .then(async (bff) => {
      logJsonLine({
        level: 'info',
        msg: 'BFF listening',
        url: bff.url,
        upstream: config.apiBaseUrl,
        staticDir: config.staticDir,
      });
      if (!(await checkOrganization(bff))) {
        await bff.close();
        process.exit(1);
      }
      const shutdown = () => {
        bff.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    })
    .catch((error: Error) => {
      console.error(`BFF failed to start: ${error.message}`);
      process.exit(1);
    });
}

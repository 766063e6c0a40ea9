/**
 * The BFF's entry point: builds the app from a validated config, listens (127.0.0.1:8080 by default), closes
 * gracefully. `server/start.ts` calls startBff with a config object; run directly, this file reads the environment.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createBffApp, type BffDeps } from './app.js';
import { readBffConfig, type BffConfig } from './config.js';
import { logJsonLine } from './log.js';
import { createUpstreamHttp } from './upstream-http.js';

export interface RunningBff {
  url: string;
  port: number;
  /** stops accepting connections, lets requests in progress finish (up to a grace period), closes upstream sockets */
  close(): Promise<void>;
}

/** How long close() waits for requests in progress before cutting their connections. */
const CLOSE_GRACE_MS = 5_000;

export async function startBff(config: BffConfig, deps: Omit<BffDeps, 'upstream'> = {}): Promise<RunningBff> {
  const upstream = createUpstreamHttp(config);
  const app = createBffApp(config, { ...deps, upstream });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

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
    close() {
      closing ??= new Promise<void>((resolve) => {
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

const isEntryPoint = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/bff/server.ts');
if (isEntryPoint) {
  let config: BffConfig;
  try {
    config = readBffConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  startBff(config)
    .then((bff) => {
      logJsonLine({ level: 'info', msg: 'BFF listening', url: bff.url, upstream: config.apiBaseUrl, staticDir: config.staticDir });
      const shutdown = () => {
        bff.close().then(() => process.exit(0), () => process.exit(1));
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    })
    .catch((error: Error) => {
      console.error(`BFF failed to start: ${error.message}`);
      process.exit(1);
    });
}

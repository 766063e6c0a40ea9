/**
 * `npm run api`: the API alone. Reads configuration, opens the database, listens with TLS, closes gracefully.
 */
import { readApiConfig } from './config.js';
import { createServices, type Services } from './services.js';
import { createApp } from './app.js';
import { loadTls } from './http/tls.js';
import { listenHttps, type RunningServer } from './http/listen.js';
import { claimDataDir } from './db/data-dir-lock.js';
import { serveCliChannel } from '../cli/beside-server.js';

export interface StartedApi {
  server: RunningServer;
  certPath: string;
  services: Services;
  stop(): Promise<void>;
}

/** `options.now`: the clock of tokens and codes (Services.now), for tests; Date.now by default. */
export async function startApi(
  env: NodeJS.ProcessEnv = process.env,
  options: { now?: () => number } = {},
): Promise<StartedApi> {
  const config = readApiConfig(env);
  const release = config.databaseUrl ? () => {} : claimDataDir(config.dataDir, 'API server');
  try {
    const services = await createServices(config, { now: options.now });
    const app = createApp(services);
    const tls = await loadTls({ certPath: config.tlsCert, keyPath: config.tlsKey, dataDir: config.dataDir });
    const server = await listenHttps(app.fetch, tls, { port: config.port, host: config.host });
    // The CLI beside this server runs its commands here while the embedded database is held (decision 063).
    const stopCliChannel = config.databaseUrl
      ? async () => {}
      : await serveCliChannel(config.dataDir, services.database, { publicUrl: server.url });
    return {
      server,
      certPath: tls.certPath,
      services,
      stop: async () => {
        await stopCliChannel();
        await server.close();
        await services.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// Run through tsx (the .ts) or built (the .js in .build/ that scripts/start.js runs).
const isEntryPoint =
  import.meta.url === `file://${process.argv[1]}` || /server\/api\/server\.[jt]s$/.test(process.argv[1] ?? '');
if (isEntryPoint) {
  startApi()
    .then((api) => {
      console.log(
        JSON.stringify({ level: 'info', msg: 'API listening', url: api.server.url, certificate: api.certPath }),
      );
      const shutdown = () => {
        api.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    })
    .catch((error: Error) => {
      console.error(`API failed to start: ${error.message}`);
      process.exit(1);
    });
}

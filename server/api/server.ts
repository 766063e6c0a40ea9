/**
 * `npm run api`: the API alone. Reads configuration, opens the database, listens with TLS, closes gracefully.
 */
import { readApiConfig } from './config.js';
import { createServices, type Services } from './services.js';
import { createApp } from './app.js';
import { loadTls } from './http/tls.js';
import { listenHttps, type RunningServer } from './http/listen.js';
import { claimDataDir } from './db/data-dir-lock.js';
import { boundHeapGrowth } from './heap-growth.js';
import { serveCliChannel } from '../cli/beside-server.js';
import {
  prepareBackupFolder,
  startBackupSchedule,
  type BackupClock,
  type BackupSchedule,
} from './backup/backup-schedule.js';

export interface StartedApi {
  server: RunningServer;
  certPath: string;
  services: Services;
  stop(): Promise<void>;
}

/**
 * `options.now`: the clock of tokens and codes (Services.now), for tests; Date.now by default. `options.backupClock`:
 * the automatic backups' clock and timer (BACKUP_DIR), for tests; the system's by default.
 */
export async function startApi(
  env: NodeJS.ProcessEnv = process.env,
  options: { now?: () => number; backupClock?: BackupClock } = {},
): Promise<StartedApi> {
  const config = readApiConfig(env);
  boundHeapGrowth();
  if (config.backup.folder && config.databaseUrl)
    throw new Error(
      'BACKUP_DIR backs up the embedded database; with DATABASE_URL back PostgreSQL up with its own tools (pg_dump, see docs/running-a-show.md)',
    );
  if (config.backup.folder) await prepareBackupFolder(config.backup.folder, config.dataDir);
  const release = config.databaseUrl ? () => {} : claimDataDir(config.dataDir, 'API server');
  let backups: BackupSchedule | undefined;
  try {
    const services = await createServices(config, { now: options.now });
    const app = createApp(services);
    const tls = await loadTls({ certPath: config.tlsCert, keyPath: config.tlsKey, dataDir: config.dataDir });
    const server = await listenHttps(app.fetch, tls, { port: config.port, host: config.host });
    // The CLI beside this server runs its commands here while the embedded database is held (decision 063).
    const stopCliChannel = config.databaseUrl
      ? async () => {}
      : await serveCliChannel(config.dataDir, services.database, { publicUrl: server.url });
    if (config.backup.folder)
      backups = await startBackupSchedule(services.database, {
        dataDir: config.dataDir,
        folder: config.backup.folder,
        everyMinutes: config.backup.everyMinutes,
        keep: config.backup.keep,
        clock: options.backupClock,
      });
    return {
      server,
      certPath: tls.certPath,
      services,
      stop: async () => {
        await backups?.stop();
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

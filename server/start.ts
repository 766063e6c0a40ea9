/**
 * `npm start`: the whole app. With API_BASE_URL unset: the embedded API (PGlite in DATA_DIR, sample circuit loaded
 * on an empty database), the web app built if needed, and the BFF wired to the API. With API_BASE_URL set (the
 * hosted service, say): only the BFF and the web app.
 */
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApi, type StartedApi } from './api/server.js';
import { checkOrganization, startBff } from './bff/server.js';
import { readBffConfig } from './bff/config.js';
import { ensureSampleOrganization, ensureWebCredentials } from './start/embedded-setup.js';

async function main() {
  const env = { ...process.env };
  let api: StartedApi | undefined;
  if (!env.API_BASE_URL) {
    api = await startApi(env);
    const organization = await ensureSampleOrganization(api.services);
    const credentials =
      env.API_CLIENT_ID && env.API_CLIENT_SECRET
        ? { clientId: env.API_CLIENT_ID, clientSecret: env.API_CLIENT_SECRET }
        : await ensureWebCredentials(api.services, organization, path.resolve(api.services.config.dataDir));
    env.API_BASE_URL = api.server.url;
    env.API_CLIENT_ID = credentials.clientId;
    env.API_CLIENT_SECRET = credentials.clientSecret;
    env.API_CA_FILE ||= api.certPath;
    // v2's listings are always asked for by organization, whatever our API would default to.
    env.API_ORGANIZATION ||= organization.guid;
    log('API listening', { url: api.server.url, organization: organization.guid });
  }
  buildWebAppIfStale();
  const bff = await startBff(readBffConfig(env));
  if (!(await checkOrganization(bff))) {
    await bff.close();
    await api?.stop();
    process.exit(1);
  }
  log('Scoreboard ready', { url: bff.url });
  console.log(`\n  Open ${bff.url} in your browser.\n`);

  // A signal listener's promise would be dropped: the shutdown handles its own failure (said, and exit 1).
  const shutdown = () => {
    bff
      .close()
      .then(() => api?.stop())
      .then(
        () => process.exit(0),
        (error: Error) => {
          console.error(`npm start: shutdown failed: ${error.message}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** Builds the app when dist/ is missing or older than any source file, so a fresh clone just works. */
function buildWebAppIfStale() {
  if (process.env.SKIP_WEB_BUILD === '1') return;
  const built = path.resolve('dist/index.html');
  if (existsSync(built) && newestSource() <= statSync(built).mtimeMs) return;
  log('Building the web app (vite build)', {});
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

function newestSource(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['src', 'public']) if (existsSync(dir)) visit(dir);
  for (const file of ['index.html', 'vite.config.ts'])
    if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

function log(msg: string, fields: Record<string, unknown>) {
  console.log(JSON.stringify({ level: 'info', msg, ...fields }));
}

main().catch((error: Error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});

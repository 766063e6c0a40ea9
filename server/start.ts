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
import { mkdirSync } from 'node:fs';
import {
  ensureSampleOrganization,
  ensureSessionSecret,
  ensureSignInClient,
  ensureWebCredentials,
} from './start/embedded-setup.js';

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
    // Sign-in through the BFF (decision 086), registered with the callbacks the browser will come back to.
    if (!env.BFF_SIGNIN_CLIENT_ID) {
      const redirectUris = signInCallbacks(env);
      if (redirectUris.length > 0) {
        const client = await ensureSignInClient(
          api.services,
          organization,
          path.resolve(api.services.config.dataDir),
          redirectUris,
        );
        env.BFF_SIGNIN_CLIENT_ID = client.clientId;
        env.BFF_SIGNIN_CLIENT_SECRET = client.clientSecret;
      } else {
        log('No sign-in: PORT=0 leaves the callback address unknown; set PORT or BFF_PUBLIC_URL', {});
      }
    }
    log('API listening', { url: api.server.url, organization: organization.guid });
  }
  // Sessions are sealed with BFF_SESSION_SECRET; without one, a secret kept in the data directory (owner-only).
  if (env.BFF_SIGNIN_CLIENT_ID && !env.BFF_SESSION_SECRET) {
    const dataDir = path.resolve(env.DATA_DIR || '.data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    env.BFF_SESSION_SECRET = ensureSessionSecret(dataDir);
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

/**
 * Where the browser comes back after signing in: the public address's callback, and on a fixed port the loopback
 * addresses a person on this machine opens (localhost and 127.0.0.1 are different sites to a browser's cookies).
 */
function signInCallbacks(env: NodeJS.ProcessEnv): string[] {
  const callbacks: string[] = [];
  if (env.BFF_PUBLIC_URL && URL.canParse(env.BFF_PUBLIC_URL))
    callbacks.push(`${new URL(env.BFF_PUBLIC_URL).origin}/auth/callback`);
  const port = Number(env.PORT ?? '8080');
  if (Number.isInteger(port) && port > 0)
    for (const host of ['localhost', '127.0.0.1']) callbacks.push(`http://${host}:${port}/auth/callback`);
  return callbacks;
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

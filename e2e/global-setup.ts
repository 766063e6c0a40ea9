import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, waitForOk } from './support/processes';
import { STACK_ENV, type ImportedRecapPage, type StackState } from './support/stack-state';
import { E2E_RECAP_PAGES, RECAP_FIXTURES_DIR } from './recap-pages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function cli(args: string[], env: NodeJS.ProcessEnv): string {
  try {
    return execFileSync('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`cli ${args[0]} ${args[1]} failed: ${String((error as { stderr?: string }).stderr ?? (error as Error).message)}`);
  }
}

/**
 * Builds the app, prepares a fresh embedded database (organization, sample circuit, recap fixtures, a score-entry
 * key: the CLI needs the database to itself, so this happens before the server starts), then starts the real
 * `npm start` stack on free ports and waits for the BFF's health check. The returned function stops the stack and
 * removes its data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

  const workDir = mkdtempSync(path.join(tmpdir(), 'marching-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const [port, apiPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), API_PORT: String(apiPort), SKIP_WEB_BUILD: '1' };
  // The stack must make its own credentials: nothing from the developer's shell may point it elsewhere.
  for (const name of ['API_BASE_URL', 'API_CLIENT_ID', 'API_CLIENT_SECRET', 'API_CA_FILE']) delete env[name];

  const organization = JSON.parse(cli(['org', 'create', '--name', 'E2E Winter Circuit'], env)) as { guid: string };
  cli(['sample', '--org', organization.guid], env);
  // One import for every page: the CLI starts once and checks every page before it writes anything.
  const summary = cli(['import', '--org', organization.guid, ...E2E_RECAP_PAGES.map((page) => path.join(RECAP_FIXTURES_DIR, `${page}.gz`))], env);
  const importedRecaps: ImportedRecapPage[] = (JSON.parse(summary) as { imported: ImportedRecapPage[] }).imported.map(
    ({ file, eventId, competitionId, title, date }) => ({ file: path.basename(file).replace(/\.gz$/, ''), eventId, competitionId, title, date }),
  );
  const scoreEntryKey = JSON.parse(cli(['key', 'create', '--org', organization.guid, '--name', 'E2E score entry'], env)) as { client_id: string; client_secret: string };

  const logFile = path.join(workDir, 'stack.log');
  const stack = startProcess('npx', ['tsx', 'server/start.ts'], { ...env }, logFile);
  const stop = async () => {
    await stack.stop();
    if (!process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const apiLine = await stack.waitForLine((line) => line.includes('"API listening"'), 120_000);
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForOk(`${baseURL}/api/health`, 120_000);
    const credentials = JSON.parse(readFileSync(path.join(dataDir, 'web-credentials.json'), 'utf8')) as { clientId: string; clientSecret: string };
    const state: StackState = {
      baseURL,
      apiURL: (JSON.parse(apiLine) as { url: string }).url,
      caFile: path.join(dataDir, 'tls', 'cert.pem'),
      dataDir,
      organizationGuid: organization.guid,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      scoreEntry: { clientId: scoreEntryKey.client_id, clientSecret: scoreEntryKey.client_secret },
      importedRecaps,
    };
    process.env[STACK_ENV] = JSON.stringify(state);
    console.log(`e2e: stack ready at ${baseURL} (log: ${logFile})`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

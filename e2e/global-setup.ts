import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, waitForOk, type Started } from './support/processes';
import { STACK_ENV, type ImportedRecapPage, type StackState } from './support/stack-state';
import { E2E_RECAP_PAGES, RECAP_FIXTURES_DIR } from './recap-pages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `npm start` itself (its launcher, without npm around it): the servers built and run as users run them. */
const START = path.join(root, 'scripts', 'start.js');

function cli(args: string[], env: NodeJS.ProcessEnv): string {
  try {
    return execFileSync('npm', ['run', '--silent', 'cli', '--', ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw new Error(
      `cli ${args[0]} ${args[1]} failed: ${String((error as { stderr?: string }).stderr ?? (error as Error).message)}`,
    );
  }
}

/** The environment of a stack of our own: nothing from the developer's shell may point it elsewhere. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, SKIP_WEB_BUILD: '1', ...extra };
  for (const name of ['API_BASE_URL', 'API_CLIENT_ID', 'API_CLIENT_SECRET', 'API_CA_FILE', 'API_ORGANIZATION'])
    if (!(name in extra)) delete env[name];
  return env;
}

/**
 * Our API's stack: a fresh embedded database (organization, sample circuit, recap fixtures, a score-entry key: the
 * CLI needs the database to itself, so this happens before the server starts), then the real `npm start` stack.
 */
async function startOurStack(workDir: string, processes: Started[]): Promise<StackState> {
  const dataDir = path.join(workDir, 'data');
  const [port, apiPort] = [await freePort(), await freePort()];
  const env = cleanEnv({ DATA_DIR: dataDir, PORT: String(port), API_PORT: String(apiPort) });
  const organization = JSON.parse(cli(['org', 'create', '--name', 'E2E Winter Circuit'], env)) as { guid: string };
  cli(['sample', '--org', organization.guid], env);
  // Open to anonymous v2 reads, as `npm start`'s own sample organization is (decision 026).
  cli(['org', 'update', '--org', organization.guid, '--programmatic-access', 'on'], env);
  // One import for every page: the CLI starts once and checks every page before it writes anything.
  const summary = cli(
    [
      'import',
      '--org',
      organization.guid,
      ...E2E_RECAP_PAGES.map((page) => path.join(RECAP_FIXTURES_DIR, `${page}.gz`)),
    ],
    env,
  );
  const importedRecaps: ImportedRecapPage[] = (JSON.parse(summary) as { imported: ImportedRecapPage[] }).imported.map(
    ({ file, eventId, competitionId, title, date }) => ({
      file: path.basename(file).replace(/\.gz$/, ''),
      eventId,
      competitionId,
      title,
      date,
    }),
  );
  const scoreEntryKey = JSON.parse(
    cli(['key', 'create', '--org', organization.guid, '--name', 'E2E score entry'], env),
  ) as { client_id: string; client_secret: string };

  const stack = startProcess(process.execPath, [START], env, path.join(workDir, 'stack.log'));
  processes.push(stack);
  const apiLine = await stack.waitForLine((line) => line.includes('"API listening"'), 120_000);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForOk(`${baseURL}/api/health`, 120_000);
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'web-credentials.json'), 'utf8')) as {
    clientId: string;
    clientSecret: string;
  };
  return {
    upstream: 'ours',
    baseURL,
    apiURL: (JSON.parse(apiLine) as { url: string }).url,
    caFile: path.join(dataDir, 'tls', 'cert.pem'),
    organizationGuid: organization.guid,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    scoreEntry: { clientId: scoreEntryKey.client_id, clientSecret: scoreEntryKey.client_secret },
    importedRecaps,
  };
}

/**
 * The hosted stack: the fake hosted CompetitionSuite API (`npm run fake-hosted`: every importable recap fixture,
 * only the known operations) and `npm start` on it with the settings the fake prints, as docs/hosted-upstream.md tells a person.
 */
async function startHostedStack(workDir: string, processes: Started[]): Promise<StackState> {
  const fakeDir = path.join(workDir, 'fake-hosted');
  const fake = startProcess(
    'npx',
    ['tsx', 'server/fake-hosted/main.ts'],
    cleanEnv({ FAKE_HOSTED_DIR: fakeDir, FAKE_HOSTED_PORT: String(await freePort()) }),
    path.join(workDir, 'fake-hosted.log'),
  );
  processes.push(fake);
  await fake.waitForLine((line) => line.includes('Fake hosted CompetitionSuite API on'), 180_000);
  const settings = Object.fromEntries(
    readFileSync(path.join(fakeDir, 'fake-hosted.env'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<'API_BASE_URL' | 'API_CLIENT_ID' | 'API_CLIENT_SECRET' | 'API_ORGANIZATION' | 'API_CA_FILE', string>;
  const port = await freePort();
  const stack = startProcess(
    process.execPath,
    [START],
    cleanEnv({ ...settings, PORT: String(port), DATA_DIR: path.join(workDir, 'hosted-unused') }),
    path.join(workDir, 'hosted-stack.log'),
  );
  processes.push(stack);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForOk(`${baseURL}/api/health`, 120_000);
  return {
    upstream: 'hosted',
    baseURL,
    apiURL: settings.API_BASE_URL,
    caFile: settings.API_CA_FILE,
    organizationGuid: settings.API_ORGANIZATION,
    clientId: settings.API_CLIENT_ID,
    clientSecret: settings.API_CLIENT_SECRET,
    importedRecaps: [],
  };
}

/**
 * Builds the app and starts both stacks side by side, waiting for each BFF's health check. The returned function
 * stops them and removes their data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const workDir = mkdtempSync(path.join(tmpdir(), 'marching-e2e-'));
  const processes: Started[] = [];
  const stop = async () => {
    await Promise.all(processes.map((started) => started.stop()));
    if (!process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const [ours, hosted] = await Promise.all([startOurStack(workDir, processes), startHostedStack(workDir, processes)]);
    process.env[STACK_ENV.ours] = JSON.stringify(ours);
    process.env[STACK_ENV.hosted] = JSON.stringify(hosted);
    console.log(`e2e: our API's stack at ${ours.baseURL}, the hosted stack at ${hosted.baseURL} (logs: ${workDir})`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startProcess, waitForOk, type Started } from './support/processes';
import { cleanEnv, root, START, startOurStack } from './support/our-stack';
import { STACK_ENV, type StackState } from './support/stack-state';
import { E2E_RECAP_PAGES } from './recap-pages';

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
    const [ours, hosted] = await Promise.all([
      startOurStack(workDir, processes, { recapPages: E2E_RECAP_PAGES }),
      startHostedStack(workDir, processes),
    ]);
    process.env[STACK_ENV.ours] = JSON.stringify(ours);
    process.env[STACK_ENV.hosted] = JSON.stringify(hosted);
    console.log(`e2e: our API's stack at ${ours.baseURL}, the hosted stack at ${hosted.baseURL} (logs: ${workDir})`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

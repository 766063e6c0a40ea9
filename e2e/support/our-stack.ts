import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, waitForOk, type Started } from './processes';
import type { ImportedRecapPage, StackState } from './stack-state';
import { RECAP_FIXTURES_DIR } from '../recap-pages';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `npm start` itself (its launcher, without npm around it): the servers built and run as users run them. */
export const START = path.join(root, 'scripts', 'start.js');

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
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, SKIP_WEB_BUILD: '1', ...extra };
  for (const name of ['API_BASE_URL', 'API_CLIENT_ID', 'API_CLIENT_SECRET', 'API_CA_FILE', 'API_ORGANIZATION'])
    if (!(name in extra)) delete env[name];
  return env;
}

/**
 * Our API's stack: a fresh embedded database (organization, sample circuit, the recap pages asked for, a
 * score-entry key: the CLI needs the database to itself, so this happens before the server starts), then the real
 * `npm start` stack in `workDir`, with `env` over its settings. Global setup starts one for every spec; a spec
 * whose journey changes what every fan sees (e2e/current-season.spec.ts) starts one of its own.
 */
export async function startOurStack(
  workDir: string,
  processes: Started[],
  { recapPages, env: extra = {} }: { recapPages: readonly string[]; env?: NodeJS.ProcessEnv },
): Promise<StackState> {
  const dataDir = path.join(workDir, 'data');
  const [port, apiPort] = [await freePort(), await freePort()];
  // Backups on, as a show would run: one at start, the next a day later, so none pauses the tests' requests after.
  const env = cleanEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(apiPort),
    BACKUP_DIR: path.join(workDir, 'backups'),
    BACKUP_EVERY_MINUTES: '1440',
    ...extra,
  });
  const organization = JSON.parse(cli(['org', 'create', '--name', 'E2E Winter Circuit'], env)) as { guid: string };
  cli(['sample', '--org', organization.guid], env);
  // Open to anonymous v2 reads, as `npm start`'s own sample organization is (decision 026).
  cli(['org', 'update', '--org', organization.guid, '--programmatic-access', 'on'], env);
  // One import for every page: the CLI starts once and checks every page before it writes anything.
  const summary =
    recapPages.length === 0
      ? '{"imported":[]}'
      : cli(
          [
            'import',
            '--org',
            organization.guid,
            ...recapPages.map((page) => path.join(RECAP_FIXTURES_DIR, `${page}.gz`)),
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

/**
 * The `npm start` stack (API + BFF + built app) as a child process, on a DATA_DIR prepared before it starts:
 * the CLI needs the embedded database to itself, so the organization, the sample circuit and the recap are loaded
 * first, and the stack then serves the first organization of the database.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../test/helpers/free-port.js';
import { startNpmStart } from '../lib/start-process.js';

export interface RunningStack {
  /** the BFF, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** the competition's v2 guid, its address in the app */
  competitionGuid: string;
  competitionTitle: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  workDir: string;
  /** the built app (vite build output) the BFF serves */
  staticDir: string;
  recapFile: string;
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = path.join(options.workDir, 'data');
  const [port, apiPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(apiPort),
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
  };
  // The stack makes its own credentials: nothing from the caller's shell may point it elsewhere.
  for (const name of ['API_BASE_URL', 'API_CLIENT_ID', 'API_CLIENT_SECRET', 'API_CA_FILE', 'API_ORGANIZATION', 'DATABASE_URL']) delete env[name];

  const cli = (args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const organization = JSON.parse(cli(['org', 'create', '--name', 'Benchmark Circuit'])) as { guid: string };
  cli(['sample', '--org', organization.guid]);
  const imported = JSON.parse(cli(['import', '--org', organization.guid, options.recapFile])) as {
    imported: { eventId: number; competitionId: number; title: string }[];
  };
  const { eventId, competitionId, title } = imported.imported[0];

  const logFile = path.join(options.workDir, 'stack.log');
  const { baseUrl, stop } = await startNpmStart(env, port, logFile);
  try {
    const event = (await (await fetch(`${baseUrl}/api/events/${eventId}`)).json()) as { competitions?: { id: number; guid: string }[] };
    const competition = event.competitions?.find((candidate) => candidate.id === competitionId);
    if (!competition) throw new Error(`the BFF does not list competition ${competitionId} under event ${eventId} (see ${logFile})`);
    return { baseUrl, competitionGuid: competition.guid, competitionTitle: title, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The `npm start` stack (API + BFF + built app) as a child process, on a DATA_DIR prepared before it starts:
 * the CLI needs the embedded database to itself, so the organization, the sample circuit and the recap are loaded
 * first, and the stack then serves the first organization of the database.
 */
import path from 'node:path';
import { freePort } from '../../test/helpers/free-port.js';
import { isolatedEnv, prepareBenchData } from '../lib/service.js';
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
  const [port, apiPort] = [await freePort(), await freePort()];
  // The stack makes its own credentials.
  const env = isolatedEnv({
    DATA_DIR: path.join(options.workDir, 'data'),
    PORT: String(port),
    API_PORT: String(apiPort),
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
  });
  const { eventId, competitionId, title } = prepareBenchData(env, options.recapFile).recap;

  const logFile = path.join(options.workDir, 'stack.log');
  const { baseUrl, stop } = await startNpmStart(env, port, logFile);
  try {
    const event = (await (await fetch(`${baseUrl}/api/events/${eventId}`)).json()) as {
      competitions?: { id: number; guid: string }[];
    };
    const competition = event.competitions?.find((candidate) => candidate.id === competitionId);
    if (!competition)
      throw new Error(`the BFF does not list competition ${competitionId} under event ${eventId} (see ${logFile})`);
    return { baseUrl, competitionGuid: competition.guid, competitionTitle: title, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `npm start` (server/start.ts) as a child process for the bench (service.ts: its own process group, output in
 * `logFile`); ready once the BFF's health check at `port` answers.
 */
import { startService, waitUntilReady } from './service.js';

export interface StartedProcess {
  baseUrl: string;
  /** the `npm start` process (the API and the BFF run in it) */
  pid: number;
  stop: () => Promise<void>;
}

export async function startNpmStart(env: NodeJS.ProcessEnv, port: number, logFile: string): Promise<StartedProcess> {
  const service = startService('server/start.ts', { ...env, PORT: String(port) }, logFile);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(
      service,
      `${baseUrl}/api/health answered 200 (see ${logFile})`,
      async () => (await fetch(`${baseUrl}/api/health`)).ok,
    );
    return { baseUrl, pid: service.child.pid!, stop: service.stop };
  } catch (error) {
    await service.stop();
    throw error;
  }
}

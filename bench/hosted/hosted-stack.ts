/**
 * The app on the fake hosted upstream, for the bench: the fake (server/fake-hosted) in this process, serving the
 * biggest real recap and a generated season of 60 competitions (season-of-60.ts) through the hosted service's known
 * operations only; and the `npm start` stack as a child process pointed at it, as docs/hosted-upstream.md tells a person, serving
 * the bench's build.
 */
import path from 'node:path';
import { freePort } from '../../test/helpers/free-port.js';
import { startNpmStart } from '../lib/start-process.js';
import { importRecapPages, startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';
import { loadSeasonOf60 } from './season-of-60.js';

export interface HostedStack {
  fake: FakeHosted;
  /** the BFF, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

export async function startHostedStack(options: {
  workDir: string;
  staticDir: string;
  recapPage: string;
}): Promise<HostedStack> {
  const fake = await startFakeHosted({
    dataDir: path.join(options.workDir, 'fake-hosted'),
    prepare: async (services, organization) => {
      await importRecapPages([options.recapPage])(services, organization);
      await loadSeasonOf60(services.database, organization.id);
    },
  });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_BASE_URL: fake.url,
    API_CLIENT_ID: fake.clientId,
    API_CLIENT_SECRET: fake.clientSecret,
    API_ORGANIZATION: fake.organization,
    API_CA_FILE: fake.certPath,
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
  };
  const logFile = path.join(options.workDir, 'hosted-stack.log');
  try {
    const { baseUrl, stop } = await startNpmStart(env, port, logFile);
    return {
      fake,
      baseUrl,
      logFile,
      async stop() {
        await stop();
        await fake.stop();
      },
    };
  } catch (error) {
    await fake.stop();
    throw error;
  }
}

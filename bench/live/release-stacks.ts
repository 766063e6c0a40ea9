/**
 * The stacks the release moment (release-moment.ts) runs on, each started as its users run it: two API instances
 * (`server/api/server.ts`) on one throwaway PostgreSQL with a BFF (`npm start` with API_BASE_URL) in front of each,
 * and the embedded default (`npm start`: API and BFF in one process, PGlite). Each BFF takes every stream asked of it.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { scoreEntryClient, type ScoreEntryClient } from '../../e2e/support/score-entry.js';
import { freePort } from '../../test/helpers/free-port.js';
import { startTestPostgres } from '../../test/helpers/postgres.js';
import { isolatedEnv, startService, waitUntilReady, type Service } from '../lib/service.js';
import { readCli } from './live-bench-show.js';

/** 10,000 as the issue asks; BENCH_RELEASE_STREAMS a smaller even number for a quick try of the part itself */
export const RELEASE_STREAMS = streamsAsked(process.env.BENCH_RELEASE_STREAMS);

function streamsAsked(text: string | undefined): number {
  if (text === undefined) return 10_000;
  const streams = Number(text);
  if (!Number.isInteger(streams) || streams < 2 || streams > 20_000 || streams % 2 !== 0)
    throw new Error('BENCH_RELEASE_STREAMS is an even whole number from 2 to 20000');
  return streams;
}

export interface Stack {
  /** each BFF's base address and process */
  bffs: Array<{ url: string; service: Service }>;
  /** the score-entry clients, one per API instance: writes go to them by turns */
  writers: ScoreEntryClient[];
  stop(): Promise<void>;
}

const bffEnv = (extra: NodeJS.ProcessEnv) =>
  isolatedEnv({ SKIP_WEB_BUILD: '1', BFF_LIVE_MAX_LISTENERS: String(RELEASE_STREAMS + 100), ...extra });

/** The URL and certificate an API process or `npm start` said it listens on (its log's "API listening" line). */
function apiListening(logFile: string): { url: string } {
  const line = readFileSync(logFile, 'utf8')
    .split('\n')
    .find((candidate) => candidate.includes('"API listening"'));
  if (!line) throw new Error(`no "API listening" in ${logFile}`);
  return JSON.parse(line) as { url: string };
}

async function healthy(service: Service, url: string, logFile: string) {
  await waitUntilReady(
    service,
    `${url}/api/health answered 200 (see ${logFile})`,
    async () => (await fetch(`${url}/api/health`)).ok,
  );
}

/** Two API instances on one throwaway PostgreSQL, a BFF (`npm start` with API_BASE_URL) in front of each. */
export async function postgresStack(workDir: string, staticDir: string): Promise<Stack> {
  const postgres = await startTestPostgres();
  const services: Service[] = [];
  try {
    const databaseUrl = await postgres.createDatabase('bench_release');
    const cliEnv = { ...isolatedEnv({ DATA_DIR: path.join(workDir, 'pg-cli') }), DATABASE_URL: databaseUrl };
    const cli = (args: string[]) => JSON.parse(readCli(cliEnv, args)) as Record<string, string>;
    const organization = cli(['org', 'create', '--name', 'Release Benchmark Circuit']);
    readCli(cliEnv, ['sample', '--org', organization.guid]);
    const entryKey = cli(['key', 'create', '--org', organization.guid, '--name', 'Release bench score entry']);
    const fansKey = cli(['key', 'create', '--org', organization.guid, '--name', 'Release bench BFF', '--read-only']);
    const apis: Array<{ url: string; caFile: string }> = [];
    for (const n of [1, 2]) {
      const dataDir = path.join(workDir, `pg-api-${n}`);
      const logFile = path.join(workDir, `pg-api-${n}.log`);
      const env = {
        ...isolatedEnv({ DATA_DIR: dataDir, API_PORT: String(await freePort()), API_HOST: '127.0.0.1' }),
        DATABASE_URL: databaseUrl,
      };
      const api = startService('server/api/server.ts', env, logFile);
      services.push(api);
      await waitUntilReady(api, `API ${n} listening (see ${logFile})`, () =>
        readFileSync(logFile, 'utf8').includes('"API listening"'),
      );
      apis.push({ url: apiListening(logFile).url, caFile: path.join(dataDir, 'tls', 'cert.pem') });
    }
    const bffs: Stack['bffs'] = [];
    for (const [n, api] of apis.entries()) {
      const port = await freePort();
      const logFile = path.join(workDir, `pg-bff-${n + 1}.log`);
      const env = {
        ...bffEnv({ DATA_DIR: path.join(workDir, `pg-bff-${n + 1}`), PORT: String(port), BFF_STATIC_DIR: staticDir }),
        API_BASE_URL: api.url,
        API_CA_FILE: api.caFile,
        API_CLIENT_ID: fansKey.client_id,
        API_CLIENT_SECRET: fansKey.client_secret,
        API_ORGANIZATION: organization.guid,
      };
      const service = startService('server/start.ts', env, logFile);
      services.push(service);
      const url = `http://127.0.0.1:${port}`;
      await healthy(service, url, logFile);
      bffs.push({ url, service });
    }
    const writers = await Promise.all(
      apis.map((api, n) =>
        scoreEntryClient({
          upstream: 'ours',
          baseURL: bffs[n].url,
          apiURL: api.url,
          caFile: api.caFile,
          organizationGuid: organization.guid,
          clientId: '',
          clientSecret: '',
          scoreEntry: { clientId: entryKey.client_id, clientSecret: entryKey.client_secret },
          importedRecaps: [],
        }),
      ),
    );
    const stop = async () => {
      for (const service of services.reverse()) await service.stop();
      await postgres.stop();
    };
    return { bffs, writers, stop };
  } catch (error) {
    for (const service of services.reverse()) await service.stop();
    await postgres.stop();
    throw error;
  }
}

/** The embedded default: `npm start` (API and BFF in one process, PGlite). */
export async function embeddedStack(workDir: string, staticDir: string): Promise<Stack> {
  const dataDir = path.join(workDir, 'embedded');
  const port = await freePort();
  const env = bffEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(await freePort()),
    BFF_STATIC_DIR: staticDir,
  });
  const cli = (args: string[]) => JSON.parse(readCli(env, args)) as Record<string, string>;
  const organization = cli(['org', 'create', '--name', 'Release Benchmark Circuit']);
  readCli(env, ['sample', '--org', organization.guid]);
  const entryKey = cli(['key', 'create', '--org', organization.guid, '--name', 'Release bench score entry']);
  const logFile = path.join(workDir, 'embedded.log');
  const service = startService('server/start.ts', env, logFile);
  const url = `http://127.0.0.1:${port}`;
  try {
    await healthy(service, url, logFile);
    const writer = await scoreEntryClient({
      upstream: 'ours',
      baseURL: url,
      apiURL: apiListening(logFile).url,
      caFile: path.join(dataDir, 'tls', 'cert.pem'),
      organizationGuid: organization.guid,
      clientId: '',
      clientSecret: '',
      scoreEntry: { clientId: entryKey.client_id, clientSecret: entryKey.client_secret },
      importedRecaps: [],
    });
    return { bffs: [{ url, service }], writers: [writer], stop: () => service.stop() };
  } catch (error) {
    await service.stop();
    throw error;
  }
}

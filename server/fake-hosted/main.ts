/**
 * `npm run fake-hosted`: the fake hosted CompetitionSuite API (fake-hosted.ts) for a person to point the app at.
 * It prints the settings to start the app with and writes them to `.data-fake-hosted/fake-hosted.env`.
 * FAKE_HOSTED_PORT picks the port (default: any free one), FAKE_HOSTED_DIR the directory (default .data-fake-hosted).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeHosted } from './fake-hosted.js';

const dataDir = path.resolve(process.env.FAKE_HOSTED_DIR || '.data-fake-hosted');
// A fresh database each start: the data is the fixtures', imported again (some 20 s).
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
console.log('Importing the real recap pages into the fake hosted API ...');
const fake = await startFakeHosted({ dataDir, port: Number(process.env.FAKE_HOSTED_PORT ?? 0) });
const settings = {
  API_BASE_URL: fake.url,
  API_CLIENT_ID: fake.clientId,
  API_CLIENT_SECRET: fake.clientSecret,
  API_ORGANIZATION: fake.organization,
  API_CA_FILE: fake.certPath,
};
const envFile = path.join(dataDir, 'fake-hosted.env');
writeFileSync(
  envFile,
  `${Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`,
  { mode: 0o600 },
);
console.log(`
  Fake hosted CompetitionSuite API on ${fake.url}

${Object.entries(settings)
  .map(([name, value]) => `    ${name}=${value}`)
  .join('\n')}

  Start the scoreboard on it from another terminal:

    set -a; . ${path.relative(process.cwd(), envFile)}; set +a; npm start

  Stop this with Ctrl-C.
`);
const stop = () => {
  fake.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

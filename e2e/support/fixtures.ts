import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort, startProcess, startRelay, waitForOk } from './processes';
import { scoreEntryClient, type ScoreEntryClient } from './score-entry';
import { readStackState, type StackState, type Upstream } from './stack-state';

/** A second BFF whose line to the API a test can cut, to see the app during an outage. */
export interface Outage {
  baseURL: string;
  /** the API stops answering this BFF (connections refused from now on) */
  cutUpstream(): Promise<void>;
}

export const test = base.extend<
  { outage: Outage },
  { upstream: Upstream; stack: StackState; scoreEntry: ScoreEntryClient }
>({
  /** which upstream the project's stack runs on (playwright.config.ts) */
  upstream: ['ours', { option: true, scope: 'worker' }],
  stack: [async ({ upstream }, use) => use(readStackState(upstream)), { scope: 'worker' }],
  /** the stack's API with the score-entry key, as a tabulation room's client would use it (our API only) */
  scoreEntry: [
    async ({ stack }, use) => {
      if (!stack.scoreEntry) throw new Error("score entry is our API's extension: this test runs on our API only");
      await use(await scoreEntryClient({ ...stack, scoreEntry: stack.scoreEntry }));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseURL),
  outage: async ({ stack }, use) => {
    const api = new URL(stack.apiURL);
    const relay = await startRelay(api.hostname, Number(api.port));
    const workDir = mkdtempSync(path.join(tmpdir(), 'marching-e2e-outage-'));
    const port = await freePort();
    const bff = startProcess(
      'npx',
      ['tsx', 'server/start.ts'],
      {
        ...process.env,
        PORT: String(port),
        API_BASE_URL: `https://${api.hostname}:${relay.port}`,
        API_CLIENT_ID: stack.clientId,
        API_CLIENT_SECRET: stack.clientSecret,
        API_CA_FILE: stack.caFile,
        API_ORGANIZATION: stack.organizationGuid,
        // always revalidate, so a cut line shows at once; fail fast when the API is gone
        BFF_CACHE_TTL_MS: '0',
        BFF_UPSTREAM_TIMEOUT_MS: '3000',
        SKIP_WEB_BUILD: '1',
        DATA_DIR: path.join(workDir, 'unused'),
      },
      path.join(workDir, 'bff.log'),
    );
    try {
      const baseURL = `http://127.0.0.1:${port}`;
      await waitForOk(`${baseURL}/api/health`, 60_000);
      await use({ baseURL, cutUpstream: () => relay.close() });
    } finally {
      await bff.stop();
      await relay.close();
      rmSync(workDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';

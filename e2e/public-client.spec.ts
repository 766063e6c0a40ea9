import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readRecapFixture } from '../test/fixtures/recaps/load';
import { importRecapHtml } from '../server/api/recap-import/to-import';
import { formatScore } from '../domain/scores';
import { readStackState } from './support/stack-state';
import { expect, test } from './support/fixtures';

/**
 * An existing client of the hosted service, only its base URL changed, against the `npm start` stack's
 * organization (open to programmatic access, as `npm start`'s sample organization is): a recap page's guid gives
 * the page's own numbers and ranks without a token, and a wrong guid gives the client's "not found" message.
 */
const PAGE = '1b5402fa-ca69-4d9a-8be5-7e984c0c04b9';
const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'results-viewer-client.mjs');

async function runClient(guid: string): Promise<{
  divisions?: Record<string, { Name: string; Rank: number; Score: string }[]>;
  error?: string;
  message?: string;
}> {
  const stack = readStackState('ours');
  const { stdout } = await promisify(execFile)(process.execPath, [CLIENT, stack.apiURL, guid], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: stack.caFile },
  });
  return JSON.parse(stdout);
}

test.skip(({ isMobile }) => isMobile, 'no browser and no layout: the desktop run is enough');

test("a results viewer reads a recap page's guid without a token and gets the page's numbers", async () => {
  const answer = await runClient(PAGE);
  expect(answer.error).toBeUndefined();
  const recap = importRecapHtml(readRecapFixture(PAGE), `${PAGE}.htm`);
  for (const section of recap.sections) {
    const published = section.performances.map((performance) => ({
      Name: performance.groupName,
      Rank: performance.published.total.rank,
      Score: formatScore(performance.published.total.score ?? 0, 'total'),
    }));
    const served = answer.divisions?.[section.divisionName] ?? [];
    expect(served.length, section.divisionName).toBeGreaterThan(0);
    expect([...served].sort((a, b) => a.Name.localeCompare(b.Name))).toEqual(
      [...published].sort((a, b) => a.Name.localeCompare(b.Name)),
    );
  }
});

test('a wrong guid gives the client its Message', async () => {
  const answer = await runClient('00000000-0000-4000-8000-000000000000');
  expect(answer.error).toBe('Failed to find recap. Please make sure the link is correct!');
  expect(answer.message).toMatch(/Competition 00000000-0000-4000-8000-000000000000 was not found/);
});

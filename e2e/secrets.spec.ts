import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';

const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('the built assets hold no client secret and no token', { tag: '@journey' }, ({ stack }) => {
  const files = filesUnder(path.resolve('dist'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    expect(text, file).not.toContain(stack.clientSecret);
    expect(text, file).not.toMatch(JWT);
    expect(text, file).not.toMatch(/client_secret|access_token|API_CLIENT_SECRET/);
  }
});

test(
  'no response the browser receives carries the secret or a token',
  { tag: '@journey' },
  async ({ page, request, stack }) => {
    const { competition } = await latestScoredCompetition(request, todayInChicago());
    const seen: { url: string; text: string }[] = [];
    page.on('response', async (response) => {
      const headers = Object.entries(await response.allHeaders())
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n');
      const body = await response.body().catch(() => Buffer.alloc(0));
      seen.push({ url: response.url(), text: `${headers}\n${body.toString('latin1')}` });
    });

    await page.goto('/');
    await page.goto(`/competitions/${competition.guid}?view=full`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`/competitions/${competition.guid}/judges`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/seasons');
    await expect(page.getByRole('table')).toBeVisible();

    expect(seen.some(({ url }) => url.includes('/api/bff/seasons'))).toBe(true);
    for (const { url, text } of seen) {
      expect(text, url).not.toContain(stack.clientSecret);
      expect(text, url).not.toMatch(JWT);
      expect(text, url).not.toMatch(/authorization: bearer|access_token|client_secret/i);
    }
  },
);

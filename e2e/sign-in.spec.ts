import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Signing in through the BFF (decisions 086, 087) in a real browser on the `npm start` stack: the banner's "Sign in"
 * to the API's own sign-in page and back, the name and role in the banner, nothing of the session readable by the
 * page's scripts, a form on another site refused, and "Sign out". On the hosted upstream there is no sign-in.
 */

const PASSWORD = 'a long press-box password';

test('the banner offers "Sign in" only where people can sign in @journey', async ({ page, upstream }) => {
  await page.goto('/seasons');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Seasons' })).toBeVisible();
  if (upstream === 'hosted') {
    // The hosted service's writes are not known: no sign-in, and its routes say why.
    await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('heading', { name: 'Signing in is not available here' })).toBeVisible();
  } else {
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
  }
});

test.describe('signed in', () => {
  // The API's sign-in page is served with the stack's own self-signed certificate.
  test.use({ ignoreHTTPSErrors: true });

  test('an administrator signs in through the banner, sees their name and role, and signs out', async ({
    page,
    upstream,
    scoreEntry,
  }, testInfo) => {
    test.skip(upstream !== 'ours' || testInfo.project.name !== 'desktop', 'our API, on a laptop');
    const email = `press-box-${Date.now()}@example.com`;
    const created = await scoreEntry.post<{ passwordLink: { url: string } }>(
      '/users/',
      { email, role: 'administrator', firstName: 'Pat', lastName: 'Presser' },
      201,
    );
    // The one-time link an administrator hands over: the new user sets a password on the API's page.
    await page.goto(created.passwordLink.url);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

    await page.goto('/seasons');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/seasons$/);
    await expect(banner).toContainText('Pat Presser');
    await expect(banner).toContainText('(Administrator)');
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeHidden();
    await expectNoSeriousViolations(page, { only: 'header' });

    // Nothing of the session is the page's: the one cookie a script sees says "signed in" and no more.
    expect(await page.evaluate(() => document.cookie)).toBe('mr_signed_in=1');
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/me');
      return { text: await response.text(), headers: [...response.headers].join('\n') };
    });
    expect(`${me.text}${me.headers}${await page.content()}`).not.toMatch(/ey[A-Za-z0-9_-]{10,}\.ey/);

    // A form on another site posting here: the browser says cross-site, and the BFF refuses it.
    const evil = await crossSitePage(new URL(page.url()).origin);
    try {
      await page.goto(evil.url);
      await page.getByRole('button', { name: 'Win a prize' }).click();
      await expect(page.locator('body')).toContainText('cross_site_request');
    } finally {
      await evil.close();
    }

    // Signing out by keyboard.
    await page.goto('/seasons');
    const signOut = banner.getByRole('button', { name: 'Sign out' });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(banner).not.toContainText('Pat Presser');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const after = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(after).toMatchObject({ user: null });
  });
});

/** A page on another site (localhost is not 127.0.0.1 to a browser) whose form posts a season to the BFF. */
async function crossSitePage(bffOrigin: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Prizes</title><main>
<form method="post" action="${bffOrigin}/api/seasons/">
<input type="hidden" name="name" value="Forged"><input type="hidden" name="startDate" value="2027-01-01">
<input type="hidden" name="endDate" value="2027-04-30"><button>Win a prize</button></form></main></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

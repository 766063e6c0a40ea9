import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/bff/http/security-headers.js';
import { writeBuild } from './built-app.js';
import { startHarness, type Answer, type Harness } from './harness.js';

let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A build like Vite's: index.html at the top, content-hashed files under assets/. */
function builtApp(): string {
  return writeBuild({
    'index.html': '<!doctype html><title>Scores</title><script type="module" src="/assets/index-4f9a2c.js"></script>',
    'assets/index-4f9a2c.js': 'console.log("scoreboard")',
    'assets/index-77b1e0.css': 'body{margin:0}',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '.env': 'SECRET=1',
  });
}

function expectSecurityHeaders(answer: Answer) {
  expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(answer.headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['x-frame-options']).toBe('DENY');
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the web app', () => {
  it('puts the security headers on every kind of answer', async () => {
    h = await startHarness({ staticDir: builtApp() });
    const answers = [
      await h.get('/', html),
      await h.get('/assets/index-4f9a2c.js'),
      await h.get('/api/health'),
      await h.get('/api/events/'),
      await h.get('/api/events/99'),
      await h.get('/api/nope'),
      await h.get('/missing.png', { accept: 'image/*' }),
      await h.get('/', {}, 'POST'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 404, 404, 404, 405]);
    answers.forEach(expectSecurityHeaders);
  });

  it('caches hashed assets for a year and revalidates index.html', async () => {
    h = await startHarness({ staticDir: builtApp() });
    const script = await h.get('/assets/index-4f9a2c.js');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log("scoreboard")');
    expect((await h.get('/assets/index-77b1e0.css')).headers['content-type']).toBe('text/css; charset=utf-8');

    const index = await h.get('/', html);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toContain('<title>Scores</title>');
    const again = await h.get('/', { ...html, 'if-none-match': index.headers.etag });
    expect(again.status).toBe(304);
    expect((await h.get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers page navigations with index.html, but missing files with 404', async () => {
    h = await startHarness({ staticDir: builtApp() });
    const deepLink = await h.get('/seasons/2026/events/12', html);
    expect(deepLink.status).toBe(200);
    expect(deepLink.body).toContain('<title>Scores</title>');
    expect(deepLink.headers['cache-control']).toBe('no-cache');

    expect((await h.get('/assets/index-000000.js', html)).status).toBe(404);
    expect((await h.get('/logo.png', { accept: 'image/avif,image/*' })).status).toBe(404);
  });

  it('serves nothing outside the build and no dotfiles', async () => {
    h = await startHarness({ staticDir: builtApp() });
    for (const target of ['/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/.env', '/%2eenv']) {
      const answer = await h.raw(target, 'GET', { accept: '*/*' });
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
      expect(answer.body).not.toContain('SECRET');
      expect(answer.body).not.toContain('marching-results');
    }
  });

  it('says to run the build when there is none, as a page or as JSON', async () => {
    h = await startHarness({ staticDir: path.join(tmpdir(), 'bff-no-such-dist') });
    const page = await h.get('/', html);
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('npm run build');
    expectSecurityHeaders(page);

    const problem = await h.get('/');
    expect(problem.status).toBe(503);
    expect(problem.json()).toMatchObject({ code: 'web_app_not_built' });
    expect((await h.get('/api/health')).json()).toMatchObject({ status: 'ok' });
  });
});

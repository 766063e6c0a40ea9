/**
 * Server rendering in the BFF: for the pages the app's page table marks (the build's `.ssr/entry-server.js`), the
 * app renders through the BFF's own proxy and the page goes out with its markup and state; any failure is the plain
 * app. The entry here is a stand-in with the real module's contract (built-app.ts); the real one is driven in
 * chromium by e2e/server-render.spec.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/bff/http/security-headers.js';
import { standInEntry, writeBuild } from './built-app.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function builtApp(renderer: string | null = standInEntry('Rendered')): string {
  return writeBuild({
    'index.html':
      '<!doctype html><html><head><title>Scores</title><script type="module" src="/assets/index-4f9a2c.js"></script></head><body><div id="root"></div></body></html>',
    'assets/index-4f9a2c.js': 'console.log("scoreboard")',
    'assets/recap-7d7d7d.js': 'export default 1',
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/index-4f9a2c.js', isEntry: true },
      'src/app/routes/recap.tsx': { file: 'assets/recap-7d7d7d.js' },
    }),
    ...(renderer === null ? {} : { '.ssr/entry-server.js': renderer }),
  });
}

describe('server-rendered pages', () => {
  it('sends the recap with its markup, title and state, and the route chunk but no second read of the scores', async () => {
    h = await startHarness({ staticDir: builtApp() });
    const page = await h.get('/competitions/25', HTML);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"><h1>Rendered Finals v1</h1></div>');
    // the page's title replaces the template's, in the head
    expect(page.body).toContain('<head><title>Finals v1 recap</title>');
    expect(page.body).not.toContain('<title>Scores</title>');
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/recap-7d7d7d.js"></head>');
    expect(page.body).not.toContain('rel="preload" as="fetch"');
    // the state is data that cannot close its element
    expect(page.body).toContain(
      '<script type="application/json" id="server-state">{"stale":null,"html":"\\u003c/script>"}</script></body>',
    );
    expect(h.upstream.readsOf('/competitions/25/scores')).toBe(1);
    // the read went through the BFF's proxy with its token, and nothing of the token reached the page
    expect(h.upstream.readLog.find((read) => read.path === '/competitions/25/scores')?.headers.authorization).toMatch(
      /^Bearer /,
    );
    h.expectNothingLeaked();
  });

  it("shares the proxy's cache with the browser's own reads", async () => {
    h = await startHarness({ staticDir: builtApp() });
    await h.get('/competitions/25', HTML);
    const read = await h.get('/api/competitions/25/scores', { accept: 'application/json' });
    expect(read.status).toBe(200);
    expect(h.upstream.readsOf('/competitions/25/scores')).toBe(1);
  });

  it('answers an unchanged page with 304 by its ETag', async () => {
    h = await startHarness({ staticDir: builtApp() });
    const page = await h.get('/competitions/25', HTML);
    const again = await h.get('/competitions/25', { ...HTML, 'if-none-match': page.headers.etag });
    expect(again.status).toBe(304);
  });

  it('sends the plain app, with its preloads, when the render fails, and logs why', async () => {
    h = await startHarness({ staticDir: builtApp() });
    const page = await h.get('/competitions/13', HTML);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<link rel="preload" as="fetch" href="/api/competitions/13/scores" crossorigin>');
    expect(page.body).not.toContain('server-state');
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'server render failed',
        detail: 'the renderer broke',
        path: '/competitions/13',
      }),
    );
  });

  it('sends the plain app when the API does not answer the read', async () => {
    h = await startHarness({ staticDir: builtApp() });
    h.upstream.reads = 503;
    const page = await h.get('/competitions/25', HTML);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<link rel="preload" as="fetch" href="/api/competitions/25/scores" crossorigin>');
  });

  it('renders only the pages marked for it, and nothing when the build has no server entry (no page table, no hints)', async () => {
    h = await startHarness({ staticDir: builtApp() });
    for (const target of ['/', '/events/12', '/competitions/25/judges']) {
      expect((await h.get(target, HTML)).body).toContain('<div id="root"></div>');
    }
    await h.close();
    h = await startHarness({ staticDir: builtApp(null) });
    const page = await h.get('/competitions/25', HTML);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('<link');
  });

  it('carries the stylesheet inline, allowed by its hash alone, so the page paints as it arrives', async () => {
    const dir = builtApp();
    const css = 'body{margin:0}.card>h3{color:#123}';
    writeFileSync(path.join(dir, 'assets', 'index-77b1e0.css'), css);
    const index = path.join(dir, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace(
        '</head>',
        '<link rel="stylesheet" crossorigin href="/assets/index-77b1e0.css"></head>',
      ),
    );
    h = await startHarness({ staticDir: dir });

    const page = await h.get('/competitions/25', HTML);
    expect(page.body).toContain(`<style>${css}</style>`);
    expect(page.body).not.toContain('rel="stylesheet"');
    const hash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
    expect(page.headers['content-security-policy']).toBe(
      CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' '${hash}'`),
    );
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');

    // a page the server does not render links its stylesheet, under the plain policy
    const plain = await h.get('/events/12', HTML);
    expect(plain.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-77b1e0.css">');
    expect(plain.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('keeps a stylesheet linked when it could end its element', async () => {
    const dir = builtApp();
    writeFileSync(path.join(dir, 'assets', 'index-77b1e0.css'), 'a{content:"</style><script>alert(1)</script>"}');
    const index = path.join(dir, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace(
        '</head>',
        '<link rel="stylesheet" crossorigin href="/assets/index-77b1e0.css"></head>',
      ),
    );
    h = await startHarness({ staticDir: dir });
    const page = await h.get('/competitions/25', HTML);
    expect(page.body).toContain('<h1>Rendered Finals v1</h1>');
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-77b1e0.css">');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers 404 with the app for an address that names nothing: an unknown route, or a read the upstream answers 404', async () => {
    h = await startHarness({ staticDir: builtApp() });
    for (const target of ['/nowhere/at/all', '/events/12']) {
      const page = await h.get(target, HTML);
      expect(page.status, target).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      // the app, which shows its not-found view
      expect(page.body).toContain('<div id="root"></div>');
    }
    expect((await h.get('/events/1', HTML)).status).toBe(200);
  });

  it('never serves the renderer itself', async () => {
    h = await startHarness({ staticDir: builtApp() });
    expect((await h.get('/.ssr/entry-server.js')).status).toBe(404);
  });

  it('uses a new build as soon as it is written', async () => {
    const dir = builtApp();
    h = await startHarness({ staticDir: dir });
    expect((await h.get('/competitions/25', HTML)).body).toContain('<h1>Rendered Finals v1</h1>');
    const file = path.join(dir, '.ssr', 'entry-server.js');
    writeFileSync(file, standInEntry('Rebuilt'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await h.get('/competitions/25', HTML)).body).toContain('<h1>Rebuilt Finals v1</h1>');
  });
});

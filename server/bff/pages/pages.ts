/**
 * The app's pages: every page navigation gets the build's index.html (the app routes on the client), with what its
 * route declares for a first visit (the app's page table, app-entry.ts): preload hints for the route's chunks and
 * its reads, or, for a page the server renders, the page itself. When there is no build, a page or problem saying
 * how to make one.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EncodedBodies } from '../compression.js';
import type { LogLine } from '../log.js';
import { problemResponse } from '../problems.js';
import { etagOf, HTML_TYPE, send, type Representation } from '../representation.js';
import { LruCache } from '../response-cache.js';
import { contentSecurityPolicy } from '../security-headers.js';
import { fileAt, type FoundFile, type StaticFiles } from '../static-files.js';
import { loadAppEntry, type InProcessRead } from './app-entry.js';
import { hintLinks, inlineStylesheet, linkedStylesheet, plainPage, renderedPage } from './page-html.js';
import { createRouteChunks } from './route-chunks.js';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Web app not built</title></head>
<body>
<h1>The web app has not been built yet</h1>
<p>Run <code>npm run build</code> (it writes the app to <code>dist/</code>), then reload this page. The results API
is still reachable under <code>/api/</code>.</p>
</body>
</html>
`;

/** Plain pages differ by their hints only; one per hinted path (a competition) seen lately. */
const MAX_KEPT_PAGES = 100;

export interface Pages {
  serve(request: Request): Promise<Response>;
}

export function createPages(options: { dir: string; files: StaticFiles; read: InProcessRead; log: (line: LogLine) => void }): Pages {
  const root = path.resolve(options.dir);
  const indexPath = path.join(root, 'index.html');
  const app = loadAppEntry({ dir: root, read: options.read, log: options.log });
  const routeChunks = createRouteChunks(root);
  const plainPages = new LruCache<{ version: string; representation: Representation }>(MAX_KEPT_PAGES);
  let template: { version: string; html: string; rendering: { html: string; styleHash?: string } } | undefined;

  /** index.html, and its form with the stylesheet inline for rendered pages: made once per build. */
  async function templates(index: FoundFile) {
    const version = `${index.size}:${index.mtimeMs}`;
    if (template?.version !== version) {
      const html = await readFile(index.path, 'utf8');
      const link = linkedStylesheet(html);
      const css = link ? await options.files.find(link.href) : undefined;
      const rendering = css ? inlineStylesheet(html, (await options.files.body(css, link!.href)).toString('utf8')) : { html };
      template = { version, html, rendering };
    }
    return template;
  }

  return {
    async serve(request) {
      const pathname = new URL(request.url).pathname;
      const index = await fileAt(indexPath);
      if (!index) return notBuilt(request);
      // Page navigations get the app; a missing image or script stays a 404.
      if (!acceptsHtml(request)) return problemResponse({ status: 404, code: 'not_found', detail: `Nothing at ${pathname}` });
      const { html, rendering } = await templates(index);
      const plan = await app.plan(pathname);
      const modules = plan ? await routeChunks(plan.module) : [];
      if (plan?.serverRendered) {
        const rendered = await app.render(request.url);
        const page = rendered && renderedPage(rendering.html, hintLinks({ modules, reads: [] }), rendered);
        if (page) {
          // Per request, not kept: the numbers change during a show. Its ETag still answers an unchanged page.
          const body = Buffer.from(page);
          return send(request, {
            body,
            contentType: HTML_TYPE,
            cacheControl: 'no-cache',
            etag: etagOf(body),
            encoded: new EncodedBodies(body),
            contentSecurityPolicy: rendering.styleHash ? contentSecurityPolicy([rendering.styleHash]) : undefined,
          });
        }
      }
      const links = plan ? hintLinks({ modules, reads: plan.reads }) : '';
      const key = links === '' ? '' : pathname;
      const version = `${index.size}:${index.mtimeMs}:${links}`;
      let kept = plainPages.get(key);
      if (kept?.version !== version) {
        const body = Buffer.from(plainPage(html, links));
        kept = { version, representation: { body, contentType: HTML_TYPE, cacheControl: 'no-cache', etag: etagOf(body), encoded: new EncodedBodies(body) } };
        plainPages.set(key, kept);
      }
      return send(request, kept.representation);
    },
  };
}

function acceptsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

function notBuilt(request: Request): Response {
  if (acceptsHtml(request)) {
    return new Response(NOT_BUILT_PAGE, { status: 503, headers: { 'content-type': HTML_TYPE, 'cache-control': 'no-store' } });
  }
  return problemResponse({
    status: 503,
    code: 'web_app_not_built',
    detail: 'The web app has not been built: run `npm run build` (it writes dist/). The API is under /api/.',
    headers: { 'cache-control': 'no-store' },
  });
}

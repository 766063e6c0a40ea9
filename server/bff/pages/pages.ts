/**
 * The app's pages: every page navigation gets the build's index.html (the app routes on the client), with what its
 * route declares for a first visit (the app's page table, app-entry.ts): preload hints for the route's chunks and
 * its reads, or, for a page the server renders, the page itself. When there is no build, a page or problem saying
 * how to make one. The answers are coded and validated by representation.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LogLine } from '../http/log.js';
import { problemResponse } from '../http/problems.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { loadAppEntry, type InProcessRead } from './app-entry.js';
import { fromBuildFile } from './build-file.js';
import { hintLinks, inlineStylesheet, linkedStylesheet, plainPage, renderedPage } from './page-html.js';
import { createRouteChunks } from './route-chunks.js';

const HTML_TYPE = 'text/html; charset=utf-8';
/** On <html> when people can sign in here (src/app/sign-in-link.tsx reads it through the stylesheet). */
export const SIGN_IN_ATTRIBUTE = 'data-sign-in';

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

export interface Pages {
  serve(request: Request): Promise<Response>;
}

export function createPages(options: {
  dir: string;
  read: InProcessRead;
  log: (line: LogLine) => void;
  /** sign-in is configured: every page's <html> says so, and the stylesheet shows the banner's "Sign in" (086) */
  signIn?: boolean;
}): Pages {
  const root = path.resolve(options.dir);
  const app = loadAppEntry({ dir: root, read: options.read, log: options.log });
  const routeChunks = createRouteChunks(root);
  /** index.html, and its form with the stylesheet inline for rendered pages. */
  const templates = fromBuildFile(path.join(root, 'index.html'), async (file) => {
    const built = await readFile(file, 'utf8');
    // An attribute, not code: the link shows from the first paint, without a byte of the initial JS.
    const html = options.signIn ? built.replace(/<html\b/, () => `<html ${SIGN_IN_ATTRIBUTE}`) : built;
    const link = linkedStylesheet(html);
    const cssFile = link && path.resolve(root, `.${link.href}`);
    const css = cssFile?.startsWith(root + path.sep)
      ? await readFile(cssFile, 'utf8').catch(() => undefined)
      : undefined;
    return { html, rendering: css === undefined ? { html } : inlineStylesheet(html, css) };
  });

  return {
    async serve(request) {
      const pathname = new URL(request.url).pathname;
      const template = await templates();
      if (!template) return notBuilt(request);
      // Page navigations get the app; a missing image or script stays a 404.
      if (!acceptsHtml(request))
        return problemResponse({ status: 404, code: 'not_found', detail: `Nothing at ${pathname}` });
      const plan = await app.plan(pathname);
      const modules = plan ? await routeChunks(plan.module) : [];
      const headers: Record<string, string> = { 'content-type': HTML_TYPE, 'cache-control': 'no-cache' };
      // Every page's loaders run here, rendered or not, so an address that names nothing is a 404 on the first
      // answer (the browser shows the same not-found view); the reads they make warm the cache the browser reads.
      const outcome = await app.render(request.url, { markup: plan?.serverRendered ?? false });
      if (outcome && 'notFound' in outcome) return new Response(plainPage(template.html, ''), { status: 404, headers });
      if (outcome) {
        const page = renderedPage(template.rendering.html, hintLinks({ modules, reads: [] }), outcome);
        if (page) {
          // Per request: the numbers change during a show. Its ETag still answers an unchanged page.
          const { styleHash } = template.rendering;
          return new Response(page, {
            headers: styleHash
              ? { ...headers, 'content-security-policy': contentSecurityPolicy([styleHash]) }
              : headers,
          });
        }
      }
      return new Response(plainPage(template.html, plan ? hintLinks({ modules, reads: plan.reads }) : ''), { headers });
    },
  };
}

function acceptsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

function notBuilt(request: Request): Response {
  if (acceptsHtml(request)) {
    return new Response(NOT_BUILT_PAGE, {
      status: 503,
      headers: { 'content-type': HTML_TYPE, 'cache-control': 'no-store' },
    });
  }
  return problemResponse({
    status: 503,
    code: 'web_app_not_built',
    detail: 'The web app has not been built: run `npm run build` (it writes dist/). The API is under /api/.',
    headers: { 'cache-control': 'no-store' },
  });
}

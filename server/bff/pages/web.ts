/**
 * The web app, the last mount: the build's files, else its pages, each answer coded and validated as a
 * representation. Server rendering reads as the browser does, through the whole app (`inProcessRead`): the same
 * allow-list, views, cache and token.
 */
import { Hono } from 'hono';
import type { BffEnv } from '../http/env.js';
import { problemResponse } from '../http/problems.js';
import { representations } from '../http/representation.js';
import { builtFileOf, precompressedFile, staticFiles } from '../http/static-files.js';
import { notAnAllowedRead } from '../upstream/api-routes.js';
import type { Pages } from './pages.js';

export function webRoutes(deps: { staticDir: string; pages: Pages }): Hono<BffEnv> {
  const { staticDir, pages } = deps;
  const web = new Hono<BffEnv>();
  web.use('*', representations({ fileOf: builtFileOf, precompressed: precompressedFile }));
  // A visit of the home page ("/") is a page with its own plan (pages.ts), not the build's index.html as a file.
  web.get('/', async (c, next) =>
    (c.req.header('accept') ?? '').includes('text/html') ? pages.serve(c.req.raw) : next(),
  );
  web.get('*', staticFiles(staticDir));
  web.get('/assets/*', (c) => problemResponse({ status: 404, code: 'not_found', detail: `Nothing at ${c.req.path}` }));
  web.get('*', (c) => pages.serve(c.req.raw));
  return web;
}

/** A read of `/api/...` by the server renderer, answered by `app` in process; nothing outside `/api/`. */
export function inProcessRead(app: () => Hono<BffEnv>) {
  return async (url: string): Promise<Response> => {
    const target = new URL(url, 'http://in-process');
    if (!target.pathname.startsWith('/api/')) return notAnAllowedRead(target.pathname);
    return app().request(`${target.pathname}${target.search}`, { headers: { accept: 'application/json' } });
  };
}

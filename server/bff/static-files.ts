/**
 * The built web app: files from the build directory, hashed `/assets/*` cached for a year, everything else
 * revalidated, and the SPA fallback (index.html) for page navigations. When there is no build, a page or problem
 * saying how to make one.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { problemResponse } from './problems.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Vite puts content-hashed file names under /assets/: a changed file has a new name, so a year is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

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

export interface StaticSite {
  serve(request: Request): Promise<Response>;
}

export function createStaticSite(options: { dir: string }): StaticSite {
  const root = path.resolve(options.dir);
  const indexPath = path.join(root, 'index.html');

  async function serve(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname;
    const file = resolveInside(root, pathname);
    if (file) {
      const found = await fileAt(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
      if (found) return send(request, found, pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    }
    if (pathname.startsWith('/assets/')) return notFound(pathname);
    const index = await fileAt(indexPath);
    if (!index) return notBuilt(request);
    // Page navigations get the app, which routes on the client; a missing image or script stays a 404.
    return acceptsHtml(request) ? send(request, index, 'no-cache') : notFound(pathname);
  }

  return { serve };
}

interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

async function fileAt(file: string): Promise<FoundFile | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? { path: file, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names inside root, or undefined for escapes, dotfiles and undecodable paths. */
function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = path.resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  return decoded.endsWith('/') ? file + path.sep : file;
}

async function send(request: Request, file: FoundFile, cacheControl: string): Promise<Response> {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': CONTENT_TYPES[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    etag,
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(await readFile(file.path), { status: 200, headers });
}

function notFound(pathname: string): Response {
  return problemResponse({ status: 404, code: 'not_found', detail: `Nothing at ${pathname}` });
}

function acceptsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

function notBuilt(request: Request): Response {
  if (acceptsHtml(request)) {
    return new Response(NOT_BUILT_PAGE, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return problemResponse({
    status: 503,
    code: 'web_app_not_built',
    detail: 'The web app has not been built: run `npm run build` (it writes dist/). The API is under /api/.',
    headers: { 'cache-control': 'no-store' },
  });
}

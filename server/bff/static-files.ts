/**
 * The built web app: files from the build directory, hashed `/assets/*` cached for a year, everything else
 * revalidated, and the SPA fallback (index.html, with the page's preload hints) for page navigations. Text files go
 * out as br or gzip when the browser accepts it: the build's precompressed `<file>.br` / `<file>.gz` when they are
 * there (vite.config.ts writes them at maximum effort), otherwise compressed once here and kept in memory. When
 * there is no build, a page or problem saying how to make one.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { EncodedBodies, encodedEtag, isCompressible, negotiateEncoding, representationEtags, type Encoding } from './compression.js';
import { createPageHints, type PagePlan } from './page-hints.js';
import { problemResponse } from './problems.js';
import { LruCache } from './response-cache.js';
import { contentSecurityPolicy } from './security-headers.js';
import type { RenderedPage, RenderPage } from './server-render.js';

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

/** What a static answer is made of; `encoded` gives the br or gzip bytes of `body`. */
interface Representation {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /** the identity's ETag; coded forms get encodedEtag() of it */
  etag: string;
  encoded?: EncodedBodies;
  /** a policy of its own: a page carrying its stylesheet inline allows that style by hash */
  contentSecurityPolicy?: string;
}

/** A build holds a few dozen files; the bound only matters for a directory that is not a build. */
const MAX_KEPT_FILES = 200;
/** Pages differ by their hints only; one per hinted path (a competition id) seen lately. */
const MAX_KEPT_PAGES = 100;

/** `render`: server rendering for the pages page-hints.ts marks (server-render.ts); without it every page is the plain app. */
export function createStaticSite(options: { dir: string; render?: RenderPage }): StaticSite {
  const root = path.resolve(options.dir);
  const indexPath = path.join(root, 'index.html');
  const hints = createPageHints(root);
  const files = new LruCache<{ version: string; representation: Representation }>(MAX_KEPT_FILES);
  const pages = new LruCache<{ version: string; representation: Representation }>(MAX_KEPT_PAGES);

  async function serve(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname;
    const file = resolveInside(root, pathname);
    if (file) {
      const found = await fileAt(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
      if (found) return send(request, await fileRepresentation(found, pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache'));
    }
    if (pathname.startsWith('/assets/')) return notFound(pathname);
    const index = await fileAt(indexPath);
    if (!index) return notBuilt(request);
    // Page navigations get the app, which routes on the client; a missing image or script stays a 404.
    if (!acceptsHtml(request)) return notFound(pathname);
    const plan = await hints.planFor(pathname);
    if (plan?.serverRendered && options.render) {
      const rendered = await options.render(request.url);
      if (rendered) return send(request, await renderedRepresentation(index, plan, rendered));
    }
    return send(request, await pageRepresentation(index, pathname, plan));
  }

  async function fileRepresentation(file: FoundFile, cacheControl: string): Promise<Representation> {
    const contentType = CONTENT_TYPES[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    if (!isCompressible(contentType, file.size)) {
      return { body: await readFile(file.path), contentType, cacheControl, etag };
    }
    const version = `${file.size}:${file.mtimeMs}`;
    const kept = files.get(file.path);
    if (kept?.version === version) return { ...kept.representation, cacheControl };
    const body = await readFile(file.path);
    const representation: Representation = {
      body,
      contentType,
      cacheControl,
      etag,
      encoded: new EncodedBodies(body, { effort: 'max', precompressed: (encoding) => precompressed(file, encoding) }),
    };
    files.set(file.path, { version, representation });
    return representation;
  }

  async function pageRepresentation(index: FoundFile, pathname: string, plan: PagePlan | undefined): Promise<Representation> {
    const links = plan ? plan.modulePreloads + plan.readPreload : '';
    const key = links === '' ? '' : pathname;
    const version = `${index.size}:${index.mtimeMs}:${links}`;
    const kept = pages.get(key);
    if (kept?.version === version) return kept.representation;
    const template = await readFile(index.path, 'utf8');
    const body = Buffer.from(links === '' ? template : template.replace('</head>', `${links}</head>`));
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const representation: Representation = { body, contentType: CONTENT_TYPES['.html'], cacheControl: 'no-cache', etag, encoded: new EncodedBodies(body) };
    pages.set(key, { version, representation });
    return representation;
  }

  /**
   * A server-rendered page: its markup in the root element and its state in a JSON data block after it. Made per
   * request (the numbers change during a show) and not kept; its ETag still lets an unchanged page answer 304.
   */
  async function renderedRepresentation(index: FoundFile, plan: PagePlan, rendered: RenderedPage): Promise<Representation> {
    const template = await renderingTemplate(index);
    // The page's <title> (React renders it where the route declares it) replaces the template's in the head, where
    // hydration looks for it.
    let title: string | undefined;
    const html = rendered.html.replace(/<title>[^<]*<\/title>/, (element) => {
      title = element;
      return '';
    });
    const withRoot = template.html.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
    if (withRoot === template.html) throw new Error('index.html has no empty <div id="root"></div> to render into');
    const page = (title === undefined ? withRoot : withRoot.replace(/<title>[^<]*<\/title>/, () => title!))
      .replace('</head>', () => `${plan.modulePreloads}</head>`)
      .replace('</body>', () => `<script type="application/json" id="server-state">${rendered.state}</script></body>`);
    const body = Buffer.from(page);
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return {
      body,
      contentType: CONTENT_TYPES['.html'],
      cacheControl: 'no-cache',
      etag,
      encoded: new EncodedBodies(body),
      contentSecurityPolicy: template.styleHash ? contentSecurityPolicy([template.styleHash]) : undefined,
    };
  }

  /** index.html with its stylesheet inline, made once per build (a new stylesheet comes with a new index.html). */
  let kept: { version: string; html: string; styleHash?: string } | undefined;
  async function renderingTemplate(index: FoundFile): Promise<{ html: string; styleHash?: string }> {
    const version = `${index.size}:${index.mtimeMs}`;
    if (kept?.version !== version) kept = { version, ...(await inlineStylesheet(await readFile(index.path, 'utf8'))) };
    return kept;
  }

  /**
   * The app's stylesheet inside a server-rendered page: a linked stylesheet blocks the first paint for another
   * round trip (half a second on a phone's 3G), shared with the scripts' download; inline, the page paints as its
   * HTML arrives. The app's navigations after that need no other stylesheet (the build makes one). The CSP allows
   * exactly this style, by hash. A stylesheet that could end its element, or is not there, stays linked.
   */
  async function inlineStylesheet(html: string): Promise<{ html: string; styleHash?: string }> {
    const link = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"?#]+\.css)">/.exec(html);
    const file = link ? resolveInside(root, link[1]) : undefined;
    const found = file ? await fileAt(file) : undefined;
    if (!link || !found) return { html };
    const css = (await fileRepresentation(found, IMMUTABLE)).body.toString('utf8');
    if (/<\/style/i.test(css)) return { html };
    const styleHash = `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
    return { html: html.replace(link[0], () => `<style>${css}</style>`), styleHash };
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

/** The build's `<file>.br` or `<file>.gz`, unless it is older than the file (left over from an earlier build). */
async function precompressed(file: FoundFile, encoding: Encoding): Promise<Buffer | undefined> {
  const sibling = await fileAt(`${file.path}.${encoding === 'br' ? 'br' : 'gz'}`);
  if (!sibling || sibling.mtimeMs < file.mtimeMs) return undefined;
  return readFile(sibling.path).catch(() => undefined);
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

async function send(request: Request, representation: Representation): Promise<Response> {
  const { body, contentType, cacheControl, etag, encoded } = representation;
  const encoding = encoded ? negotiateEncoding(request.headers.get('accept-encoding')) : undefined;
  const headers: Record<string, string> = { 'content-type': contentType, 'cache-control': cacheControl, etag: encodedEtag(etag, encoding) };
  if (representation.contentSecurityPolicy) headers['content-security-policy'] = representation.contentSecurityPolicy;
  if (encoded) headers.vary = 'Accept-Encoding';
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) {
    const held = ifNoneMatch.split(',').map((tag) => tag.trim());
    if (held.includes('*') || representationEtags(etag).some((tag) => held.includes(tag))) return new Response(null, { status: 304, headers });
  }
  // Node's Buffers are Uint8Arrays over an ArrayBuffer; their type allows a SharedArrayBuffer, which Response refuses.
  if (!encoding || !encoded) return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  headers['content-encoding'] = encoding;
  return new Response((await encoded.get(encoding)) as Uint8Array<ArrayBuffer>, { status: 200, headers });
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

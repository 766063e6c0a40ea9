/**
 * The built web app's files: hashed `/assets/*` cached for a year, everything else revalidated. Text files go out
 * as br or gzip when the browser accepts it: the build's precompressed `<file>.br` / `<file>.gz` when they are
 * there (vite.config.ts writes them at maximum effort), otherwise compressed once here and kept in memory. Only
 * files: pages (index.html with what each page adds) are pages/pages.ts's.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { EncodedBodies, isCompressible, type Encoding } from './compression.js';
import { problemResponse } from './problems.js';
import { send, type Representation } from './representation.js';
import { LruCache } from './response-cache.js';

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

/** A build holds a few dozen files; the bound only matters for a directory that is not a build. */
const MAX_KEPT_FILES = 200;

export interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface StaticFiles {
  /** the file at the request's path; 404 for a missing `/assets/*` file; undefined when there is no such file */
  serve(request: Request): Promise<Response | undefined>;
  /** the file a URL path names inside the build, if it is there */
  find(pathname: string): Promise<FoundFile | undefined>;
  /** a file's body, as it is served (kept in memory with its coded forms) */
  body(file: FoundFile, pathname: string): Promise<Buffer>;
}

export function createStaticFiles(options: { dir: string }): StaticFiles {
  const root = path.resolve(options.dir);
  const files = new LruCache<{ version: string; representation: Representation }>(MAX_KEPT_FILES);

  async function find(pathname: string): Promise<FoundFile | undefined> {
    const file = resolveInside(root, pathname);
    return file ? fileAt(file.endsWith(path.sep) ? path.join(file, 'index.html') : file) : undefined;
  }

  async function representationOf(file: FoundFile, pathname: string): Promise<Representation> {
    const cacheControl = pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
    const contentType = CONTENT_TYPES[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    if (!isCompressible(contentType, file.size)) return { body: await readFile(file.path), contentType, cacheControl, etag };
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

  return {
    find,
    async body(file, pathname) {
      return (await representationOf(file, pathname)).body;
    },
    async serve(request) {
      const pathname = new URL(request.url).pathname;
      const found = await find(pathname);
      if (found) return send(request, await representationOf(found, pathname));
      if (pathname.startsWith('/assets/')) return problemResponse({ status: 404, code: 'not_found', detail: `Nothing at ${pathname}` });
      return undefined;
    },
  };
}

export async function fileAt(file: string): Promise<FoundFile | undefined> {
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

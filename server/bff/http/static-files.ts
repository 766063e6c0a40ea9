/**
 * The built web app's files, served by @hono/node-server's `serveStatic` (the file inside the build, its content
 * type, streaming, HEAD and ranges); representation.ts codes them and answers conditional requests. What
 * `serveStatic` does not do is here: it would serve dotfiles (the build's `.vite/` manifest and `.ssr/` renderer
 * are the BFF's, not the browser's), it has no Cache-Control, and its precompressed files are taken even when an
 * earlier build left them behind.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Encoding } from './compression.js';

/** Vite puts content-hashed file names under /assets/: a changed file has a new name, so a year is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where serveStatic found the answer's file, for representation.ts. */
const FILE = 'builtFile';

export type StaticFilesEnv = { Variables: { [FILE]?: string } };

export function staticFiles(dir: string): MiddlewareHandler<StaticFilesEnv> {
  const serve = serveStatic<StaticFilesEnv>({
    root: dir,
    onFound: (file, c) => {
      c.header('cache-control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      c.set(FILE, file);
    },
  });
  return async (c, next) => {
    // Also after decoding: "/%2eenv" is "/.env".
    const segments = [c.req.path, safeDecode(c.req.path)].flatMap((target) => target.split('/'));
    if (segments.some((segment) => segment.startsWith('.'))) return next();
    return serve(c, next);
  };
}

/** The file a 200 answer was read from, when static files served it. */
export function builtFileOf(c: Context): string | undefined {
  return (c as Context<StaticFilesEnv>).get(FILE);
}

/** The build's `<file>.br` or `<file>.gz`, unless it is older than the file (left over from an earlier build). */
export async function precompressedFile(file: string, encoding: Encoding): Promise<Buffer | undefined> {
  const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  const [original, coded] = await Promise.all([
    stat(file).catch(() => undefined),
    stat(sibling).catch(() => undefined),
  ]);
  if (!original || !coded?.isFile() || coded.mtimeMs < original.mtimeMs) return undefined;
  return readFile(sibling).catch(() => undefined);
}

function safeDecode(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * Gzip sizes of the built web app: the JS a first visit loads (what dist/index.html references: the entry script
 * and its modulepreloads) and the recap route's lazy chunk. The app is built into a directory of our own, with a
 * Vite manifest, so the route chunk is found by its source module rather than by guessing from file names, and the
 * shared dist/ other tools use is never rebuilt under them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The recap route's module, as the Vite manifest names it (src/app/router.tsx lazy-loads it). */
export const RECAP_ROUTE_MODULE = 'src/app/routes/recap.tsx';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  outDir: string;
  /** scripts and modulepreloads of index.html */
  initialJs: AssetSize[];
  initialJsGzipBytes: number;
  /** index.html's references agree with the manifest's static import graph of the entry */
  htmlMatchesManifest: boolean;
  css: AssetSize[];
  recapChunk: AssetSize;
  /** the recap chunk and the static imports it needs that the first page did not load */
  recapRouteJs: AssetSize[];
  recapRouteJsGzipBytes: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export function buildWebApp(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      path.resolve('node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

export function measureBundle(outDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const size = (file: string): AssetSize => {
    const bytes = readFileSync(path.join(outDir, file));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };

  const referenced = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g)].map((match) => match[1]),
  ];
  const initialJs = [...new Set(referenced)].map(size);

  const staticClosure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const initialKeys = staticClosure(entryKey);
  const manifestFiles = new Set([...initialKeys].map((key) => manifest[key].file));
  const htmlMatchesManifest =
    manifestFiles.size === initialJs.length && initialJs.every((asset) => manifestFiles.has(asset.file));

  const recap = manifest[RECAP_ROUTE_MODULE];
  if (!recap)
    throw new Error(
      `the Vite manifest has no ${RECAP_ROUTE_MODULE}: did the recap route move? (update RECAP_ROUTE_MODULE)`,
    );
  const recapRouteJs = [...staticClosure(RECAP_ROUTE_MODULE)]
    .filter((key) => !initialKeys.has(key))
    .map((key) => size(manifest[key].file));
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"/g)].map((match) =>
    size(match[1]),
  );

  return {
    outDir,
    initialJs,
    initialJsGzipBytes: initialJs.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    htmlMatchesManifest,
    css,
    recapChunk: size(recap.file),
    recapRouteJs,
    recapRouteJsGzipBytes: recapRouteJs.reduce((sum, asset) => sum + asset.gzipBytes, 0),
  };
}

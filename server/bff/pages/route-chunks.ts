/**
 * The files a route module needs beyond the entry's, from the Vite manifest (`<build>/.vite/manifest.json`,
 * `build.manifest` in vite.config.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromBuildFile } from './build-file.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function createRouteChunks(root: string): (module: string) => Promise<string[]> {
  const manifest = fromBuildFile(path.join(root, '.vite', 'manifest.json'), async (file) => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Manifest;
    } catch {
      return undefined;
    }
  });

  /** The module's chunk and its static imports, less those the entry already loads (index.html names those). */
  return async (module) => {
    const chunks = await manifest();
    if (!chunks?.[module]) return [];
    const closure = (key: string, into = new Set<string>()) => {
      if (into.has(key) || !chunks[key]) return into;
      into.add(key);
      for (const imported of chunks[key].imports ?? []) closure(imported, into);
      return into;
    };
    const initial = new Set<string>();
    for (const [key, chunk] of Object.entries(chunks)) if (chunk.isEntry) closure(key, initial);
    return [...closure(module)].filter((key) => !initial.has(key)).map((key) => chunks[key].file);
  };
}

/**
 * The files a route module needs beyond the entry's, from the Vite manifest (`<build>/.vite/manifest.json`,
 * `build.manifest` in vite.config.ts), read again whenever the build changes.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function createRouteChunks(root: string): (module: string) => Promise<string[]> {
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  let loaded: { mtimeMs: number; manifest: Manifest | undefined } | undefined;

  async function manifest(): Promise<Manifest | undefined> {
    const mtimeMs = await stat(manifestPath).then((info) => info.mtimeMs, () => -1);
    if (loaded?.mtimeMs !== mtimeMs) {
      const text = mtimeMs === -1 ? undefined : await readFile(manifestPath, 'utf8').catch(() => undefined);
      let parsed: Manifest | undefined;
      try {
        parsed = text === undefined ? undefined : (JSON.parse(text) as Manifest);
      } catch {
        parsed = undefined;
      }
      loaded = { mtimeMs, manifest: parsed };
    }
    return loaded.manifest;
  }

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

/**
 * What the BFF adds to a page's first visit, and whether it renders the page on the server (server-render.ts).
 * Preload hints for a page's first visit. Without them, the recap loads in a chain of round trips: index.html, then
 * the entry script, which runs the router, which asks for the route's chunk and the scores. index.html is served by
 * the BFF, which knows the page's path, so it names the route chunk (`<link rel="modulepreload">`, files from the
 * Vite manifest) and the API read (`<link rel="preload" as="fetch">`) in the head, and the browser fetches them
 * together with the entry script. The app's own `fetch` then takes the preloaded answer.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

interface PageHint {
  page: RegExp;
  /** the route module, as the Vite manifest names it */
  module: string;
  /** the BFF path of the read the route's loader makes, exactly as the app's fetch asks for it */
  read: (match: RegExpExecArray) => string;
  /**
   * Rendered on the server, its data in the page: the recap is the page fans open on a phone at a show, and its
   * first screen must not wait for the app's code. A page is listed here only once everything it renders is the
   * same on the server and in the browser (the viewer's zone, clock and screen wait for hydration: useHydrated).
   */
  serverRendered: boolean;
}

/**
 * Ids in canonical form only: the app reads `/competitions/${Number(id)}`, so "/competitions/025" would preload a
 * URL nobody asks for.
 */
const PAGE_HINTS: PageHint[] = [
  {
    page: /^\/competitions\/([1-9]\d{0,14})\/?$/,
    module: 'src/app/routes/recap.tsx',
    read: (match) => `/api/competitions/${match[1]}/scores`,
    serverRendered: true,
  },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PagePlan {
  /** `<link rel="modulepreload">` elements for the route's chunks */
  modulePreloads: string;
  /** `<link rel="preload" as="fetch">` for the route's read; a server-rendered page carries its data instead */
  readPreload: string;
  serverRendered: boolean;
}

export interface PageHints {
  /** what to add to the page at `pathname`, or undefined for a page without hints */
  planFor(pathname: string): Promise<PagePlan | undefined>;
}

/** Reads `<root>/.vite/manifest.json` (`build.manifest` in vite.config.ts) again whenever the build changes. */
export function createPageHints(root: string): PageHints {
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

  return {
    async planFor(pathname) {
      for (const hint of PAGE_HINTS) {
        const match = hint.page.exec(pathname);
        if (!match) continue;
        const modules = routeChunks(await manifest(), hint.module);
        return {
          modulePreloads: modules.map((file) => `<link rel="modulepreload" href="/${escapeAttribute(file)}">`).join(''),
          readPreload: `<link rel="preload" as="fetch" href="${escapeAttribute(hint.read(match))}" crossorigin>`,
          serverRendered: hint.serverRendered,
        };
      }
      return undefined;
    },
  };
}

/** The route module's chunk and its static imports, less those the entry already loads (index.html names those). */
function routeChunks(manifest: Manifest | undefined, module: string): string[] {
  if (!manifest?.[module]) return [];
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, initial);
  return [...closure(module)].filter((key) => !initial.has(key)).map((key) => manifest[key].file);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

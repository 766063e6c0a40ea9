/**
 * The app's own side of its pages, from the build: `<build>/.ssr/entry-server.js` (vite.config.ts builds it from
 * src/entry-server.tsx next to the assets it hydrates) gives the page table (`planPage`: a page's route module,
 * its reads, and whether it is rendered here) and the server render. Without it (an older build, a test fixture)
 * every page is the plain app, without hints.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LogLine } from '../http/log.js';
import { fromBuildFile } from './build-file.js';
// The contract is the app's server entry itself. Types only: the BFF loads the module from the build at run time.
import type * as AppServerEntry from '../../../src/entry-server.js';
import type { PageNotFound, PagePlan, RenderedPage } from '../../../src/entry-server.js';

export type { PageNotFound, PagePlan, RenderedPage };

/** How the app reads `/api/...` while rendering: through this BFF, in-process (its cache, token and coalescing). */
export type InProcessRead = Parameters<typeof AppServerEntry.createPageRenderer>[0];

export interface AppEntry {
  plan(pathname: string): Promise<PagePlan | undefined>;
  /**
   * The page rendered (with `markup`), PageNotFound for an address that names nothing, or undefined for the plain
   * app (not rendered here, its loaders failed, the render threw, no entry).
   */
  render(url: string, options: { markup: boolean }): Promise<RenderedPage | PageNotFound | undefined>;
}

export function loadAppEntry(options: { dir: string; read: InProcessRead; log: (line: LogLine) => void }): AppEntry {
  const entry = fromBuildFile(
    path.join(path.resolve(options.dir), '.ssr', 'entry-server.js'),
    async (file, mtimeMs) => {
      try {
        // A new build is a new module: the query string makes Node load it instead of the one it has.
        const module = (await import(`${pathToFileURL(file).href}?build=${mtimeMs}`)) as typeof AppServerEntry;
        return { planPage: module.planPage, render: module.createPageRenderer(options.read) };
      } catch (error) {
        options.log({
          level: 'error',
          msg: 'server renderer failed to load',
          error: (error as Error).name,
          detail: (error as Error).message,
        });
        return undefined;
      }
    },
  );

  // Loaded now, not on the first visitor's request: the bundle takes a moment to load and compile.
  void entry();

  return {
    async plan(pathname) {
      return (await entry())?.planPage(pathname);
    },
    async render(url, renderOptions) {
      const current = await entry();
      if (!current) return undefined;
      try {
        return await current.render(url, renderOptions);
      } catch (error) {
        options.log({
          level: 'error',
          msg: 'server render failed',
          error: (error as Error).name,
          detail: (error as Error).message,
          path: new URL(url).pathname,
        });
        return undefined;
      }
    },
  };
}
